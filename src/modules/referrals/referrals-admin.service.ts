import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { EmailPlumberResult, ReferralDetail, ReferralHistoryItem, ReferralRecord, ReferralStats } from '@relining/contracts/api/referrals';
import { REFERRAL_STATUSES, type ReferralStatus } from '@relining/contracts/referral-rules';
import { NotificationsService } from '../notifications/notifications.service.js';
import { applyReferralStatus } from '../rebates/rebate.rules.js';
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
    const [events, photos] = await Promise.all([this.repository.findHistory(id), this.photos.list(id)]);
    const actors = await this.users.emailsOf(events.flatMap((event) => (event.actorId ? [event.actorId] : [])));
    const history = events.map(({ actorId, createdAt, ...event }) => ({
      ...event,
      actor: actorId ? (actors.get(actorId) ?? null) : null,
      createdAt: new Date(createdAt).toISOString(),
    }));
    return { ...toAdminReferral(referral), history, photos };
  }

  /**
   * Status and notes, as staff save them. A status change applies the rebate table (spec §4) in the
   * same transaction, and every change is recorded in the referral's history.
   */
  async update(actor: CurrentUserInfo, id: string, changes: { status?: string; notes?: string | null }): Promise<ReferralRecord> {
    if (changes.status !== undefined && !(REFERRAL_STATUSES as readonly string[]).includes(changes.status)) {
      throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}` }]);
    }
    return this.dataSource.transaction(async (manager) => {
      const referral = await this.repository.findForUpdate(manager, id);
      if (!referral) throw DomainError.notFound('Referral not found.');
      if (changes.status !== undefined && changes.status !== referral.status) {
        const previous = referral.status;
        const next = applyReferralStatus(
          {
            cleanViewStatus: referral.cleanViewRebateStatus,
            relineStatus: referral.relineRebateStatus,
            cleanViewCompletedAt: referral.cleanViewCompletedAt,
            relineCompletedAt: referral.relineCompletedAt,
            cleanViewPaidAt: referral.cleanViewPaidAt,
            relinePaidAt: referral.relinePaidAt,
          },
          changes.status as ReferralStatus,
          new Date(),
        );
        Object.assign(referral, {
          status: changes.status,
          cleanViewRebateStatus: next.cleanViewStatus,
          relineRebateStatus: next.relineStatus,
          cleanViewCompletedAt: next.cleanViewCompletedAt,
          relineCompletedAt: next.relineCompletedAt,
          cleanViewPaidAt: next.cleanViewPaidAt,
          relinePaidAt: next.relinePaidAt,
        });
        await this.repository.recordEvent(manager, id, { kind: 'status', actorId: actor.id, from: previous, to: changes.status });
      }
      const notes = changes.notes === undefined ? undefined : changes.notes?.trim().slice(0, 5_000) || null;
      if (notes !== undefined && notes !== referral.notes) {
        await this.repository.recordEvent(manager, id, { kind: 'notes', actorId: actor.id, from: referral.notes, to: notes });
        referral.notes = notes;
      }
      await this.repository.save(manager, referral);
      return toAdminReferral(referral);
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
      const overdueCount = await this.repository.countOverdue(manager);
      const topReferrers = await this.repository.topReferrers(manager);
      const due = await this.dueWithin(3, now, manager);
      const perWeek = await this.repository.perWeek(manager, this.config.tzDisplay);
      return {
        total: totals.total,
        byStatus: totals.byStatus,
        rebates: { paid: totals.paidCents / 100, pending: totals.pendingCents / 100 },
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
