import { EMAIL_PATTERN } from './account-rules.js';
import { dateFormat } from './date-format.js';

/**
 * The public booking request (spec §3 "Booking request", §5 "Public booking form", §8): options, the
 * order of the checks and their exact toasts. Shared by the booking form and the server.
 */
export const TIME_SLOTS = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'] as const;

export const HOW_HEARD_OPTIONS = ['Google Search', 'Social Media', 'Word of Mouth', 'Advertisement', 'Referral', 'Other'] as const;

export const BOOKING_SUBJECT = 'New Booking Request';
export const BOOKING_REDIRECT = '/thank-you';

/** Staff statuses of a booking (spec §4); a missing status displays as New. */
export const BOOKING_STATUSES = ['new', 'contacted', 'scheduled', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Accepts 'Contacted' as well as 'contacted'; undefined for anything else. */
export function toBookingStatus(value: unknown): BookingStatus | undefined {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (BOOKING_STATUSES as readonly string[]).includes(lower) ? (lower as BookingStatus) : undefined;
}

export const BOOKING_MESSAGES = {
  validationTitle: 'Validation Error',
  fillIn: (field: string) => `Please fill in the ${field} field`,
  invalidEmailTitle: 'Invalid Email',
  invalidEmail: 'Please enter a valid email address',
  invalidPhoneTitle: 'Invalid Phone',
  invalidPhone: 'Please enter a valid phone number',
  dateRequiredTitle: 'Date Required',
  dateRequired: 'Please select a preferred date',
  pastDateTitle: 'Invalid Date',
  pastDate: 'Please select a date from today onwards',
  timeRequiredTitle: 'Time Required',
  timeRequired: 'Please select a preferred time',
  howHeardTitle: 'Validation Error',
  howHeard: 'Please choose how you heard about us from the list',
  tooLongTitle: 'Validation Error',
  successTitle: 'Booking Submitted Successfully!',
  success: "We'll be in touch shortly to confirm your appointment.",
  successPanel: "Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.",
  errorTitle: 'Error',
  error: 'Failed to submit booking. Please try again.',
} as const;

export interface BookingInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  suburb?: unknown;
  address?: unknown;
  preferred_date?: unknown;
  preferred_time?: unknown;
  how_heard_about_us?: unknown;
  message?: unknown;
  /** Optional: the plumber's referral code (an unknown one never blocks a booking; staff are told). */
  referral_code?: unknown;
  /** Optional box 'Send me tips and offers' (MARKETING_CONSENT_FIELD), unticked by default: consent to marketing e-mails. */
  marketing_consent?: unknown;
}

export interface BookingProblem {
  field: keyof BookingInput;
  title: string;
  message: string;
}

/** The fields that must not be empty, in the spec's order. */
export const REQUIRED_BOOKING_FIELDS = ['name', 'email', 'phone', 'address', 'suburb', 'message'] as const;

const MAX_LENGTH: Partial<Record<keyof BookingInput, number>> = { name: 120, email: 254, phone: 40, suburb: 120, address: 300, message: 5_000 };

const PHONE_PATTERN = /^[\d\s\-+()]{8,}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date (yyyy-MM-dd) in a time zone: the calendar's first selectable day. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Every problem with a booking, in the order spec §5 checks them: required fields, e-mail, phone,
 * date (also refused before `today` or before 1900-01-01), time. The first is the toast shown.
 */
export function bookingProblems(input: BookingInput, today: string): BookingProblem[] {
  const problems: BookingProblem[] = [];
  for (const field of REQUIRED_BOOKING_FIELDS) {
    if (!text(input[field])) problems.push({ field, title: BOOKING_MESSAGES.validationTitle, message: BOOKING_MESSAGES.fillIn(field) });
  }
  const email = text(input.email);
  if (email && !EMAIL_PATTERN.test(email)) problems.push({ field: 'email', title: BOOKING_MESSAGES.invalidEmailTitle, message: BOOKING_MESSAGES.invalidEmail });
  const phone = text(input.phone);
  if (phone && !PHONE_PATTERN.test(phone)) problems.push({ field: 'phone', title: BOOKING_MESSAGES.invalidPhoneTitle, message: BOOKING_MESSAGES.invalidPhone });
  const date = text(input.preferred_date);
  if (!date) {
    problems.push({ field: 'preferred_date', title: BOOKING_MESSAGES.dateRequiredTitle, message: BOOKING_MESSAGES.dateRequired });
  } else if (!DATE_PATTERN.test(date) || !isRealDate(date)) {
    problems.push({ field: 'preferred_date', title: BOOKING_MESSAGES.dateRequiredTitle, message: BOOKING_MESSAGES.dateRequired });
  } else if (date < today || date < '1900-01-01') {
    problems.push({ field: 'preferred_date', title: BOOKING_MESSAGES.pastDateTitle, message: BOOKING_MESSAGES.pastDate });
  }
  const time = text(input.preferred_time);
  if (!time || !(TIME_SLOTS as readonly string[]).includes(time)) {
    problems.push({ field: 'preferred_time', title: BOOKING_MESSAGES.timeRequiredTitle, message: BOOKING_MESSAGES.timeRequired });
  }
  const heard = text(input.how_heard_about_us);
  if (heard && !(HOW_HEARD_OPTIONS as readonly string[]).includes(heard)) {
    problems.push({ field: 'how_heard_about_us', title: BOOKING_MESSAGES.howHeardTitle, message: BOOKING_MESSAGES.howHeard });
  }
  for (const [field, max] of Object.entries(MAX_LENGTH) as Array<[keyof BookingInput, number]>) {
    if (text(input[field]).length > max) {
      problems.push({ field, title: BOOKING_MESSAGES.tooLongTitle, message: `The ${field} field can hold at most ${max} characters` });
    }
  }
  return problems;
}
