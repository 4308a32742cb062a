import { HttpStatus, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type {
  EmailPlumberResult,
  ReferralBulkStatusResult,
  ReferralChangeResult,
  ReferralDetail,
  ReferralHistoryItem,
  ReferralMatch,
  ReferralMatches,
  ReferralRecord,
  ReferralStats,
} from '@relining/contracts/api/referrals';
import { REFERRAL_STATUSES, type ReferralStatus } from '@relining/contracts/referral-rules';
import { AuditService } from '../audit/audit.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { ReferralPipeline } from './referral-pipeline.service.js';
import type { MatchRow } from './referrals.repository.js';
import { UsersService } from '../users/users.service.js';
import { firstName } from '@relining/contracts/person-name';
import { toAdminReferral } from './dto/referral.dto.js';
import { PhotosService } from './photos.service.js';
import type { Referral } from './referral.entity.js';
import { REFERRAL_CSV_COLUMNS, REFERRAL_CSV_TIME_COLUMNS, REFERRAL_LIST, ReferralsRepository } from './referrals.repository.js';

export type { ReferralHistoryItem, ReferralStats };

/** The staff side of the programme (console → Referrals). */
@Injectable()
export class ReferralsAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: ReferralsRepository,
    private readonly notifications: NotificationsService,
    private readonly photos: PhotosService,
    private readonly users: UsersService,
    private readonly pipeline: ReferralPipeline,
    private readonly rebates: RebatesService,
    private readonly audit: AuditService,
  ) {}

  async list(params: ListParams): Promise<{ rows: ReferralRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, REFERRAL_LIST);
    const [rows, total] = await this.repository.findForAdminList(list, this.config.tzDisplay);
    const now = new Date();
    return { rows: rows.map((row) => toAdminReferral(row, now)), total, offset: list.offset };
  }

  private async find(id: string): Promise<Referral> {
    const referral = await this.repository.findById(id);
    if (!referral) throw DomainError.notFound('Referral not found.');
    return referral;
  }

  async get(id: string): Promise<ReferralDetail> {
    const referral = await this.find(id);
    const [events, photos, ledger] = await Promise.all([this.repository.findHistory(id), this.photos.list(id), this.rebates.ledgerOf(id)]);
    const actors = await this.users.emailsOf(events.flatMap((event) => (event.actorId ? [event.actorId] : [])));
    const history = events.map(({ actorId, createdAt, ...event }) => ({
      ...event,
      actor: actorId ? (actors.get(actorId) ?? null) : null,
      createdAt: new Date(createdAt).toISOString(),
    }));
    return { ...toAdminReferral(referral), history, photos, ledger };
  }

  /** The customer's referrals a job made from this booking may carry (console → the booking → Create job). */
  async matches(bookingId: unknown): Promise<ReferralMatches> {
    if (typeof bookingId !== 'string' || !/^[0-9a-f-]{36}$/i.test(bookingId)) {
      throw DomainError.validation([{ field: 'bookingId', message: 'bookingId must be a booking id' }]);
    }
    const { rows, suggested, conflict } = await this.pipeline.matchesForBooking(bookingId);
    return { matches: rows.map(toMatch), suggestedReferralId: conflict ? null : (suggested?.id ?? null), conflict };
  }

  /**
   * Status and staff notes, as staff save them. A status change goes through the pipeline: the rebate
   * table applied to the ledger, the referral's fields following it, its history and the plumber's
   * e-mail, in one transaction. The plumber's own notes are theirs: staff write `staffNotes`.
   */
  async update(actor: CurrentUserInfo, id: string, changes: { status?: string; staffNotes?: string | null }): Promise<ReferralChangeResult> {
    checkStatus(changes.status);
    return this.dataSource.transaction(async (manager) => {
      const { referral, notices } = await this.updateIn(manager, actor, id, changes);
      return { ...toAdminReferral(referral), notices };
    });
  }

  /**
   * One referral changed as staff save it, in the caller's transaction (the edit form, or a bulk
   * status change): answers it, whether anything changed, and what the change could not do.
   */
  private async updateIn(
    manager: EntityManager,
    actor: CurrentUserInfo,
    id: string,
    changes: { status?: string; staffNotes?: string | null },
  ): Promise<{ referral: Referral; changed: boolean; notices: string[] }> {
    const referral = await this.repository.findForUpdate(manager, id);
    if (!referral) throw DomainError.notFound('Referral not found.');
    let notices: string[] = [];
    let changed = false;
    if (changes.status !== undefined && changes.status !== referral.status) {
      notices = await this.pipeline.changeStatus(manager, referral, changes.status as ReferralStatus, actor.id, 'Set by staff');
      changed = true;
    }
    const staffNotes = changes.staffNotes === undefined ? undefined : changes.staffNotes?.trim().slice(0, 5_000) || null;
    if (staffNotes !== undefined && staffNotes !== referral.staffNotes) {
      // Staff notes stay internal: the history keeps that they changed, not what they say.
      await this.repository.recordEvent(manager, id, { kind: 'staff_notes', actorId: actor.id });
      await this.audit.record(manager, {
        entity: 'referral',
        entityId: id,
        action: 'update',
        before: { staffNotes: referral.staffNotes },
        after: { staffNotes },
      });
      referral.staffNotes = staffNotes;
      await this.repository.save(manager, referral);
      changed = true;
    }
    return { referral, changed, notices };
  }

  /**
   * Many referrals moved to one status in one transaction, each exactly as the edit form moves it
   * (ledger, history, the plumber's e-mail, the audit entry). All or nothing: an unknown id changes
   * nothing. Referrals already at the status are left as they are.
   */
  async bulkStatus(actor: CurrentUserInfo, ids: readonly string[], status: string | undefined): Promise<ReferralBulkOutcome> {
    if (status === undefined) throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}` }]);
    checkStatus(status);
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    return this.dataSource.transaction(async (manager) => {
      // Locked in id order first, so two bulk changes never wait on each other in a circle.
      const found = new Set(await this.repository.lockMany(manager, wanted));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new DomainError(
          'NOT_FOUND',
          'Referral not found.',
          HttpStatus.NOT_FOUND,
          missing.map((id) => ({ field: `ids.${wanted.indexOf(id)}`, message: 'Referral not found.' })),
        );
      }
      const outcome: ReferralBulkOutcome = { updated: [], unchanged: [], notices: [] };
      for (const id of wanted) {
        const { referral, changed, notices } = await this.updateIn(manager, actor, id, { status });
        (changed ? outcome.updated : outcome.unchanged).push(id);
        outcome.notices.push(...notices.map((notice) => `${referral.refNumber}: ${notice}`));
      }
      return outcome;
    });
  }

  csvFileName(now: Date = new Date()): string {
    return `referrals-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /** Every referral matching the list's filter as CSV, streamed (dates in TZ_DISPLAY, rebates in dollars); audited. */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, REFERRAL_LIST);
    const finished = this.audit.exportRecorder({ list: 'referrals', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      REFERRAL_CSV_COLUMNS.map((column) => (REFERRAL_CSV_TIME_COLUMNS.has(column) ? `${column} (${zone})` : column)),
      finished,
    );
  }

  /** The console's 'Send Email to Plumber': really sent, through the outbox. */
  async emailPlumber(actor: CurrentUserInfo, id: string, subject: string, message: string): Promise<EmailPlumberResult> {
    const referral = await this.find(id);
    return this.dataSource.transaction(async (manager) => {
      const queued = await this.notifications.enqueue(manager, {
        template: 'plumber_message',
        to: referral.plumberEmail,
        variables: { subject, plumberName: firstName(referral.plumberName), refNumber: referral.refNumber, message },
        entity: { type: 'referral', id },
      });
      await this.repository.recordEvent(manager, id, { kind: 'email', actorId: actor.id, to: subject });
      await this.audit.record(manager, {
        entity: 'referral',
        entityId: id,
        action: 'email',
        details: { to: referral.plumberEmail, subject, notificationId: queued.id },
      });
      return { notificationId: queued.id, to: referral.plumberEmail, status: queued.status };
    });
  }

  /**
   * The console's summary. Totals by status and rebate money come from the running totals the
   * database keeps (referral_totals, by statement triggers), the top referrers from the per-referrer
   * counts, what falls due from the partial indexes of unpaid completed parts, the chart from the list
   * index: no request reads every referral. One snapshot for every figure.
   */
  stats(now: Date = new Date()): Promise<ReferralStats> {
    return this.repository.inStatsSnapshot(async (manager) => {
      const totals = await this.repository.statusAndMoneyTotals(manager);
      // Money from the ledger: paid, and earned not yet paid (never a part not earned).
      const money = await this.rebates.moneyTotals(manager);
      const overdueCount = await this.repository.countOverdue(manager);
      const topReferrers = await this.repository.topReferrers(manager);
      const due = await this.dueWithin(3, now, manager);
      const perWeek = await this.repository.perWeek(manager, this.config.tzDisplay);
      return {
        total: totals.total,
        byStatus: totals.byStatus,
        rebates: { paid: money.paidCents / 100, pending: money.pendingCents / 100 },
        overdueCount,
        topReferrers,
        due,
        perWeek,
      };
    });
  }

  /** Unpaid, completed parts due within `days` days, or overdue (the daily e-mail and the console list). */
  async dueWithin(days: number, now: Date = new Date(), manager?: EntityManager): Promise<ReferralStats['due']> {
    const rows = await this.repository.findDueWithin(days, now, manager);
    return rows.map((row) => ({
      referralId: row.referralId,
      refNumber: row.refNumber,
      plumberName: row.plumberName,
      part: row.part,
      amount: row.cents / 100,
      dueAt: new Date(row.dueAt).toISOString(),
      overdue: new Date(row.dueAt).getTime() < now.getTime(),
    }));
  }
}

/** What a bulk status change did: every id is updated or unchanged; `notices` name the referral. */
export type ReferralBulkOutcome = ReferralBulkStatusResult;

function checkStatus(status: string | undefined): void {
  if (status !== undefined && !(REFERRAL_STATUSES as readonly string[]).includes(status)) {
    throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}` }]);
  }
}

function toMatch(row: MatchRow): ReferralMatch {
  const matchedBy: ReferralMatch['matchedBy'] = [];
  if (row.byBooking) matchedBy.push('booking');
  if (row.byEmail) matchedBy.push('email');
  if (row.byPhone) matchedBy.push('phone');
  if (row.byAddress) matchedBy.push('address');
  return {
    id: row.id,
    refNumber: row.refNumber,
    plumberId: row.plumberId,
    plumberName: row.plumberName,
    plumberCompany: row.plumberCompany,
    clientName: row.clientName,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
    matchedBy,
    jobId: row.jobId,
  };
}

export { toMatch };
