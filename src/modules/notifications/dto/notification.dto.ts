import { ApiProperty } from '@nestjs/swagger';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '../notification-status.js';

export class NotificationResponse {
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
}

/** The list omits the bodies (they can be large); GET /:id has them. */
export class NotificationSummary {
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
