import { Module } from '@nestjs/common';
import { ConsoleConfigController } from './console-config.controller.js';
import { SettingsAdminController } from './settings-admin.controller.js';
import { SettingsService } from './settings.service.js';

@Module({
  controllers: [SettingsAdminController, ConsoleConfigController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
