import type { Region } from '../regions.js';

/**
 * Confirmed appointments (issue 16): what staff confirm, move and cancel, what the customer's private
 * link (`/booking/{token}`) shows and changes, and the staff calendar feed.
 */
export const APPOINTMENT_STATUSES = ['confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = { confirmed: 'Confirmed', cancelled: 'Cancelled' };

/** A Clean & View visit lasts an hour (the slots are hourly). */
export const APPOINTMENT_MINUTES = 60;

export const APPOINTMENT_MESSAGES = {
  confirmedSubject: 'Your Clean & View is confirmed',
  slotFull: 'That time is already full. Confirm again to overbook it on purpose.',
  notifyRequired: 'Please say whether to tell the customer',
  reasonRequired: 'Please tell us why you are cancelling',
  cancelled: 'Your appointment has been cancelled.',
  moved: 'Your appointment has been moved.',
  linkUnknown: 'This booking link is not valid. Please use the link in your latest e-mail, or call us.',
  alreadyCancelled: 'This appointment has already been cancelled.',
  tooLate: 'This appointment can no longer be changed online. Please call us.',
  sameTime: 'Your appointment is already at that time.',
} as const;

/** POST /api/admin/bookings/:id/confirm: the booking becomes Scheduled. */
export interface ConfirmAppointmentRequest {
  /** yyyy-MM-dd in the site's time zone. */
  date: string;
  /** One of the ten slots, '8:00 AM' … '5:00 PM', in the site's time zone. */
  time: string;
  technician?: string | null;
  /** Send 'Your Clean & View is confirmed' (with the .ics) to the customer. */
  notify: boolean;
  /** Staff's deliberate extra place in a full slot (the console asks first). */
  overbook?: boolean;
}

/** POST /api/admin/appointments/:id/reschedule (the calendar's drag and the booking page). */
export interface RescheduleAppointmentRequest {
  date: string;
  time: string;
  notify: boolean;
  overbook?: boolean;
  technician?: string | null;
}

/** POST /api/admin/appointments/:id/cancel. */
export interface CancelAppointmentRequest {
  reason: string;
  notify: boolean;
}

/** A staff record: GET /api/admin/appointments (react-admin list; filter region, status, from, to, bookingId). */
export interface AppointmentRecord {
  id: string;
  bookingId: string;
  region: Region;
  timeZone: string;
  /** yyyy-MM-dd and '9:00 AM', in the site's time zone. */
  date: string;
  time: string;
  /** ISO instants (UTC). */
  startsAt: string;
  endsAt: string;
  /** 'Tuesday 1 December, 9:00 AM AWST'. */
  label: string;
  technician: string | null;
  status: AppointmentStatus;
  overbooked: boolean;
  customerName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  cancelReason: string | null;
  cancelledBy: 'customer' | 'staff' | null;
  cancelledAt: string | null;
  confirmedAt: string;
  /** When the reminder e-mail is due (the day before, 4:00 PM site time), or null when there is none (confirmed after that). */
  reminderDueAt: string | null;
  /** When the reminder e-mail was queued (once), or null. */
  reminderQueuedAt: string | null;
  updatedAt: string;
}

/** GET /api/booking/:token: what the customer's private link shows (no other customer, no staff notes). */
export interface ManagedAppointment {
  status: AppointmentStatus;
  region: Region;
  timeZone: string;
  date: string;
  time: string;
  startsAt: string;
  label: string;
  /** The customer's first name, for the greeting. */
  firstName: string;
  address: string;
  suburb: string;
  /** False once cancelled, started or within the notice staff need (then: call us). */
  canChange: boolean;
  cancelReason: string | null;
}

/** POST /api/booking/:token/move. */
export interface MoveAppointmentRequest {
  date: string;
  time: string;
}

/** POST /api/booking/:token/cancel. */
export interface CustomerCancelRequest {
  reason: string;
}

/** GET /api/admin/calendar-feed: the caller's own feed (null url when none); POST rotates, DELETE stops it. */
export interface CalendarFeed {
  url: string | null;
  createdAt: string | null;
}
