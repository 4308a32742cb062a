import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { calendarDay, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, findListPage, onlyFilterValues, type FilterDefinition, type ParsedList } from '../../common/react-admin/list-query.js';
import { BOOKING_STATUSES, toBookingStatus, type BookingStatus } from '@relining/contracts/booking-rules';
import { ownValue } from '@relining/contracts/own-keys';
import { withStagedWrites, type StagedWrite } from '../../common/events/domain-events.js';
import { queryRows } from '../../database/sql.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { sql } from '../../database/sql-fragment.js';
import { Booking } from './booking.entity.js';
import type { CreatedBooking } from './booking.events.js';

/** spec §2 date filters: today, last 7 days, last 30 days, counted in the display time zone. */
const PERIOD_DAYS_BACK: Readonly<Record<string, number>> = { today: 0, last7: 6, last30: 29 };

const periodFilter: FilterDefinition = {
  apply(query, value, name) {
    // Own keys only: `constructor` or `toString` would find an inherited function (a 500 before).
    const days = ownValue(PERIOD_DAYS_BACK, value);
    if (days === undefined) throw DomainError.validation([{ field: `filter.${name}`, message: 'period must be one of: today, last7, last30' }]);
    query.andWhere(`b.created_at >= ((now() AT TIME ZONE :tz)::date - ${days})::timestamp AT TIME ZONE :tz`);
  },
};

export const BOOKING_LIST = defineListSpec({
  resource: 'bookings',
  idColumn: 'b.id',
  sortable: {
    createdAt: 'b.created_at',
    updatedAt: 'b.updated_at',
    preferredDate: 'b.preferred_date',
    fullName: 'lower(b.full_name)',
    suburb: 'lower(b.suburb)',
    status: 'b.status',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['b.full_name', 'b.email', 'b.phone', 'b.suburb', 'b.address']),
    status: {
      apply(query, value, name) {
        const values = (Array.isArray(value) ? value : [value]).map((item) => toBookingStatus(item) ?? String(item));
        equals('b.status', BOOKING_STATUSES).apply(query, values.length === 1 ? values[0] : values, name);
      },
    },
    period: periodFilter,
    createdFrom: calendarDay('b.created_at', '>=', 0),
    createdTo: calendarDay('b.created_at', '<', 1),
    id: ids('b.id'),
  },
  defaultPageSize: 10,
  maxPageSize: 500,
});

/** A booking as the public form stores it (text already trimmed; state and postcode from the suburb). */
export interface NewBookingRow extends Omit<CreatedBooking, 'id' | 'createdAt'> {
  idempotencyKey: string | null;
}

export interface BookingTotalsRow {
  total: number;
  thisWeek: number;
  byStatus: Record<BookingStatus, number>;
}

/** The export's columns, in order (times as text in the display time zone). */
export const BOOKING_CSV_COLUMNS = [
  'id',
  'full_name',
  'email',
  'phone',
  'address',
  'suburb',
  'state',
  'postcode',
  'preferred_date',
  'preferred_time',
  'brief_description',
  'how_heard_about_us',
  'status',
  'created_at',
  'updated_at',
] as const;

