import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { calendarDay, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { defineListSpec, findListPage, onlyFilterValues, parseListParams, type ListParams, type ParsedList } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { ReferralHistoryItem, ReferralStats } from '../../contracts/referral-views.js';
import { REFERRAL_STATUSES, URGENCIES, type ReferralStatus } from '../../contracts/referral-rules.js';
import { queryRows } from '../../database/sql.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { applyReferralStatus, PAYMENT_TERMS_DAYS } from '../rebates/rebate.rules.js';
import { firstName } from '../../contracts/person-name.js';
import { toAdminReferral, type AdminReferralView } from './dto/referral.dto.js';
import { PhotosService, type PhotoView } from './photos.service.js';
import { Referral } from './referral.entity.js';

/** Completed, unpaid parts past their payment terms (spec §9: 15 days for C&V, 30 for reline). */
const OVERDUE_SQL = `((r.cleanview_rebate_status <> 'paid' AND r.cleanview_completed_at < now() - interval '${PAYMENT_TERMS_DAYS.cleanView} days')
   OR (r.reline_rebate_status <> 'paid' AND r.reline_completed_at < now() - interval '${PAYMENT_TERMS_DAYS.reline} days'))`;

export const REFERRAL_LIST = defineListSpec({
  resource: 'referrals',
  idColumn: 'r.id',
  sortable: {
    createdAt: 'r.created_at',
    updatedAt: 'r.updated_at',
    refNumber: 'r.ref_number',
    status: 'r.status',
    urgency: 'r.urgency',
    clientName: 'lower(r.client_name)',
    plumberName: 'lower(r.plumber_name)',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['r.ref_number', 'r.client_name', 'r.plumber_name', 'r.plumber_company', 'r.plumber_email', 'r.suburb', 'r.job_address']),
    status: equals('r.status', REFERRAL_STATUSES),
    urgency: equals('r.urgency', URGENCIES),
    plumberId: equals('r.plumber_id::text'),
    plumberEmail: { apply: (query, value, name) => equals('lower(r.plumber_email)').apply(query, typeof value === 'string' ? value.trim().toLowerCase() : value, name) },
    createdFrom: calendarDay('r.created_at', '>=', 0),
    createdTo: calendarDay('r.created_at', '<', 1),
    overdue: {
      apply(query, value, name) {
        if (value !== true && value !== false) throw DomainError.validation([{ field: `filter.${name}`, message: 'overdue must be true or false' }]);
        // Not completed means not overdue (the comparison is NULL there, which NOT alone would drop).
        query.andWhere(value ? OVERDUE_SQL : `NOT coalesce(${OVERDUE_SQL}, false)`);
      },
    },
    id: ids('r.id'),
  },
  defaultPageSize: 5,
  maxPageSize: 500,
});

export type { ReferralHistoryItem, ReferralStats };

