import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { MyRebatesController, RebatesAdminController } from './rebates.controller.js';
import { RebatesRepository } from './rebates.repository.js';
import { RebatesService } from './rebates.service.js';

/** The rebate ledger: its entries, their history and totals (issue 15). Referrals call in; nothing here imports referrals. */
@Module({
  imports: [UsersModule],
  controllers: [MyRebatesController, RebatesAdminController],
  providers: [RebatesRepository, RebatesService],
  exports: [RebatesService],
})
export class RebatesModule {}