/** Intent-named queries over bookings (and the trigger-kept booking_status_totals). */
@Injectable()
export class BookingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many bookings no one has contacted yet (status 'new'): the console's Today page. */
  async countNotYetContacted(): Promise<number> {
    const [row] = await queryRows<{ count: number }>(this.dataSource, `SELECT count(*)::int AS count FROM bookings WHERE status = 'new'`);
    return row?.count ?? 0;
  }

  /**
   * Stores a booking and, in the same statement, what reacts to it (staged writes: its e-mails), so
   * both commit or roll back together in one round trip. `stored`: false when its idempotency key was
   * used already (the first booking stands; no staged write ran). `fresh`: false when a staged write was
   * prepared from data that changed since, and then nothing at all was written. Its id and creation
   * time come with it (the e-mails were rendered with them).
   */
  async insert(
    executor: DataSource | EntityManager,
    booking: NewBookingRow & { id: string; createdAt: Date },
    writes: readonly StagedWrite[],
  ): Promise<{ fresh: boolean; stored: boolean }> {
    const { text, values } = withStagedWrites(
      (
        current,
      ) => sql`INSERT INTO bookings (id, full_name, email, phone, address, suburb, state, postcode, preferred_date, preferred_time, brief_description, how_heard_about_us, idempotency_key,
                            referral_code, referral_code_status, referrer_id, created_at, updated_at)
        SELECT ${booking.id}::uuid, ${booking.fullName}, ${booking.email}, ${booking.phone}, ${booking.address}, ${booking.suburb}, ${booking.state}::text, ${booking.postcode}::text,
               ${booking.preferredDate}::date, ${booking.preferredTime}, ${booking.briefDescription}, ${booking.howHeardAboutUs}::text, ${booking.idempotencyKey}::text,
               ${booking.referralCode}::text, ${booking.referralCodeStatus}::text, ${booking.referrerId}::uuid, ${booking.createdAt}::timestamptz, ${booking.createdAt}::timestamptz
        WHERE ${current}
        ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
        RETURNING id`,
      writes,
    ).toQuery();
    // A prepared statement (its text is the same for every booking): planning it cost more than running it.
    const [row] = await queryRows<{ fresh: boolean; stored: { id: string } | null }>(executor, text, values, { prepared: true });
    return { fresh: row!.fresh, stored: row!.stored !== null };
  }

  async findIdByIdempotencyKey(executor: DataSource | EntityManager, key: string): Promise<string | undefined> {
    const [existing] = await queryRows<{ id: string }>(executor, `SELECT id FROM bookings WHERE idempotency_key = $1`, [key]);
    return existing?.id;
  }

  findById(id: string): Promise<Booking | null> {
    return this.dataSource.manager.findOneBy(Booking, { id });
  }

  /** A booking's suburb and postcode, read in the caller's transaction. */
  async findPlace(manager: EntityManager, id: string): Promise<{ suburb: string; postcode: string | null } | null> {
    const [row] = await queryRows<{ suburb: string; postcode: string | null }>(manager, `SELECT suburb, postcode FROM bookings WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** One page of the staff list; filters by period and day count in `timeZone`. */
  findForAdminList(list: ParsedList, timeZone: string): Promise<[Booking[], number]> {
    return findListPage(this.listQuery(timeZone), list, BOOKING_LIST, (parsed) => this.countFromTotals(parsed));
  }

  /** Sets the status (and updated_at); false when there is no such booking. */
  /** Sets the status; answers the one it replaced (undefined: no such booking). */
  async updateStatus(manager: EntityManager, id: string, status: BookingStatus): Promise<BookingStatus | undefined> {
    const rows = await queryRows<{ previous: BookingStatus }>(
      manager,
      `UPDATE bookings b SET status = $2, updated_at = now() FROM (SELECT id, status FROM bookings WHERE id = $1 FOR UPDATE) old
       WHERE b.id = old.id RETURNING old.status AS previous`,
      [id, status],
    );
    return rows[0]?.previous;
  }

  /** All bookings, those of this week (from Monday in `timeZone`) and the count of each status. */
  async totals(timeZone: string): Promise<BookingTotalsRow> {
    const [totals] = await queryRows<Record<string, number>>(
      this.dataSource,
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE created_at >= date_trunc('week', now() AT TIME ZONE $1) AT TIME ZONE $1)::int AS "thisWeek",
              ${BOOKING_STATUSES.map((status) => `count(*) FILTER (WHERE status = '${status}')::int AS "${status}"`).join(', ')}
       FROM bookings`,
      [timeZone],
    );
    return {
      total: totals!.total!,
      thisWeek: totals!.thisWeek!,
      byStatus: Object.fromEntries(BOOKING_STATUSES.map((status) => [status, totals![status] ?? 0])) as Record<BookingStatus, number>,
    };
  }

  /** Bookings per day over the last 30 days in `timeZone`, oldest first, days without one included. */
  perDay(timeZone: string): Promise<Array<{ date: string; count: number }>> {
    return queryRows<{ date: string; count: number }>(
      this.dataSource,
      `WITH days AS (
         SELECT generate_series((now() AT TIME ZONE $1)::date - 29, (now() AT TIME ZONE $1)::date, interval '1 day')::date AS day
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, count(b.id)::int AS count
       FROM days LEFT JOIN bookings b
         ON b.created_at >= days.day::timestamp AT TIME ZONE $1 AND b.created_at < (days.day + 1)::timestamp AT TIME ZONE $1
       GROUP BY days.day ORDER BY days.day`,
      [timeZone],
    );
  }

  /**
   * Every booking matching the list's filter and sort, in BOOKING_CSV_COLUMNS order, from a database
   * cursor (1,000 rows at a time, as arrays): memory stays flat however many rows there are. The
   * caller releases the connection when the download ends or stops.
   */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const filtered = applyListQuery(this.listQuery(timeZone), { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, BOOKING_LIST)
      .offset(undefined)
      .limit(undefined);
    filtered.select([
      'b.id AS id',
      'b.full_name AS full_name',
      'b.email AS email',
      'b.phone AS phone',
      'b.address AS address',
      'b.suburb AS suburb',
      'b.state AS state',
      'b.postcode AS postcode',
      `to_char(b.preferred_date, 'YYYY-MM-DD') AS preferred_date`,
      'b.preferred_time AS preferred_time',
      'b.brief_description AS brief_description',
      'b.how_heard_about_us AS how_heard_about_us',
      'b.status AS status',
      `to_char(b.created_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
      `to_char(b.updated_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS updated_at`,
    ]);
    return openQueryCursor(this.dataSource, filtered);
  }

  private listQuery(timeZone: string): SelectQueryBuilder<Booking> {
    return this.dataSource.getRepository(Booking).createQueryBuilder('b').setParameter('tz', timeZone);
  }

  /**
   * The total of a list filtered by status only (or not at all), without counting a million rows:
   * booking_status_totals keeps every status but 'new' (kept by triggers, exact), and the 'new'
   * bookings, the ones not handled yet, are counted from the status index.
   */
  private countFromTotals(list: ParsedList): Promise<number> | undefined {
    const values = onlyFilterValues(list, 'status');
    if (values === undefined) return undefined;
    const statuses = values === null ? [...BOOKING_STATUSES] : [...new Set(values.map((value) => toBookingStatus(value) ?? value))];
    return queryRows<{ total: string }>(
      this.dataSource,
      `SELECT (SELECT coalesce(sum(bookings), 0) FROM booking_status_totals WHERE status = ANY($1::text[]) AND status <> 'new')
              + CASE WHEN 'new' = ANY($1::text[]) THEN (SELECT count(*) FROM bookings WHERE status = 'new') ELSE 0 END AS total`,
      [statuses],
    ).then(([row]) => Number(row!.total));
  }
}
