import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MediaModule } from '../media/media.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { PublishedReportPort } from './published-report.port.js';
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
  imports: [JobsModule, SettingsModule, NotificationsModule, MediaModule, RateLimitModule],
  controllers: [QuotesAdminController, QuotesController],
  providers: [
    QuotesRepository,
    QuotesService,
    QuoteNotices,
    // WIRED BY INSPECTIONS: at merge, provide PublishedReportSource with InspectionsService instead.
    { provide: PublishedReportSource, useClass: PublishedReportPort },
  ],
})
export class QuotesModule {}
