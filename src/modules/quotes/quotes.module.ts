import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MediaModule } from '../media/media.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { InspectionsModule } from '../inspections/inspections.module.js';
import { InspectionsService } from '../inspections/inspections.service.js';
import { QuoteNotices } from './quote-notices.js';
import { QuotesAdminController } from './quotes-admin.controller.js';
import { QuotesController } from './quotes.controller.js';
import { QuotesRepository } from './quotes.repository.js';
import { QuotesService } from './quotes.service.js';
import { PublishedReportSource } from './report-source.js';

/**
 * Quotes (issue 17): staff's versions of a job's quote, the customer's acceptance or decline on the
 * tracking page, and the before-and-after photos the customer agreed to. Moves the job through the
 * jobs module (moveForward), which tells the referral.
 */
@Module({
  imports: [JobsModule, InspectionsModule, SettingsModule, NotificationsModule, MediaModule, RateLimitModule],
  controllers: [QuotesAdminController, QuotesController],
  providers: [
    QuotesRepository,
    QuotesService,
    QuoteNotices,
    // The report's side of the port is the inspections module's own service (it owns job_reports and job_photos).
    { provide: PublishedReportSource, useExisting: InspectionsService },
  ],
})
export class QuotesModule {}
