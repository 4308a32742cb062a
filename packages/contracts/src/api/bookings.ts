import type { BookingStatus } from '../booking-rules.js';

/**
 * Answers of /api/bookings (the public form) and /api/admin/bookings (staff). The form's request is
 * `BookingInput` (../booking-rules.ts), with the spec's form field names.
 */

/** POST /api/bookings answered as JSON. */
export interface BookingCreated {
  id: string;
}

/** A booking as staff's list answers it (camelCase, react-admin's record). */
export interface BookingRecord {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  /** yyyy-MM-dd */
  preferredDate: string;
  preferredTime: string;
  briefDescription: string;
  howHeardAboutUs: string | null;
  /** The referral code the booking carried (typed, or remembered from the plumber's link), in capitals. */
  referralCode: string | null;
  /**
   * What became of the code: `attributed` (a referral was made for its plumber), `unknown` (no plumber
   * has it: flagged for staff), `self` (the plumber's own booking: not attributed); null without a code.
   */
  referralCodeStatus: 'attributed' | 'unknown' | 'self' | null;
  /** The plumber the code belongs to. */
  referrerId: string | null;
  status: BookingStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/bookings/stats */
export interface BookingStats {
  total: number;
  thisWeek: number;
  byStatus: Record<BookingStatus, number>;
  /** Bookings per day over the last 30 days (display time zone), oldest first. */
  perDay: Array<{ date: string; count: number }>;
}

/** At most this many bookings change in one bulk action. */
export const BULK_STATUS_MAX = 500;

/** POST /api/admin/bookings/bulk-status: the same change as one-by-one, for many bookings, all or nothing. */
export interface BulkStatusRequest {
  ids: string[];
  status: BookingStatus;
}

/** Which bookings changed, and which were already in that status. */
export interface BulkStatusResult {
  updated: string[];
  unchanged: string[];
}
