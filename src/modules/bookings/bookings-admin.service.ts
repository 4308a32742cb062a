import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../../common/events/domain-events.js';
import { BookingStatusChanged } from './booking.events.js';
import type { Readable } from 'node:stream';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import { AuditService } from '../audit/audit.service.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { BULK_STATUS_MAX, type BookingStats, type BulkStatusResult } from '@relining/contracts/api/bookings';
import { toBookingStatus, type BookingStatus } from '@relining/contracts/booking-rules';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { Booking } from './booking.entity.js';
import { BOOKING_CSV_COLUMNS, BOOKING_LIST, BookingsRepository } from './bookings.repository.js';
import type { BookingResponse } from './dto/booking.dto.js';

export type { BookingStats };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_MESSAGE = 'Status must be one of: New, Contacted, Scheduled, Completed, Cancelled';

@Injectable()
export class BookingsAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: BookingsRepository,
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
  ) {}

  /** How many bookings no one has contacted yet (read-only, for the console's Today page). */
  countNotYetContacted(): Promise<number> {
    return this.repository.countNotYetContacted();
  }

  toResponse(booking: Booking): BookingResponse {
    return {
      id: booking.id,
      fullName: booking.fullName,
      email: booking.email,
      phone: booking.phone,
      address: booking.address,
      suburb: booking.suburb,
      state: booking.state,
      postcode: booking.postcode,
      preferredDate: booking.preferredDate,
      preferredTime: booking.preferredTime,
      briefDescription: booking.briefDescription,
      howHeardAboutUs: booking.howHeardAboutUs,
      referralCode: booking.referralCode ?? null,
      referralCodeStatus: booking.referralCodeStatus ?? null,
      referrerId: booking.referrerId ?? null,
      status: booking.status ?? 'new',
      createdAt: booking.createdAt.toISOString(),
      updatedAt: booking.updatedAt.toISOString(),
    };
  }

  async list(params: ListParams): Promise<{ rows: BookingResponse[]; total: number; offset: number }> {
    const list = parseListParams(params, BOOKING_LIST);
    const [rows, total] = await this.repository.findForAdminList(list, this.config.tzDisplay);
    return { rows: rows.map((row) => this.toResponse(row)), total, offset: list.offset };
  }

  /** The booking as other modules need it (matching its customer's referrals). */
  findRecord(id: string): Promise<BookingResponse | null> {
    return this.repository.findById(id).then((booking) => (booking ? this.toResponse(booking) : null));
  }

  /** Where a booking's job is (its suburb and postcode), for modules that follow jobs, in their transaction. */
  placeOf(manager: EntityManager, id: string): Promise<{ suburb: string; postcode: string | null } | null> {
    return this.repository.findPlace(manager, id);
  }

  async get(id: string): Promise<BookingResponse> {
    const booking = await this.repository.findById(id);
    if (!booking) throw DomainError.notFound('Booking not found.');
    return this.toResponse(booking);
  }

  /** spec §4: any status can be set; a change also sets updated_at. */
  async updateStatus(id: string, status: unknown): Promise<BookingResponse> {
    const value = toBookingStatus(status);
    if (!value) throw DomainError.validation([{ field: 'status', message: STATUS_MESSAGE }]);
    await this.dataSource.transaction((manager) => this.setStatusIn(manager, id, value));
    return this.get(id);
  }

  /**
   * POST /api/admin/bookings/bulk-status: the same change as one-by-one (`setStatusIn`: its rules,
   * events, e-mails and audit entry per booking changed) for up to 500 bookings in one transaction, all
   * or nothing: an unknown id (404) or a bad status (400, the one-by-one message) changes none.
   */
  async bulkStatus(body: unknown): Promise<BulkStatusResult> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors: Array<{ field: string; message: string }> = [];
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_STATUS_MAX) {
      errors.push({ field: 'ids', message: `Please choose from 1 to ${BULK_STATUS_MAX} bookings` });
    } else if (!ids.every((id): id is string => typeof id === 'string' && UUID.test(id))) {
      errors.push({ field: 'ids', message: 'Each id must be a booking id (a uuid)' });
    }
    const status = toBookingStatus(input.status);
    if (!status) errors.push({ field: 'status', message: STATUS_MESSAGE });
    if (errors.length > 0 || !status) throw DomainError.validation(errors);
    // Each booking once, locked in one order, so two bulk actions at once cannot deadlock.
    const unique = [...new Set((ids as string[]).map((id) => id.toLowerCase()))].sort();
    return this.dataSource.transaction(async (manager) => {
      const updated: string[] = [];
      const unchanged: string[] = [];
      for (const id of unique) {
        const changed = await this.setStatusIn(manager, id, status, { bulk: unique.length });
        (changed ? updated : unchanged).push(id);
      }
      return { updated, unchanged };
    });
  }

  /**
   * Sets a booking's status in the caller's transaction and tells the modules that react (a confirmed
   * appointment makes it Scheduled; a cancelled booking voids its referral's rebates not yet earned
   * and frees its place, in this transaction). Answers whether the status changed (the same status
   * again writes nothing, raises nothing).
   */
  async setStatusIn(manager: EntityManager, id: string, status: BookingStatus, details?: Record<string, unknown>): Promise<boolean> {
    const previous = await this.repository.updateStatus(manager, id, status);
    if (previous === undefined) throw DomainError.notFound('Booking not found.');
    if (previous === status) return false;
    await this.events.publish(manager, new BookingStatusChanged(id, status, previous));
    await this.audit.record(manager, {
      entity: 'booking',
      entityId: id,
      action: 'status_changed',
      before: { status: previous },
      after: { status },
      ...(details ? { details } : {}),
    });
    return true;
  }

  /**
   * Records staff's decision about a booking's unknown referral code (attributed to a plumber, or
   * dismissed) in the booking's history, in the decision's transaction.
   */
  recordReferralCodeDecision(
    manager: EntityManager,
    bookingId: string,
    decision: { referralCode: string | null; decision: 'attributed' | 'dismissed'; plumberId: string | null; resolution: string },
  ): Promise<void> {
    return this.audit.record(manager, { entity: 'booking', entityId: bookingId, action: 'referral_code_decided', details: decision });
  }

  async stats(): Promise<BookingStats> {
    const [totals, perDay] = await Promise.all([this.repository.totals(this.config.tzDisplay), this.repository.perDay(this.config.tzDisplay)]);
    return { ...totals, perDay };
  }

  /** The export's file name, dated with today in TZ_DISPLAY (not the server's or UTC's day). */
  csvFileName(now: Date = new Date()): string {
    return `bookings-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /**
   * Every booking matching the list's filter as CSV, streamed from a database cursor by the shared
   * exporter: memory stays flat however many rows there are. The export is audited (who, the filter,
   * how many rows).
   */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, BOOKING_LIST);
    const finished = this.audit.exportRecorder({ list: 'bookings', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    // Times are in TZ_DISPLAY, and the heading says so ('created_at (Melbourne time)').
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      BOOKING_CSV_COLUMNS.map((column) => (column === 'created_at' || column === 'updated_at' ? `${column} (${zone})` : column)),
      finished,
    );
  }
}
