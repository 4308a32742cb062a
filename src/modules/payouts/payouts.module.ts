import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RebatesModule } from '../rebates/rebates.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { BankChangeNotices } from './bank-change-notices.js';
import { MyPayoutsController, PayoutRunsAdminController } from './payouts.controller.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';

/** Payout runs, ABA files, RCTIs and the plumbers' Payments tab (issue 18). Pays the rebates ledger through RebatesService. */
@Module({
  imports: [RebatesModule, UsersModule, SettingsModule, NotificationsModule],
  controllers: [MyPayoutsController, PayoutRunsAdminController],
  providers: [PayoutsRepository, PayoutsService, BankChangeNotices],
})
export class PayoutsModule {}
