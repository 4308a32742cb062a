import { ApiProperty } from '@nestjs/swagger';
import type * as Outbox from '@relining/contracts/api/notifications';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '@relining/contracts/notification-status';

// The response classes describe the answers for the OpenAPI document; their shapes are the contracts'.
export class NotificationAttachmentResponse implements Outbox.NotificationAttachmentSummary {
  @ApiProperty() filename!: string;
  @ApiProperty({ example: 'text/calendar' }) contentType!: string;
}

export class NotificationResponse implements Outbox.NotificationRecord {
  @ApiProperty() id!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty() html!: string;
  @ApiProperty({ nullable: true }) templateKey!: string | null;
  @ApiProperty({ enum: NOTIFICATION_STATUSES }) status!: NotificationStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ nullable: true }) lastError!: string | null;
  @ApiProperty({ nullable: true }) entityType!: string | null;
  @ApiProperty({ nullable: true }) entityId!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ nullable: true }) sentAt!: string | null;
  @ApiProperty({ nullable: true, description: 'When the next try is due (queued and failed messages).' }) nextAttemptAt!: string | null;
  @ApiProperty({ type: [NotificationAttachmentResponse], description: 'The files it carries, by name and type (never their content).' })
  attachments!: NotificationAttachmentResponse[];
}

/** The list omits the bodies (they can be large); GET /:id has them. */
export class NotificationSummary implements Outbox.NotificationSummary {
  @ApiProperty() id!: string;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ nullable: true }) templateKey!: string | null;
  @ApiProperty({ enum: NOTIFICATION_STATUSES }) status!: NotificationStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ nullable: true }) lastError!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true }) sentAt!: string | null;
}
