import { Module } from '@nestjs/common';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

@Module({
  providers: [TemplatesRepository, TemplatesService],
  exports: [TemplatesRepository, TemplatesService],
})
export class TemplatesModule {}
