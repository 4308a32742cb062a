import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { InspectionsAdminController } from './inspections-admin.controller.js';
import { InspectionsRepository } from './inspections.repository.js';
import { InspectionsService } from './inspections.service.js';
import { JobPhotosService } from './job-photos.service.js';
import { ReportsController } from './reports.controller.js';

/**
 * Inspection reports (issue 17): the report staff write for a job, its photos (cleaned, encoded once
 * in every width and format), its published versions and their PDFs, and the customer's view of it on
 * the unlocked tracking page. Owns job_reports and job_photos; moves jobs through the jobs module.
 */
@Module({
  imports: [JobsModule, SettingsModule, RateLimitModule],
  controllers: [InspectionsAdminController, ReportsController],
  providers: [InspectionsRepository, InspectionsService, JobPhotosService],
  exports: [InspectionsService],
})
export class InspectionsModule {}
