import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiErrorBody, FieldError, NextSlot } from '@relining/contracts/api/errors';

// The one error format (ADR 0019) as the OpenAPI document shows it; the shapes are the contracts'.

export class FieldErrorSchema implements FieldError {
  @ApiProperty({ example: 'email' }) field!: string;
  @ApiProperty({ example: 'Please enter a valid email address' }) message!: string;
}

export class NextSlotSchema implements NextSlot {
  @ApiProperty({ example: '2026-12-01', description: 'yyyy-MM-dd: send it as preferred_date.' }) date!: string;
  @ApiProperty({ example: '9:00 AM', description: 'Send it as preferred_time.' }) time!: string;
  @ApiProperty({ example: 'Tuesday 1 December, 9:00 AM AWST', description: "For people: the day and time in the region's zone, labelled." })
  label!: string;
}

export class ErrorResponseSchema implements ApiErrorBody {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'VALIDATION_FAILED', description: "Stable, for code to act on ('VALIDATION_FAILED', 'SLOT_TAKEN', 'RATE_LIMITED'…)." })
  code!: string;
  @ApiProperty({ example: 'Please enter a valid email address', description: 'For people, shown as it is.' }) message!: string;
  @ApiPropertyOptional({ type: [FieldErrorSchema], description: "Each field's problem, with the form's exact message." })
  errors?: FieldErrorSchema[];
  @ApiPropertyOptional({
    type: [NextSlotSchema],
    description:
      "Only on a booking's refused time (409 SLOT_TAKEN, 400 SLOT_CLOSED): the next free slots of the suburb's region, to choose again from. Nothing was stored.",
  })
  nextSlots?: NextSlotSchema[];
  @ApiProperty({ example: '3f1c2a9e-7d4b-4c1e-9a57-0f6e2b8d1c44', description: "The request's id in the server's logs (also the X-Request-Id header)." })
  correlationId!: string;
}
