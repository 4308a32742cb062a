import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type {
  EmailPlumberResult,
  ReferralChangeResult,
  ReferralDetail,
  ReferralHistoryItem,
  ReferralMatch,
  ReferralMatches,
  ReferralRecord,
  ReferralStats,
} from '@relining/contracts/api/referrals';
import { REFERRAL_STATUSES, type ReferralStatus } from '@relining/contracts/referral-rules';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { ReferralPipeline } from './referral-pipeline.service.js';
import type { MatchRow } from './referrals.repository.js';
import { UsersService } from '../users/users.service.js';
import { firstName } from '@relining/contracts/person-name';
import { toAdminReferral } from './dto/referral.dto.js';
import { PhotosService } from './photos.service.js';
import type { Referral } from './referral.entity.js';
import { REFERRAL_LIST, ReferralsRepository } from './referrals.repository.js';

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
    if (changes.status !== undefined && !(REFERRAL_STATUSES as readonly string[]).includes(changes.status)) {
      throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}` }]);
    }
    return this.dataSource.transaction(async (manager) => {
      const referral = await this.repository.findForUpdate(manager, id);
      if (!referral) throw DomainError.notFound('Referral not found.');
      let notices: string[] = [];
      if (changes.status !== undefined && changes.status !== referral.status) {
        notices = await this.pipeline.changeStatus(manager, referral, changes.status as ReferralStatus, actor.id, 'Set by staff');
      }
      const staffNotes = changes.staffNotes === undefined ? undefined : changes.staffNotes?.trim().slice(0, 5_000) || null;
      if (staffNotes !== undefined && staffNotes !== referral.staffNotes) {
        // Staff notes stay internal: the history keeps that they changed, not what they say.
        await this.repository.recordEvent(manager, id, { kind: 'staff_notes', actorId: actor.id });
        referral.staffNotes = staffNotes;
        await this.repository.save(manager, referral);
      }
      return { ...toAdminReferral(referral), notices };
    });
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
