import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { ScheduleModule } from '@nestjs/schedule';
import { DomainEventsModule } from './common/events/domain-events.js';
import { ServerRenderedPagesModule } from './common/http/server-rendered-pages.js';
import { PublicSiteContentModule } from './common/http/public-site-content.js';
import { ImagesModule } from './common/images/images.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { AccessGuard } from './common/auth/access.guard.js';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { RateLimitGuard } from './common/rate-limit/rate-limit.guard.js';
import { SameOriginJsonGuard } from './common/http/same-origin.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DemoDataModule } from './demo/demo-data.module.js';
import { productData } from './product-data.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AddressesModule } from './modules/addresses/addresses.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BookingsModule } from './modules/bookings/bookings.module.js';
import { EnquiriesModule } from './modules/enquiries/enquiries.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { InspectionsModule } from './modules/inspections/inspections.module.js';
import { AppointmentsModule } from './modules/appointments/appointments.module.js';
import { RebatesModule } from './modules/rebates/rebates.module.js';
import { QuotesModule } from './modules/quotes/quotes.module.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { ReferralsModule } from './modules/referrals/referrals.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { SavedViewsModule } from './modules/saved-views/saved-views.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { TemplatesModule } from './modules/templates/templates.module.js';
import { UsersModule } from './modules/users/users.module.js';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  /** Where logs go; stdout unless a test captures them. */
  logDestination?: DestinationStream;
  /** Extra modules (tests mount probe controllers this way). */
  extraModules?: Array<Type | DynamicModule>;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options.config),
        LoggingModule.forRoot(options.config, options.logDestination),
        DatabaseModule.forRoot(options.databaseUrl, productData),
        ScheduleModule.forRoot(),
        RateLimitModule,
        DomainEventsModule,
        ServerRenderedPagesModule,
        PublicSiteContentModule,
        ImagesModule,
        HealthModule,
        AuditModule,
        TemplatesModule,
        NotificationsModule,
        UsersModule,
        AuthModule,
        SettingsModule,
        MediaModule,
        JobsModule,
        InspectionsModule,
        AddressesModule,
        BookingsModule,
        EnquiriesModule,
        RebatesModule,
        AppointmentsModule,
        ReferralsModule,
        ReviewsModule,
        QuotesModule,
        PayoutsModule,
        SavedViewsModule,
        DashboardModule,
        DemoDataModule,
        ...(options.extraModules ?? []),
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Order matters: who you are and what you may do first, then how often.
        { provide: APP_GUARD, useClass: AccessGuard },
        // Sign-in and the refresh cookie: only JSON from our own origin (before counting, so a page elsewhere spends no one's allowance).
        { provide: APP_GUARD, useClass: SameOriginJsonGuard },
        // The guard is RateLimitModule's (also used by the server-rendered job-status page).
        { provide: APP_GUARD, useExisting: RateLimitGuard },
      ],
    };
  }
}
