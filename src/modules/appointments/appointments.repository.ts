import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { APPOINTMENT_STATUSES } from '@relining/contracts/api/appointments';
import { REGION_CODES, type Region } from '@relining/contracts/regions';
import { DomainError } from '../../common/errors/domain-error.js';
import { equals, ids, isCalendarDate, search } from '../../common/react-admin/list-filters.js';
import { defineListSpec, findListPage, type ParsedList } from '../../common/react-admin/list-query.js';
import { queryRows } from '../../database/sql.js';
import { AppointmentRow } from './appointment.entity.js';

const dayFilter = (operator: '>=' | '<=') => ({
  apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
    if (!isCalendarDate(value)) throw DomainError.validation([{ field: name, message: `${name} must be a date such as 2026-12-01` }]);
    query.andWhere(`a.day ${operator} :${name}Day`, { [`${name}Day`]: value });
  },
});

/** The staff list of appointments (react-admin dialect): the calendar asks for a region's days. */
export const APPOINTMENT_LIST = defineListSpec({
  resource: 'appointments',
  idColumn: 'a.id',
  sortable: { startsAt: 'a.starts_at', confirmedAt: 'a.confirmed_at', updatedAt: 'a.updated_at', customerName: 'lower(a.customer_name)', status: 'a.status' },
  defaultSort: ['startsAt', 'ASC'],
  filters: {
    q: search(['a.customer_name', 'a.email', 'a.phone', 'a.suburb', 'a.address', 'a.technician']),
    region: equals('a.region', REGION_CODES),
    status: equals('a.status', APPOINTMENT_STATUSES),
    bookingId: equals('a.booking_id::text'),
    id: ids('a.id'),
    from: dayFilter('>='),
    to: dayFilter('<='),
  },
  defaultPageSize: 100,
  maxPageSize: 1000,
});

/** A confirmed appointment as the Today page lists it. */
export interface ConfirmedAppointment {
  id: string;
  bookingId: string;
  region: Region;
  day: string;
  startsAt: Date;
  customerName: string;
  suburb: string;
}

export interface NewAppointment {
  bookingId: string;
  region: Region;
  day: string;
  slot: string;
  startsAt: Date;
  customerName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  technician: string | null;
  overbooked: boolean;
  confirmedBy: string | null;
  reminderDueAt: Date | null;
}

export interface AppointmentMove {
  region: Region;
  day: string;
  slot: string;
  startsAt: Date;
  technician?: string | null;
  overbooked: boolean;
  reminderDueAt: Date | null;
  /** Set when staff confirm again (a cancelled appointment confirmed anew). */
  confirmedBy?: string | null;
}

