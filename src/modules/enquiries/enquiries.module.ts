import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { EnquiriesAdminController, EnquiriesController } from './enquiries.controller.js';
import { EnquiriesService } from './enquiries.service.js';

@Module({
  imports: [NotificationsModule],
  controllers: [EnquiriesController, EnquiriesAdminController],
  providers: [EnquiriesService],
})
export class EnquiriesModule {}
