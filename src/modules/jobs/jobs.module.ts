import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { JobStatusController } from './job-status.controller.js';
import { JobStatusPage } from './job-status.page.js';
import { JobsAdminController } from './jobs-admin.controller.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';
import { JobAccessService } from './job-access.service.js';
import { JobDocuments } from './job-documents.js';

@Module({
  imports: [NotificationsModule, SettingsModule, RateLimitModule, UsersModule],
  controllers: [JobsAdminController, JobStatusController],
  providers: [JobsRepository, JobsService, JobStatusPage, JobAccessService, JobDocuments],
  exports: [JobsService, JobAccessService, JobDocuments],
})
export class JobsModule {}
