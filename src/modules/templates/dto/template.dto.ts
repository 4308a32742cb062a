import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EMAIL_CLASSES, type EmailClass } from '@relining/contracts/email-class';
import type { EmailTemplateRecord, RenderedTemplate, TemplateGroup, TemplateWording, TestEmailResult } from '@relining/contracts/api/templates';
import type { NotificationStatus } from '@relining/contracts/notification-status';
import { IsOmittable } from '../../../common/http/validation.js';

/** PUT /admin/email-templates/:key (react-admin sends the whole record; only these two change). */
export class UpdateTemplateDto implements TemplateWording {
  @ApiProperty({ example: 'Your pipe inspection is booked' })
  @MaxLength(300, { message: 'Subject must be at most 300 characters' })
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  subject!: string;

  @ApiProperty({ example: 'Hi {customerName}, …' })
  @MaxLength(20_000, { message: 'Email body must be at most 20,000 characters' })
  @IsString({ message: 'Email body is required' })
  @IsNotEmpty({ message: 'Email body is required' })
  body!: string;
}

/** POST /admin/email-templates/:key/preview and /test: unsaved wording to render or send; missing parts use the stored ones. */
export class PreviewTemplateDto implements Partial<TemplateWording> {
  @ApiProperty({ required: false })
  @IsOmittable()
  @MaxLength(300, { message: 'Subject must be at most 300 characters' })
  @IsString({ message: 'Subject must be text' })
  subject?: string;

  @ApiProperty({ required: false })
  @IsOmittable()
  @MaxLength(20_000, { message: 'Email body must be at most 20,000 characters' })
  @IsString({ message: 'Email body must be text' })
  body?: string;
}

// The response classes describe the answers for the OpenAPI document; their shapes are the contracts'.
export class TemplateResponse implements EmailTemplateRecord {
  @ApiProperty({ description: 'The template key (react-admin id).' }) id!: string;
  @ApiProperty() key!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['job', 'account', 'booking', 'referral', 'enquiry', 'quote'] }) group!: TemplateGroup;
  @ApiProperty() subject!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: [String] }) variables!: string[];
  @ApiProperty() defaultSubject!: string;
  @ApiProperty() defaultBody!: string;
  @ApiProperty({ nullable: true }) updatedAt!: string | null;
  @ApiProperty({ enum: EMAIL_CLASSES, description: 'transactional or marketing (Spam Act): marketing e-mails carry an unsubscribe.' })
  emailClass!: EmailClass;
}

export class TestEmailResponse implements TestEmailResult {
  @ApiProperty({
    example: 'Check your inbox for the test email.',
    description: "In preview mode (no SMTP_URL): 'The test email was saved as a preview (not sent: no SMTP server configured).'",
  })
  message!: string;
  @ApiProperty() notificationId!: string;
  @ApiProperty({
    enum: ['queued', 'preview'],
    description: "'queued': on its way through the outbox; 'preview': saved, never sent (no SMTP server configured).",
  })
  status!: NotificationStatus;
}

export class RenderedTemplateResponse implements RenderedTemplate {
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty() html!: string;
}
