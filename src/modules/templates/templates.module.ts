import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { TemplatesAdminController } from './templates-admin.controller.js';
import { TemplatesAdminService } from './templates-admin.service.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/** The e-mail templates: the catalogue, the stored wording, its rendering and the staff's editing. */
@Module({
  imports: [SettingsModule],
  controllers: [TemplatesAdminController],
  providers: [TemplatesRepository, TemplatesService, TemplatesAdminService],
  exports: [TemplatesService, TemplatesAdminService],
})
export class TemplatesModule {}
