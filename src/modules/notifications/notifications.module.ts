import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { EmailConsentsAdminController, EmailSuppressionsAdminController } from './email-preferences-admin.controller.js';
import { EmailPreferencesRepository } from './email-preferences.repository.js';
import { EmailPreferencesService } from './email-preferences.service.js';
import { LinkMinters } from './link-minters.js';
import { BookingMailer } from './mailers/booking-mailer.js';
import { EnquiryMailer } from './mailers/enquiry-mailer.js';
import { createSmtpTransport, MAIL_TRANSPORT } from './mail-transport.js';
import { NotificationsAdminController } from './notifications-admin.controller.js';
import { NotificationsAdminService } from './notifications-admin.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { NotificationsWorker } from './notifications.worker.js';
import { TemplateTestEmailsController } from './template-test-emails.controller.js';
import { UnsubscribeController, UnsubscribePageController } from './unsubscribe.controller.js';

@Module({
  imports: [TemplatesModule],
  controllers: [
    NotificationsAdminController,
    TemplateTestEmailsController,
    EmailSuppressionsAdminController,
    EmailConsentsAdminController,
    UnsubscribePageController,
    UnsubscribeController,
  ],
  providers: [
    BookingMailer,
    EnquiryMailer,
    NotificationsAdminService,
    EmailPreferencesRepository,
    EmailPreferencesService,
    LinkMinters,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mail.concurrency, config.mail.sendTimeoutMs) : null),
    },
    NotificationsRepository,
    NotificationsService,
    NotificationsWorker,
  ],
  exports: [NotificationsService, NotificationsWorker, LinkMinters],
})
export class NotificationsModule {}