const COLUMNS = `id, booking_id AS "bookingId", region, to_char(day, 'YYYY-MM-DD') AS day, slot, starts_at AS "startsAt",
  customer_name AS "customerName", email, phone, address, suburb, technician, status, overbooked, sequence,
  cancel_reason AS "cancelReason", cancelled_by AS "cancelledBy", cancelled_at AS "cancelledAt", confirmed_at AS "confirmedAt",
  confirmed_by AS "confirmedBy", reminder_due_at AS "reminderDueAt", reminder_queued_at AS "reminderQueuedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Intent-named queries over booked places (booking_slots). */
@Injectable()
export class AppointmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The confirmed appointments on these days (in order of time): the console's Today page. */
  confirmedOnDays(days: readonly string[]): Promise<ConfirmedAppointment[]> {
    return queryRows<ConfirmedAppointment>(
      this.dataSource,
      `SELECT id, booking_id AS "bookingId", region, day::text AS day, starts_at AS "startsAt", customer_name AS "customerName", suburb
       FROM appointments WHERE status = 'confirmed' AND day = ANY($1::date[]) ORDER BY starts_at, id`,
      [days],
    );
  }

  /**
   * Live bookings per 'yyyy-MM-dd|8:00 AM' of a region's days (one index range). Prepared (outside a
   * transaction): every public availability request runs it, and parsing and planning it each time
   * took as long as running it (2,400 places in a region's 14 days).
   */
  async takenBetween(region: Region, from: string, to: string, manager?: EntityManager): Promise<Map<string, number>> {
    const rows = await queryRows<{ key: string; taken: number }>(
      manager ?? this.dataSource,
      `SELECT to_char(day, 'YYYY-MM-DD') || '|' || slot AS key, count(*)::int AS taken
       FROM booking_slots WHERE region = $1 AND day >= $2::date AND day <= $3::date AND released_at IS NULL
       GROUP BY day, slot`,
      [region, from, to],
      { prepared: true },
    );
    return new Map(rows.map((row) => [row.key, row.taken]));
  }

  /**
   * Takes the first free place (1 … capacity) of a slot for a booking, in the caller's transaction.
   * Two requests choosing the same place meet at the unique index: the second waits for the first
   * and, when it commits, finds the place taken and looks again. Answers the place, or null when none
   * is left. `overbook`: staff's deliberate extra place beyond the capacity.
   */
  async reserve(
    manager: EntityManager,
    slot: { bookingId: string; region: Region; day: string; time: string; startsAt: Date; capacity: number; overbook?: boolean },
  ): Promise<number | null> {
    for (let attempt = 0; attempt <= slot.capacity + 1; attempt += 1) {
      const rows = await queryRows<{ place: number }>(
        manager,
        slot.overbook
          ? `INSERT INTO booking_slots (booking_id, region, day, slot, place, starts_at, overbooked)
             SELECT $1, $2, $3::date, $4, greatest($6::int, coalesce(max(place), 0)) + 1, $5, true
             FROM booking_slots WHERE region = $2 AND day = $3::date AND slot = $4 AND released_at IS NULL
             ON CONFLICT (region, day, slot, place) WHERE released_at IS NULL DO NOTHING RETURNING place`
          : `INSERT INTO booking_slots (booking_id, region, day, slot, place, starts_at)
             SELECT $1, $2, $3::date, $4, p, $5 FROM generate_series(1, $6::int) p
             WHERE NOT EXISTS (SELECT 1 FROM booking_slots s WHERE s.region = $2 AND s.day = $3::date AND s.slot = $4 AND s.place = p AND s.released_at IS NULL)
             ORDER BY p LIMIT 1
             ON CONFLICT (region, day, slot, place) WHERE released_at IS NULL DO NOTHING RETURNING place`,
        [slot.bookingId, slot.region, slot.day, slot.time, slot.startsAt, slot.capacity],
      );
      if (rows[0]) return rows[0].place;
      if (slot.overbook) continue;
      const [free] = await queryRows<{ free: boolean }>(
        manager,
        `SELECT count(*) < $4::int AS free FROM booking_slots WHERE region = $1 AND day = $2::date AND slot = $3 AND released_at IS NULL`,
        [slot.region, slot.day, slot.time, slot.capacity],
      );
      if (!free?.free) return null;
    }
    return null;
  }

  /** Frees a booking's place (a cancellation); answers whether it held one. */
  async release(manager: EntityManager, bookingId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE booking_slots SET released_at = now() WHERE booking_id = $1 AND released_at IS NULL RETURNING id`,
      [bookingId],
    );
    return rows.length > 0;
  }

  /** The booking's live place: where it is held, or null. */
  async placeOf(manager: EntityManager, bookingId: string): Promise<{ region: Region; day: string; slot: string } | null> {
    const [row] = await queryRows<{ region: Region; day: string; slot: string }>(
      manager,
      `SELECT region, to_char(day, 'YYYY-MM-DD') AS day, slot FROM booking_slots WHERE booking_id = $1 AND released_at IS NULL`,
      [bookingId],
    );
    return row ?? null;
  }

  // ---- appointments -------------------------------------------------------------------------

  async list(list: ParsedList): Promise<[AppointmentRow[], number]> {
    return findListPage(this.dataSource.getRepository(AppointmentRow).createQueryBuilder('a'), list, APPOINTMENT_LIST);
  }

  async findById(id: string, manager?: EntityManager, forUpdate = false): Promise<AppointmentRow | null> {
    const [row] = await queryRows<AppointmentRow>(
      manager ?? this.dataSource,
      `SELECT ${COLUMNS} FROM appointments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async findByBooking(bookingId: string, manager?: EntityManager, forUpdate = false): Promise<AppointmentRow | null> {
    const [row] = await queryRows<AppointmentRow>(
      manager ?? this.dataSource,
      `SELECT ${COLUMNS} FROM appointments WHERE booking_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [bookingId],
    );
    return row ?? null;
  }

  /** The appointment a private link opens (by the token's hash). */
  async findByLinkHash(tokenHash: string, manager?: EntityManager, forUpdate = false): Promise<AppointmentRow | null> {
    const [row] = await queryRows<AppointmentRow>(
      manager ?? this.dataSource,
      `SELECT ${COLUMNS} FROM appointments WHERE id = (SELECT appointment_id FROM appointment_links WHERE token_hash = $1)${forUpdate ? ' FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return row ?? null;
  }

  async insert(manager: EntityManager, appointment: NewAppointment): Promise<AppointmentRow> {
    const [row] = await queryRows<AppointmentRow>(
      manager,
      `INSERT INTO appointments (booking_id, region, day, slot, starts_at, customer_name, email, phone, address, suburb, technician, overbooked,
                                 confirmed_by, reminder_due_at)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${COLUMNS}`,
      [
        appointment.bookingId,
        appointment.region,
        appointment.day,
        appointment.slot,
        appointment.startsAt,
        appointment.customerName,
        appointment.email,
        appointment.phone,
        appointment.address,
        appointment.suburb,
        appointment.technician,
        appointment.overbooked,
        appointment.confirmedBy,
        appointment.reminderDueAt,
      ],
    );
    return row!;
  }

  /**
   * Moves an appointment (or confirms a cancelled one again): a new time, one more sequence, and the
   * reminder planned anew (a moved visit is reminded of its new time).
   */
  async move(manager: EntityManager, id: string, move: AppointmentMove): Promise<AppointmentRow> {
    const [row] = await queryRows<AppointmentRow>(
      manager,
      `UPDATE appointments
       SET region = $2, day = $3::date, slot = $4, starts_at = $5, overbooked = $6, reminder_due_at = $7, reminder_queued_at = NULL,
           technician = CASE WHEN $8 THEN $9 ELSE technician END,
           confirmed_by = CASE WHEN $10 THEN $11::uuid ELSE confirmed_by END,
           confirmed_at = CASE WHEN status = 'cancelled' THEN now() ELSE confirmed_at END,
           status = 'confirmed', cancel_reason = NULL, cancelled_by = NULL, cancelled_at = NULL,
           sequence = sequence + 1, updated_at = now()
       WHERE id = $1
       RETURNING ${COLUMNS}`,
      [
        id,
        move.region,
        move.day,
        move.slot,
        move.startsAt,
        move.overbooked,
        move.reminderDueAt,
        move.technician !== undefined,
        move.technician ?? null,
        move.confirmedBy !== undefined,
        move.confirmedBy ?? null,
      ],
    );
    return row!;
  }

  async cancel(manager: EntityManager, id: string, cancel: { reason: string; by: 'customer' | 'staff' }): Promise<AppointmentRow> {
    const [row] = await queryRows<AppointmentRow>(
      manager,
      `UPDATE appointments SET status = 'cancelled', cancel_reason = $2, cancelled_by = $3, cancelled_at = now(), sequence = sequence + 1, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, cancel.reason, cancel.by],
    );
    return row!;
  }

  /**
   * Claims reminders that are due and not yet queued (confirmed visits still ahead), locking them so
   * another instance's claim skips them; the caller queues each e-mail and marks it in the same
   * transaction, so a crash before the commit leaves them to the next look.
   */
  claimDueReminders(manager: EntityManager, now: Date, limit: number): Promise<AppointmentRow[]> {
    return queryRows<AppointmentRow>(
      manager,
      `SELECT ${COLUMNS} FROM appointments
       WHERE status = 'confirmed' AND reminder_queued_at IS NULL AND reminder_due_at IS NOT NULL AND reminder_due_at <= $1 AND starts_at > $1
       ORDER BY reminder_due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  async markReminderQueued(manager: EntityManager, id: string): Promise<void> {
    await queryRows(manager, `UPDATE appointments SET reminder_queued_at = now() WHERE id = $1`, [id]);
  }

  /** Keeps a private link's hash for an appointment. */
  async addLink(manager: EntityManager, appointmentId: string, tokenHash: string): Promise<void> {
    await queryRows(manager, `INSERT INTO appointment_links (token_hash, appointment_id) VALUES ($1, $2)`, [tokenHash, appointmentId]);
  }

  // ---- staff calendar feeds ---------------------------------------------------------------

  async feedOf(userId: string): Promise<{ token: string; createdAt: Date } | null> {
    const [row] = await queryRows<{ token: string; createdAt: Date }>(
      this.dataSource,
      `SELECT token, created_at AS "createdAt" FROM calendar_feeds WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** Creates the user's feed or replaces its token (the old address stops working at once). */
  async putFeed(userId: string, token: string): Promise<{ token: string; createdAt: Date }> {
    const [row] = await queryRows<{ token: string; createdAt: Date }>(
      this.dataSource,
      `INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()
       RETURNING token, created_at AS "createdAt"`,
      [userId, token],
    );
    return row!;
  }

  async deleteFeed(userId: string): Promise<void> {
    await queryRows(this.dataSource, `DELETE FROM calendar_feeds WHERE user_id = $1`, [userId]);
  }

  /** The user a feed token belongs to. */
  async feedUser(token: string): Promise<string | null> {
    const [row] = await queryRows<{ userId: string }>(this.dataSource, `SELECT user_id AS "userId" FROM calendar_feeds WHERE token = $1`, [token]);
    return row?.userId ?? null;
  }

  /** The appointments a feed lists: every region's, from `from` on, confirmed and cancelled (a calendar shows the cancellation). */
  feedAppointments(from: Date, limit: number): Promise<AppointmentRow[]> {
    return queryRows<AppointmentRow>(this.dataSource, `SELECT ${COLUMNS} FROM appointments WHERE starts_at >= $1 ORDER BY starts_at LIMIT $2`, [from, limit]);
  }
}
