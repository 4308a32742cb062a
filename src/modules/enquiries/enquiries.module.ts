import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { EnquiriesAdminController, EnquiriesController } from './enquiries.controller.js';
import { EnquiriesRepository } from './enquiries.repository.js';
import { EnquiriesService } from './enquiries.service.js';

@Module({
  imports: [AddressesModule],
  controllers: [EnquiriesController, EnquiriesAdminController],
  providers: [EnquiriesRepository, EnquiriesService],
  exports: [EnquiriesService],
})
export class EnquiriesModule {}
