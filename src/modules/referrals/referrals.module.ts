import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
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
  imports: [NotificationsModule, AddressesModule, UsersModule],
  controllers: [MyReferralsController, QuickReferralsController, ReferralsAdminController],
  providers: [ReferralsRepository, PhotosRepository, ReferralsService, ReferralClaimsService, ReferralsAdminService, PhotosService, RebatesDueJob],
  exports: [ReferralsService],
})
export class ReferralsModule {}
