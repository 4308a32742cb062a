import type { Region } from '../regions.js';

/** One appointment on the console's Today page. */
export interface TodayAppointment {
  id: string;
  /** ISO instant; the console shows it in the display time zone. */
  startsAt: string;
  customer: string;
  suburb: string;
  bookingId?: string;
  /** The job made from the booking, when there is one. */
  jobId?: string;
}

/** A region's appointments of one day (only regions with some are listed, in the regions' order). */
export interface TodayRegionAppointments {
  region: Region;
  count: number;
  items: TodayAppointment[];
}

/** GET /api/admin/dashboard/today: what needs staff attention today (issue 19). */
export interface TodayDashboard {
  /** TZ_DISPLAY: the days below are its days. */
  timeZone: string;
  today: string;
  tomorrow: string;
  appointments: { today: TodayRegionAppointments[]; tomorrow: TodayRegionAppointments[] };
  /** Bookings no one has contacted yet (status 'new'). */
  newBookings: { count: number };
  /** Enquiries no one has contacted yet (still in the status they arrived with), archived ones aside. */
  newEnquiries: { count: number };
  /**
   * Unpaid rebate entries (earned or approved) due by the end of this week (Sunday, in the display
   * zone), overdue ones included. `weekEnds` is that Sunday; `dueBefore` the instant the week ends,
   * for the rebates list's `dueBefore` filter.
   */
  rebatesDueThisWeek: { count: number; totalCents: number; weekEnds: string; dueBefore: string };
  /** Outbox messages that failed or were given up on ('failed' or 'dead'). */
  failedEmails: { count: number };
}
