import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { TemplatesAdminController } from './templates-admin.controller.js';
import { TemplatesAdminService } from './templates-admin.service.js';
import { TemplatesModule } from './templates.module.js';

/** Staff editing of templates sits on top of the e-mail engine (it sends test e-mails), hence its own module. */
@Module({
  imports: [NotificationsModule, TemplatesModule],
  controllers: [TemplatesAdminController],
  providers: [TemplatesAdminService],
})
export class TemplatesAdminModule {}
