import { Injectable } from '@nestjs/common';
import { Transform, type Readable } from 'node:stream';
import QueryStream from 'pg-query-stream';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { calendarDay, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, findListPage, onlyFilterValues, parseListParams, type FilterDefinition, type ListParams, type ParsedList } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { BOOKING_STATUSES, toBookingStatus, type BookingStatus } from '../../contracts/booking-rules.js';
import { ownValue } from '../../contracts/own-keys.js';
import { queryRows } from '../../database/sql.js';
import { csvLine } from '../../common/csv/csv.js';
import { isoDayIn, zoneLabel } from '../../contracts/date-format.js';
import { Booking } from './booking.entity.js';
import type { BookingResponse } from './dto/booking.dto.js';

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
    created_at: 'b.created_at',
    updated_at: 'b.updated_at',
    preferred_date: 'b.preferred_date',
    full_name: 'lower(b.full_name)',
    suburb: 'lower(b.suburb)',
    status: 'b.status',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: search(['b.full_name', 'b.email', 'b.phone', 'b.suburb', 'b.address']),
    status: {
      apply(query, value, name) {
        const values = (Array.isArray(value) ? value : [value]).map((item) => toBookingStatus(item) ?? String(item));
        equals('b.status', BOOKING_STATUSES).apply(query, values.length === 1 ? values[0] : values, name);
      },
    },
    period: periodFilter,
    created_from: calendarDay('b.created_at', '>=', 0),
    created_to: calendarDay('b.created_at', '<', 1),
    id: ids('b.id'),
  },
  defaultPageSize: 10,
  maxPageSize: 500,
});

export interface BookingStats {
  total: number;
  thisWeek: number;
  byStatus: Record<BookingStatus, number>;
  /** Bookings per day over the last 30 days (display time zone), oldest first. */
  perDay: Array<{ date: string; count: number }>;
}

const CSV_COLUMNS = [
  'id', 'full_name', 'email', 'phone', 'address', 'suburb', 'state', 'postcode', 'preferred_date', 'preferred_time',
  'brief_description', 'how_heard_about_us', 'status', 'created_at', 'updated_at',
] as const;

/** Lines are gathered into chunks of about this many characters before they are written out. */
const CSV_CHUNK_CHARS = 64 * 1024;

