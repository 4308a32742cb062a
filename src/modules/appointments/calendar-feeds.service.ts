import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createEvents, type EventAttributes } from 'ics';
import type { CalendarFeed } from '@relining/contracts/api/appointments';
import { APPOINTMENT_MINUTES } from '@relining/contracts/api/appointments';
import { COMPANY } from '@relining/contracts/business';
import { DomainError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { AppointmentNotices } from './appointment-notices.js';
import { AppointmentsRepository } from './appointments.repository.js';

/** A feed token: 24 random bytes, base64url (32 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** The feed lists visits from a month back, up to this many. */
const FEED_PAST_DAYS = 30;
const FEED_LIMIT = 5_000;

/**
 * Each staff user's personal calendar feed (issue 16): `/api/calendar/{token}.ics`, which Google
 * Calendar ('From URL') and Outlook ('Subscribe from web') poll. The token is the feed's only key, so
 * it is long and random; it is kept as it is (the console shows the address again), and rotating it
 * replaces it, which kills the old address at once. A disabled account's or a former staff member's
 * feed answers 404.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: AppointmentsRepository,
    private readonly users: UsersRepository,
    private readonly notices: AppointmentNotices,
  ) {}

  async get(userId: string): Promise<CalendarFeed> {
    return this.toFeed(await this.repository.feedOf(userId));
  }

  /** Creates the feed, or rotates it: a new address, the old one dead. */
  async rotate(userId: string): Promise<CalendarFeed> {
    return this.toFeed(await this.repository.putFeed(userId, randomBytes(24).toString('base64url')));
  }

  async stop(userId: string): Promise<CalendarFeed> {
    await this.repository.deleteFeed(userId);
    return { url: null, createdAt: null };
  }

  /** The feed's iCalendar text for `{token}.ics`. */
  async calendar(file: string, now: Date = new Date()): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    const userId = FEED_TOKEN.test(token) ? await this.repository.feedUser(token) : null;
    const user = userId ? await this.users.findSessionUser(userId) : undefined;
    if (!userId || !user || user.disabled || (await this.users.findStoredRole(userId)) !== 'admin') {
      throw DomainError.notFound('This calendar feed does not exist. Create a new feed link in the console.');
    }
    const rows = await this.repository.feedAppointments(new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000), FEED_LIMIT);
    const events: EventAttributes[] = rows.map((row) => {
      const entry = this.notices.calendarEntry(row);
      return {
        uid: this.notices.calendarUid(row.id),
        sequence: row.sequence,
        start: new Date(row.startsAt).getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: new Date(row.startsAt).getTime() + APPOINTMENT_MINUTES * 60_000,
        endInputType: 'utc',
        endOutputType: 'utc',
        title: `${row.status === 'cancelled' ? 'CANCELLED: ' : ''}Clean & View: ${row.customerName}, ${row.suburb} ${row.region}`,
        description: [
          `${row.customerName} · ${row.phone} · ${row.email}`,
          entry.location,
          row.technician ? `Technician: ${row.technician}` : 'No technician assigned',
          row.overbooked ? 'Overbooked on purpose' : '',
          row.status === 'cancelled' ? `Cancelled by the ${row.cancelledBy ?? 'staff'}: ${row.cancelReason ?? ''}` : '',
          `${this.config.publicBaseUrl}/admin/bookings/${row.bookingId}/show`,
        ]
          .filter(Boolean)
          .join('\n'),
        location: entry.location,
        status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        busyStatus: row.status === 'cancelled' ? 'FREE' : 'BUSY',
      };
    });
    const { error, value } = createEvents(events, { productId: `-//${COMPANY.name}//Staff calendar//EN`, calName: `${COMPANY.name}: Clean & View visits` });
    if (error || value == null) throw new Error(`The calendar feed could not be written: ${error?.message ?? 'no output'}`);
    return value;
  }

  private toFeed(row: { token: string; createdAt: Date } | null): CalendarFeed {
    return row
      ? { url: `${this.config.publicBaseUrl}/api/calendar/${row.token}.ics`, createdAt: new Date(row.createdAt).toISOString() }
      : { url: null, createdAt: null };
  }
}
