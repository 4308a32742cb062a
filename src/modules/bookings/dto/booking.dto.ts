import { ApiProperty } from '@nestjs/swagger';
import type { BookingCreated, BookingRecord } from '@relining/contracts/api/bookings';
import { CheckedBy, FormCheckbox, SpamTrap, TextField } from '../../../common/http/validation.js';
import { MARKETING_CONSENT_LABEL } from '@relining/contracts/api/email-preferences';
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
  @ApiProperty({
    example: 'Footscray VIC 3011',
    description:
      "The suburb with its state (and postcode), as the form's address suggestions fill it: the state decides the region whose days and times can be booked. A bare name is taken only when a single state has it; otherwise 400 asks to choose the suburb from the list.",
  })
  @TextField()
  suburb!: string;
  @ApiProperty({ example: '12 Station Street' }) @TextField() address!: string;
  @ApiProperty({
    example: '2026-12-01',
    description:
      "yyyy-MM-dd: an open day in the suburb's state, as GET /api/availability lists it (not a closed weekday, a public holiday there or within the minimum notice). Otherwise 400 SLOT_CLOSED, with nextSlots to choose from.",
  })
  @TextField()
  preferred_date!: string;
  @ApiProperty({
    enum: TIME_SLOTS,
    example: TIME_SLOTS[0],
    description:
      "A free time of that day from GET /api/availability, in the suburb's time zone. A time whose places were just taken: 409 SLOT_TAKEN, with nextSlots to choose from.",
  })
  @TextField()
  preferred_time!: string;
  @ApiProperty({ enum: HOW_HEARD_OPTIONS, required: false }) @TextField() how_heard_about_us?: string;
  @ApiProperty({ example: 'Blocked drain in the back yard', description: 'The job description.' }) @TextField() message!: string;
  @ApiProperty({ required: false, description: 'Spam trap: must stay empty.' }) @SpamTrap() _gotcha?: string;
  @ApiProperty({ required: false, example: 'VIC', description: "The picked suggestion's state; the suburb's own text wins when it names one." })
  @TextField()
  state?: string;
  @ApiProperty({ required: false, example: '3011', description: "The picked suggestion's postcode." }) @TextField() postcode?: string;
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
  /** The optional box, unticked by default: true (JSON) or 'on'/'true' (a form post) records the consent. */
  @ApiProperty({
    required: false,
    default: false,
    description: `The optional box '${MARKETING_CONSENT_LABEL}' (marketing e-mails): ticked records the consent.`,
  })
  @FormCheckbox()
  marketing_consent?: boolean;
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