@Injectable()
export class BookingsAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  toResponse(booking: Booking): BookingResponse {
    return {
      id: booking.id,
      full_name: booking.fullName,
      email: booking.email,
      phone: booking.phone,
      address: booking.address,
      suburb: booking.suburb,
      state: booking.state,
      postcode: booking.postcode,
      preferred_date: booking.preferredDate,
      preferred_time: booking.preferredTime,
      brief_description: booking.briefDescription,
      how_heard_about_us: booking.howHeardAboutUs,
      status: booking.status ?? 'new',
      created_at: booking.createdAt.toISOString(),
      updated_at: booking.updatedAt.toISOString(),
    };
  }

  private query(params: ListParams) {
    const list = parseListParams(params, BOOKING_LIST);
    const query = this.dataSource.getRepository(Booking).createQueryBuilder('b').setParameter('tz', this.config.tzDisplay);
    return { list, query };
  }

  async list(params: ListParams): Promise<{ rows: BookingResponse[]; total: number; offset: number }> {
    const { list, query } = this.query(params);
    const [rows, total] = await findListPage(query, list, BOOKING_LIST, (parsed) => this.countFromTotals(parsed));
    return { rows: rows.map((row) => this.toResponse(row)), total, offset: list.offset };
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

  async get(id: string): Promise<BookingResponse> {
    const booking = await this.dataSource.manager.findOneBy(Booking, { id });
    if (!booking) throw DomainError.notFound('Booking not found.');
    return this.toResponse(booking);
  }

  /** spec §4: any status can be set; a change also sets updated_at. */
  async updateStatus(id: string, status: unknown): Promise<BookingResponse> {
    const value = toBookingStatus(status);
    if (!value) throw DomainError.validation([{ field: 'status', message: 'Status must be one of: New, Contacted, Scheduled, Completed, Cancelled' }]);
    const rows = await queryRows<{ id: string }>(this.dataSource, `UPDATE bookings SET status = $2, updated_at = now() WHERE id = $1 RETURNING id`, [id, value]);
    if (rows.length === 0) throw DomainError.notFound('Booking not found.');
    return this.get(id);
  }

  async stats(): Promise<BookingStats> {
    const tz = this.config.tzDisplay;
    const [totals] = await queryRows<Record<string, number>>(
      this.dataSource,
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE created_at >= date_trunc('week', now() AT TIME ZONE $1) AT TIME ZONE $1)::int AS "thisWeek",
              ${BOOKING_STATUSES.map((status) => `count(*) FILTER (WHERE status = '${status}')::int AS "${status}"`).join(', ')}
       FROM bookings`,
      [tz],
    );
    const perDay = await queryRows<{ date: string; count: number }>(
      this.dataSource,
      `WITH days AS (
         SELECT generate_series((now() AT TIME ZONE $1)::date - 29, (now() AT TIME ZONE $1)::date, interval '1 day')::date AS day
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, count(b.id)::int AS count
       FROM days LEFT JOIN bookings b
         ON b.created_at >= days.day::timestamp AT TIME ZONE $1 AND b.created_at < (days.day + 1)::timestamp AT TIME ZONE $1
       GROUP BY days.day ORDER BY days.day`,
      [tz],
    );
    return {
      total: totals!.total!,
      thisWeek: totals!.thisWeek!,
      byStatus: Object.fromEntries(BOOKING_STATUSES.map((status) => [status, totals![status] ?? 0])) as Record<BookingStatus, number>,
      perDay,
    };
  }

  /** The export's file name, dated with today in TZ_DISPLAY (not the server's or UTC's day). */
  csvFileName(now: Date = new Date()): string {
    return `bookings-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /**
   * Every booking matching the list's filter as CSV, streamed from a database cursor: memory stays
   * flat however many rows there are. Rows come as arrays of text (no object per row) and lines leave
   * in chunks of ~64 KB. The connection is released when the download ends or stops.
   */
  async exportCsv(params: ListParams): Promise<Readable> {
    const { list, query } = this.query({ filter: params.filter, sort: params.sort });
    const filtered = applyListQuery(query, { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, BOOKING_LIST).offset(undefined).limit(undefined);
    // In CSV_COLUMNS order.
    filtered.select([
      'b.id AS id', 'b.full_name AS full_name', 'b.email AS email', 'b.phone AS phone', 'b.address AS address', 'b.suburb AS suburb',
      'b.state AS state', 'b.postcode AS postcode', `to_char(b.preferred_date, 'YYYY-MM-DD') AS preferred_date`, 'b.preferred_time AS preferred_time',
      'b.brief_description AS brief_description', 'b.how_heard_about_us AS how_heard_about_us', 'b.status AS status',
      `to_char(b.created_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
      `to_char(b.updated_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS updated_at`,
    ]);
    const [sql, parameters] = filtered.getQueryAndParameters();
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const client: PoolClient = await pool.connect();
    const rows = client.query(new QueryStream(sql, parameters, { batchSize: 1_000, rowMode: 'array' }));
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    // Times are in TZ_DISPLAY, and the heading says so ('created_at (Melbourne time)').
    const zone = zoneLabel(this.config.tzDisplay);
    let chunk = `${csvLine(CSV_COLUMNS.map((column) => (column === 'created_at' || column === 'updated_at' ? `${column} (${zone})` : column)))}\n`;
    const csv = new Transform({
      writableObjectMode: true,
      transform(row: Array<string | null>, _encoding, done) {
        chunk += `${csvLine(row)}\n`;
        if (chunk.length < CSV_CHUNK_CHARS) return done();
        const out = chunk;
        chunk = '';
        done(null, out);
      },
      flush(done) {
        done(null, chunk || undefined);
      },
    });
    rows.on('error', (error) => {
      release(error);
      csv.destroy(error);
    });
    rows.on('end', () => release());
    csv.on('close', () => {
      if (!released) {
        rows.destroy();
        release(new Error('download stopped'));
      }
    });
    return rows.pipe(csv);
  }
}