/** The staff side of the programme (console → Referrals). */
@Injectable()
export class ReferralsAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly photos: PhotosService,
  ) {}

  async list(params: ListParams): Promise<{ rows: AdminReferralView[]; total: number; offset: number }> {
    const list = parseListParams(params, REFERRAL_LIST);
    const query = this.dataSource.getRepository(Referral).createQueryBuilder('r').setParameter('tz', this.config.tzDisplay);
    const [rows, total] = await findListPage(query, list, REFERRAL_LIST, (parsed) => this.countFromTotals(parsed));
    const now = new Date();
    return { rows: rows.map((row) => toAdminReferral(row, now)), total, offset: list.offset };
  }

  /** The total of a list filtered by status only (or not at all), from the running totals (exact, kept by triggers). */
  private countFromTotals(list: ParsedList): Promise<number> | undefined {
    const values = onlyFilterValues(list, 'status');
    if (values === undefined) return undefined;
    return queryRows<{ total: string }>(
      this.dataSource,
      `SELECT coalesce(sum(referrals), 0) AS total FROM referral_totals WHERE $1::text[] IS NULL OR status = ANY($1::text[])`,
      [values === null ? null : [...new Set(values)]],
    ).then(([row]) => Number(row!.total));
  }

  private async find(id: string): Promise<Referral> {
    const referral = /^[0-9a-f-]{36}$/i.test(id) ? await this.dataSource.manager.findOneBy(Referral, { id }) : null;
    if (!referral) throw DomainError.notFound('Referral not found.');
    return referral;
  }

  async get(id: string): Promise<AdminReferralView & { history: ReferralHistoryItem[]; photos: PhotoView[] }> {
    const referral = await this.find(id);
    const [history, photos] = await Promise.all([this.history(id), this.photos.list(id)]);
    return { ...toAdminReferral(referral), history, photos };
  }

  private async history(id: string): Promise<ReferralHistoryItem[]> {
    const rows = await queryRows<{ id: string; kind: ReferralHistoryItem['kind']; from: string | null; to: string | null; actor: string | null; createdAt: Date }>(
      this.dataSource,
      `SELECT e.id, e.kind, e.from_value AS "from", e.to_value AS "to", u.email AS actor, e.created_at AS "createdAt"
       FROM referral_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.referral_id = $1 ORDER BY e.created_at, e.id`,
      [id],
    );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  }

  /**
   * Status and notes, as staff save them. A status change applies the rebate table (spec §4) in the
   * same transaction, and every change is recorded in the referral's history.
   */
  async update(actor: CurrentUserInfo, id: string, changes: { status?: string; notes?: string | null }): Promise<AdminReferralView> {
    if (changes.status !== undefined && !(REFERRAL_STATUSES as readonly string[]).includes(changes.status)) {
      throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}` }]);
    }
    return this.dataSource.transaction(async (manager) => {
      const referral = await manager.getRepository(Referral).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
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
        await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, from_value, to_value) VALUES ($1, $2, 'status', $3, $4)`, [id, actor.id, previous, changes.status]);
      }
      const notes = changes.notes === undefined ? undefined : changes.notes?.trim().slice(0, 5_000) || null;
      if (notes !== undefined && notes !== referral.notes) {
        await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, from_value, to_value) VALUES ($1, $2, 'notes', $3, $4)`, [id, actor.id, referral.notes, notes]);
        referral.notes = notes;
      }
      await manager.save(referral);
      return toAdminReferral(referral);
    });
  }

  /** The console's 'Send Email to Plumber': really sent, through the outbox. */
  async emailPlumber(actor: CurrentUserInfo, id: string, subject: string, message: string): Promise<{ notificationId: string; to: string; status: string }> {
    const referral = await this.find(id);
    return this.dataSource.transaction(async (manager) => {
      const queued = await this.notifications.enqueue(manager, {
        template: 'plumber_message',
        to: referral.plumberEmail,
        variables: { subject, plumberName: firstName(referral.plumberName), refNumber: referral.refNumber, message },
        entity: { type: 'referral', id },
      });
      await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, to_value) VALUES ($1, $2, 'email', $3)`, [id, actor.id, subject]);
      return { notificationId: queued.id, to: referral.plumberEmail, status: queued.status };
    });
  }

  /**
   * The console's summary. Totals by status and rebate money come from the running totals the
   * database keeps (referral_totals, by statement triggers), the top referrers from the per-referrer
   * counts, what falls due from the partial indexes of unpaid completed parts, the chart from the list
   * index: no request reads every referral.
   *
   * One snapshot for every figure. No parallel workers: each query reads a few thousand index entries
   * at most, but the planner, seeing "not paid" and "completed more than 15 days ago" as independent
   * (they are not: unpaid completed parts are all recent), expects 20 to 200 times more rows and would start
   * workers that cost more than the reads (bench/SCALE-NOTES.md).
   */
  stats(now: Date = new Date()): Promise<ReferralStats> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
      return this.statsIn(manager, now);
    });
  }

  private async statsIn(manager: EntityManager, now: Date): Promise<ReferralStats> {
    const tz = this.config.tzDisplay;
    const [totals] = await queryRows<Record<string, number | string>>(
      manager,
      `SELECT coalesce(sum(referrals), 0)::int AS total,
              ${REFERRAL_STATUSES.map((status) => `coalesce(sum(referrals) FILTER (WHERE status = '${status}'), 0)::int AS "${status}"`).join(', ')},
              (coalesce(sum(cleanview_cents) FILTER (WHERE cleanview_rebate_status = 'paid'), 0)
               + coalesce(sum(reline_cents) FILTER (WHERE reline_rebate_status = 'paid'), 0))::bigint AS "paidCents",
              (coalesce(sum(cleanview_cents) FILTER (WHERE cleanview_rebate_status <> 'paid'), 0)
               + coalesce(sum(reline_cents) FILTER (WHERE reline_rebate_status <> 'paid'), 0))::bigint AS "pendingCents"
       FROM referral_totals`,
    );
    // Each side of the OR reads its partial index of unpaid, completed parts.
    const [{ overdue }] = await queryRows<{ overdue: number }>(manager, `SELECT count(*)::int AS overdue FROM referrals r WHERE ${OVERDUE_SQL}`);
    // Only referrers whose count reaches the third highest can rank; the most recent referral of each
    // (found through the plumber's index) gives the name shown and breaks ties.
    const topReferrers = await queryRows<ReferralStats['topReferrers'][number]>(
      manager,
      `WITH cutoff AS (
         SELECT coalesce((SELECT referrals FROM referral_referrer_totals WHERE referrals > 0 ORDER BY referrals DESC OFFSET 2 LIMIT 1), 1) AS referrals
       )
       SELECT latest.plumber_id::text AS "plumberId", latest.plumber_name AS "plumberName", latest.plumber_company AS "plumberCompany",
              latest.plumber_email AS "plumberEmail", t.referrals::int AS count
       FROM referral_referrer_totals t
       CROSS JOIN cutoff
       CROSS JOIN LATERAL (
         (SELECT r.plumber_id, r.plumber_name, r.plumber_company, r.plumber_email, r.created_at FROM referrals r
          WHERE r.plumber_id = t.plumber_id ORDER BY r.created_at DESC LIMIT 1)
         UNION ALL
         (SELECT r.plumber_id, r.plumber_name, r.plumber_company, r.plumber_email, r.created_at FROM referrals r
          WHERE t.plumber_id IS NULL AND r.plumber_id IS NULL AND lower(r.plumber_email) = t.email_key ORDER BY r.created_at DESC LIMIT 1)
       ) latest
       WHERE t.referrals >= cutoff.referrals
       ORDER BY t.referrals DESC, latest.created_at DESC LIMIT 3`,
    );
    const due = await this.dueWithin(3, now, manager);
    // One index-only count per week and status (the list index on status, created_at).
    const weekly = (status: string) =>
      `(SELECT count(*) FROM referrals r WHERE r.status = '${status}'
          AND r.created_at >= weeks.week AT TIME ZONE $1 AND r.created_at < (weeks.week + interval '1 week') AT TIME ZONE $1)::int AS "${status}"`;
    const perWeek = await queryRows<{ weekStart: string } & Record<ReferralStatus, number>>(
      manager,
      `WITH weeks AS (
         SELECT generate_series(date_trunc('week', now() AT TIME ZONE $1) - interval '11 weeks', date_trunc('week', now() AT TIME ZONE $1), interval '1 week') AS week
       )
       SELECT to_char(weeks.week, 'YYYY-MM-DD') AS "weekStart", ${REFERRAL_STATUSES.map(weekly).join(', ')}
       FROM weeks ORDER BY weeks.week`,
      [tz],
    );
    return {
      total: Number(totals!.total),
      byStatus: Object.fromEntries(REFERRAL_STATUSES.map((status) => [status, Number(totals![status] ?? 0)])) as Record<ReferralStatus, number>,
      rebates: { paid: Number(totals!.paidCents) / 100, pending: Number(totals!.pendingCents) / 100 },
      overdueCount: overdue,
      topReferrers,
      due,
      perWeek,
    };
  }

  /**
   * Unpaid, completed parts due within `days` days, or overdue (the daily e-mail and the console list).
   * Each part's bound on its completion time, a day looser than the due date (`+ interval` counts
   * calendar days, which a daylight-saving change makes 23 or 25 hours), lets its partial index find
   * the few candidates; the due date itself decides.
   */
  async dueWithin(days: number, now: Date = new Date(), manager?: EntityManager): Promise<ReferralStats['due']> {
    const rows = await queryRows<{ referralId: string; refNumber: string; plumberName: string; part: 'cleanView' | 'reline'; cents: number; dueAt: Date }>(
      manager ?? this.dataSource,
      `SELECT * FROM (
         SELECT id AS "referralId", ref_number AS "refNumber", plumber_name AS "plumberName", 'cleanView' AS part,
                cleanview_rebate_amount_cents AS cents, cleanview_completed_at + interval '${PAYMENT_TERMS_DAYS.cleanView} days' AS "dueAt"
         FROM referrals WHERE cleanview_completed_at IS NOT NULL AND cleanview_rebate_status <> 'paid'
           AND cleanview_completed_at < $1::timestamptz + $2 * interval '1 day' - interval '${PAYMENT_TERMS_DAYS.cleanView - 1} days'
         UNION ALL
         SELECT id, ref_number, plumber_name, 'reline', reline_rebate_amount_cents, reline_completed_at + interval '${PAYMENT_TERMS_DAYS.reline} days'
         FROM referrals WHERE reline_completed_at IS NOT NULL AND reline_rebate_status <> 'paid'
           AND reline_completed_at < $1::timestamptz + $2 * interval '1 day' - interval '${PAYMENT_TERMS_DAYS.reline - 1} days'
       ) due WHERE "dueAt" < $1::timestamptz + $2 * interval '1 day'
       ORDER BY "dueAt"`,
      [now.toISOString(), days],
    );
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
