import { ApiProperty } from '@nestjs/swagger';
import type { BookingCreated, BookingRecord } from '@relining/contracts/api/bookings';
import { CheckedBy, SpamTrap, TextField } from '../../../common/http/validation.js';
import { bookingProblems, BOOKING_STATUSES, HOW_HEARD_OPTIONS, TIME_SLOTS, todayIn, type BookingStatus } from '@relining/contracts/booking-rules';

/**
 * The public booking request (spec §3), as JSON or as a form post. Text fields only; checked by the
 * shared rules of packages/contracts/src/booking-rules.ts (the form's order and messages; the date from today
 * in the company's time zone), so each field here only declares that it exists.
 */
@CheckedBy<BookingRequestDto>((booking, { timeZone }) => bookingProblems(booking, todayIn(timeZone)))
export class BookingRequestDto {
  @ApiProperty({ example: 'Alex Citizen' }) @TextField() name!: string;
  @ApiProperty({ example: 'alex@example.com.au' }) @TextField() email!: string;
  @ApiProperty({ example: '0400 123 456' }) @TextField() phone!: string;
  @ApiProperty({ example: 'Richmond', description: 'A suburb, or a suggestion such as "Richmond VIC 3121" (fills state and postcode).' })
  @TextField()
  suburb!: string;
  @ApiProperty({ example: '12 Station Street' }) @TextField() address!: string;
  @ApiProperty({ example: '2026-11-25', description: 'yyyy-MM-dd; today (Melbourne time) or later.' }) @TextField() preferred_date!: string;
  @ApiProperty({ enum: TIME_SLOTS }) @TextField() preferred_time!: string;
  @ApiProperty({ enum: HOW_HEARD_OPTIONS, required: false }) @TextField() how_heard_about_us?: string;
  @ApiProperty({ example: 'Blocked drain in the back yard', description: 'The job description.' }) @TextField() message!: string;
  @ApiProperty({ required: false, description: 'Spam trap: must stay empty.' }) @SpamTrap() _gotcha?: string;
  @ApiProperty({ required: false, example: 'VIC' }) @TextField() state?: string;
  @ApiProperty({ required: false, example: '3121' }) @TextField() postcode?: string;
  @ApiProperty({ required: false, example: 'New Booking Request' }) @TextField() subject?: string;
  @ApiProperty({ required: false, example: '/thank-you', description: 'Form posts: where to go after success (a path on this site).' })
  @TextField()
  _next?: string;
  @ApiProperty({ required: false, description: 'Same as the Idempotency-Key header, for form posts.' }) @TextField() idempotency_key?: string;
  @ApiProperty({
    required: false,
    example: 'K7M2QXPA',
    description: "A plumber's referral code (optional; without it, the one remembered from the plumber's link). An unknown code never blocks a booking.",
  })
  @TextField()
  referral_code?: string;
}

// The response classes describe the answers for the OpenAPI document; their shapes are the contracts'.
export class BookingCreatedResponse implements BookingCreated {
  @ApiProperty() id!: string;
}

export class BookingResponse implements BookingRecord {
  @ApiProperty() id!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() address!: string;
  @ApiProperty() suburb!: string;
  @ApiProperty({ nullable: true }) state!: string | null;
  @ApiProperty({ nullable: true }) postcode!: string | null;
  @ApiProperty({ example: '2026-11-25' }) preferredDate!: string;
  @ApiProperty() preferredTime!: string;
  @ApiProperty() briefDescription!: string;
  @ApiProperty({ nullable: true }) howHeardAboutUs!: string | null;
  @ApiProperty({ nullable: true }) referralCode!: string | null;
  @ApiProperty({ nullable: true, enum: ['attributed', 'unknown', 'self'] }) referralCodeStatus!: BookingRecord['referralCodeStatus'];
  @ApiProperty({ nullable: true }) referrerId!: string | null;
  @ApiProperty({ enum: BOOKING_STATUSES }) status!: BookingStatus;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}
