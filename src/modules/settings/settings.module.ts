import { PayoutSettingsController } from './payout-settings.controller.js';
import { AvailabilitySettingsController } from './availability-settings.controller.js';
import { Module } from '@nestjs/common';
import { CompanyProfileAdminController } from './company-profile-admin.controller.js';
import { ConsoleConfigController } from './console-config.controller.js';
import { PriceListSettingsController } from './price-list-settings.controller.js';
import { SettingsAdminController } from './settings-admin.controller.js';
import { SettingsRepository } from './settings.repository.js';
import { SettingsService } from './settings.service.js';

@Module({
  controllers: [
    SettingsAdminController,
    AvailabilitySettingsController,
    CompanyProfileAdminController,
    ConsoleConfigController,
    PriceListSettingsController,
    PayoutSettingsController,
  ],
  providers: [SettingsRepository, SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
