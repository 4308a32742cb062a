import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { TemplatesAdminController } from './templates-admin.controller.js';
import { TemplatesAdminService } from './templates-admin.service.js';

/** Staff editing of templates sits on top of the e-mail engine (it sends test e-mails), hence its own module. */
@Module({
  imports: [NotificationsModule],
  controllers: [TemplatesAdminController],
  providers: [TemplatesAdminService],
})
export class TemplatesAdminModule {}
