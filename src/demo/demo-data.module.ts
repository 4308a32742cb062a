import { Module } from '@nestjs/common';
import { DemoDataService } from './demo-data.service.js';

@Module({ providers: [DemoDataService] })
export class DemoDataModule {}
