import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RebatesModule } from '../rebates/rebates.module.js';
import { ReferralPipeline } from './referral-pipeline.service.js';
import { ReferralReviewsController } from './referral-reviews.controller.js';
import { ReferralReviewsService } from './referral-reviews.service.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { PhotosRepository } from './photos.repository.js';
import { PhotosService } from './photos.service.js';
import { RebatesDueJob } from './rebates-due.job.js';
import { ReferralsAdminController } from './referrals-admin.controller.js';
import { ReferralsAdminService } from './referrals-admin.service.js';
import { ReferralClaimsService } from './referral-claims.service.js';
import { ReferralsRepository } from './referrals.repository.js';
import { MyReferralsController, QuickReferralsController } from './referrals.controller.js';
import { ReferralsService } from './referrals.service.js';

@Module({
  imports: [NotificationsModule, AddressesModule, UsersModule, RebatesModule, JobsModule, BookingsModule],
  controllers: [MyReferralsController, QuickReferralsController, ReferralsAdminController, ReferralReviewsController],
  providers: [
    ReferralsRepository,
    PhotosRepository,
    ReferralsService,
    ReferralClaimsService,
    ReferralsAdminService,
    ReferralPipeline,
    ReferralReviewsService,
    PhotosService,
    RebatesDueJob,
  ],
  exports: [ReferralsService],
})
export class ReferralsModule {}
