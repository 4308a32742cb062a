import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { EMAIL_PREVIEW_NOTE } from '@relining/contracts/email-delivery';
import { PreviewTemplateDto, TestEmailResponse } from '../templates/dto/template.dto.js';
import { TemplatesAdminService } from '../templates/templates-admin.service.js';
import { NotificationStatus } from '@relining/contracts/notification-status';
import { NotificationsService, type EmailRequest } from './notifications.service.js';

/**
 * A staff member's test e-mail of a template. The templates module says what it holds (checked like a
 * save); queueing it is the e-mail engine's, so templates never imports notifications.
 */
@ApiTags('admin: e-mail templates')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/email-templates')
export class TemplateTestEmailsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly templates: TemplatesAdminService,
    private readonly notifications: NotificationsService,
  ) {}

  @Post(':key/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    type: TestEmailResponse,
    description: 'Test Email Sent: the template (or the draft sent with it) with sample values, to the signed-in admin.',
  })
  async sendTest(@Param('key') key: string, @Body() body: PreviewTemplateDto, @CurrentUser() user: CurrentUserInfo): Promise<TestEmailResponse> {
    const message = await this.templates.testMessage(key, body);
    // Any template, chosen at run time: its sample values hold every variable it declares (sampleValues).
    const request = { ...message, to: user.email, entity: { type: 'email_template', id: key } } as EmailRequest;
    const queued = await this.dataSource.transaction((manager) => this.notifications.enqueue(manager, request));
    const preview = queued.status === NotificationStatus.Preview;
    return {
      message: preview ? `The test email was ${EMAIL_PREVIEW_NOTE}.` : 'Check your inbox for the test email.',
      notificationId: queued.id,
      status: queued.status,
    };
  }
}
