import { ApiProperty } from '@nestjs/swagger';
import {
  SUPPRESSION_REASONS,
  type EmailConsentRecord,
  type EmailSuppressionRecord,
  type SuppressionReason,
  type UnsubscribeResponse,
} from '@relining/contracts/api/email-preferences';
import { BodyField } from '../../../common/http/validation.js';

/** POST /api/admin/email-suppressions: an address a person asked staff to take off marketing e-mail. */
export class AddEmailSuppressionDto {
  @ApiProperty({ example: 'alex@example.com.au', description: "400 'Please enter a valid email address' for anything else." })
  @BodyField()
  email?: unknown;
  @ApiProperty({ required: false, example: 'Asked by phone', description: 'Kept as the detail (up to 500 characters).' })
  @BodyField()
  note?: unknown;
}

// The response classes describe the answers for the OpenAPI document; their shapes are the contracts'.
export class EmailSuppressionResponse implements EmailSuppressionRecord {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: SUPPRESSION_REASONS }) reason!: SuppressionReason;
  @ApiProperty() reasonLabel!: string;
  @ApiProperty({ nullable: true, type: String }) detail!: string | null;
  @ApiProperty() createdAt!: string;
}

export class EmailConsentResponse implements EmailConsentRecord {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ example: 'marketing' }) purpose!: string;
  @ApiProperty() given!: boolean;
  @ApiProperty({ example: 'booking_form' }) source!: string;
  @ApiProperty({ nullable: true, type: String }) sourceId!: string | null;
  @ApiProperty({ example: 'Send me tips and offers' }) wording!: string;
  @ApiProperty() createdAt!: string;
}

export class UnsubscribeResponseDto implements UnsubscribeResponse {
  @ApiProperty({ example: 'a•••@example.com.au', description: 'The address, masked.' }) email!: string;
  @ApiProperty() unsubscribed!: boolean;
}
