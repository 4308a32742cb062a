import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { calendarDay, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, findListPage, onlyFilterValues, type ParsedList } from '../../common/react-admin/list-query.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import type { ReferralHistoryItem, ReferralStats } from '@relining/contracts/api/referrals';
import { REFERRAL_SOURCES, REFERRAL_STATUSES, URGENCIES, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import type { ReferralReviewKind } from '@relining/contracts/api/referrals';
import { ReferralReview } from './referral-review.entity.js';
import { queryRows } from '../../database/sql.js';
import { PAYMENT_TERMS_DAYS } from '../rebates/rebate.rules.js';
import { Referral } from './referral.entity.js';

/** Completed, unpaid parts past their payment terms (spec §9, PAYMENT_TERMS_DAYS in the business constants). */
const OVERDUE_SQL = `((r.cleanview_rebate_status <> 'paid' AND r.cleanview_rebate_status IN ('processing', 'approved') AND r.cleanview_completed_at < now() - interval '${PAYMENT_TERMS_DAYS.cleanView} days')
   OR (r.reline_rebate_status <> 'paid' AND r.reline_rebate_status IN ('processing', 'approved') AND r.reline_completed_at < now() - interval '${PAYMENT_TERMS_DAYS.reline} days'))`;

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
    bookingId: equals('r.booking_id::text'),
    jobId: equals('r.job_id::text'),
    source: equals('r.source', REFERRAL_SOURCES),
    review: equals('r.review_state', ['held', 'approved', 'rejected']),
    plumberEmail: {
      apply: (query, value, name) => equals('lower(r.plumber_email)').apply(query, typeof value === 'string' ? value.trim().toLowerCase() : value, name),
    },
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

/** The columns of the referrals export, in order (times in TZ_DISPLAY, rebates in dollars). */
export const REFERRAL_CSV_COLUMNS = [
  'id',
  'ref_number',
  'created_at',
  'customer',
  'client_phone',
  'job_address',
  'suburb',
  'state',
  'postcode',
  'plumber',
  'plumber_company',
  'plumber_email',
  'urgency',
  'status',
  'cleanview_rebate_status',
  'cleanview_rebate_amount',
  'cleanview_completed_at',
  'cleanview_paid_at',
  'reline_rebate_status',
  'reline_rebate_amount',
  'reline_completed_at',
  'reline_paid_at',
  'source',
  'updated_at',
] as const;

/** The export's time columns, whose heading names the zone. */
export const REFERRAL_CSV_TIME_COLUMNS: ReadonlySet<string> = new Set([
  'created_at',
  'cleanview_completed_at',
  'cleanview_paid_at',
  'reline_completed_at',
  'reline_paid_at',
  'updated_at',
]);

/** A referral as matching shows it (MatchRow without what matched). */
const MATCH_COLUMNS = `id, ref_number AS "refNumber", plumber_id AS "plumberId", plumber_name AS "plumberName", plumber_company AS "plumberCompany",
  plumber_email AS "plumberEmail", client_name AS "clientName", created_at AS "createdAt", status, job_id AS "jobId"`;

export const REVIEW_LIST = defineListSpec({
  resource: 'referral-reviews',
  idColumn: 'v.id',
  sortable: { createdAt: 'v.created_at', resolvedAt: 'v.resolved_at', kind: 'v.kind', status: 'v.status' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['v.summary', 'v.referral_code']),
    status: equals('v.status', ['open', 'resolved']),
    kind: equals('v.kind', ['conflict', 'duplicate', 'unknown_code']),
    jobId: equals('v.job_id::text'),
    bookingId: equals('v.booking_id::text'),
    referralId: equals('v.referral_id::text'),
    id: ids('v.id'),
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

/** A quick referral waiting for its plumber's word, as the dashboard offers it. */
export interface UnclaimedReferralRow {
  id: string;
  refNumber: string;
  clientName: string;
  jobAddress: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  createdAt: Date;
}

/** A line of a referral's history as recorded (who by their account id). */
export interface ReferralEventRow {
  kind: ReferralHistoryItem['kind'];
  actorId: string | null;
  from?: string | null;
  to?: string | null;
}

/** A referral's rebate fields as its ledger says them (a null completion time leaves the stored one). */
export interface RebateFieldsRow {
  id: string;
  cleanViewRebateStatus: RebateStatus;
  relineRebateStatus: RebateStatus;
  cleanViewCompletedAt: Date | null;
  relineCompletedAt: Date | null;
  cleanViewPaidAt: Date | null;
  relinePaidAt: Date | null;
}

/** Rows a batched statement writes at most. */
const BATCH = 1_000;

/** The rebate parts as the plumber's totals need them (cents). */
export interface RebatePartsRow {
  cv: number;
  cvStatus: string;
  rl: number;
  rlStatus: string;
  reviewState: string | null;
}

/** A referral of one customer, as matching and the console's offer show it. */
export interface MatchRow {
  id: string;
  refNumber: string;
  plumberId: string | null;
  plumberName: string;
  plumberCompany: string;
  plumberEmail: string;
  clientName: string;
  createdAt: Date;
  status: ReferralStatus;
  jobId: string | null;
  byBooking: boolean;
  byEmail: boolean;
  byPhone: boolean;
  byAddress: boolean;
}

/** How a customer is recognised: their e-mail, phone (normalised to +61), street address with postcode, or the booking itself. */
export interface CustomerKeys {
  email: string | null;
  phoneKey: string;
  addressKey: string;
  bookingId: string | null;
}

/** Unpaid completed rebate parts falling due, as the digest and the console list them. */
export interface DueRow {
  referralId: string;
  refNumber: string;
  plumberName: string;
  part: 'cleanView' | 'reline';
  cents: number;
  dueAt: Date;
}

/** Intent-named queries over referrals, their events and their running totals. */
/** One change in a referral's history, as stored. */
export interface ReferralHistoryRow {
  id: string;
  kind: ReferralHistoryItem['kind'];
  from: string | null;
  to: string | null;
  actorId: string | null;
  createdAt: Date;
}

@Injectable()
export class ReferralsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Quick referrals made under this e-mail (any case), not attached to an account and not declined; newest first. */
  findUnclaimed(email: string): Promise<UnclaimedReferralRow[]> {
    return queryRows<UnclaimedReferralRow>(
      this.dataSource,
      `SELECT id, ref_number AS "refNumber", client_name AS "clientName", job_address AS "jobAddress", suburb, state, postcode, created_at AS "createdAt"
       FROM referrals
       WHERE plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($1)
       ORDER BY created_at DESC, id DESC`,
      [email],
    );
  }

  /**
   * Attaches those of `ids` that are still on offer to this e-mail's account; answers the ids it
   * attached (the caller refuses the whole request when one is missing, rolling this back).
   */
  async claim(manager: EntityManager, userId: string, email: string, ids: readonly string[]): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE referrals SET plumber_id = $1, updated_at = now()
       WHERE id = ANY($3::uuid[]) AND plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($2)
       RETURNING id`,
      [userId, email, ids],
    );
    await this.recordEvents(manager, rows, userId, 'attached', email);
    return rows.map((row) => row.id);
  }

  /** Marks those of `ids` still on offer as not this account holder's: they stay unattached, for staff. */
  async decline(manager: EntityManager, userId: string, email: string, ids: readonly string[]): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE referrals SET claim_declined_at = now(), claim_declined_by = $1, updated_at = now()
       WHERE id = ANY($3::uuid[]) AND plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($2)
       RETURNING id`,
      [userId, email, ids],
    );
    await this.recordEvents(manager, rows, userId, 'claim_declined', email);
    return rows.map((row) => row.id);
  }

  /** One page of the staff list (filters by day count in `timeZone`); totals by status from the running totals. */
  /** Every referral matching the list's filter and sort, in REFERRAL_CSV_COLUMNS order, from a database cursor (no paging). */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    // Casts, not to_char: the same text ('2026-01-31 14:05:09', '80.00') at a fraction of the cost per cell.
    const time = (column: string) => `date_trunc('second', ${column} AT TIME ZONE :tz)::text`;
    const money = (column: string) => `(${column} / 100.0)::numeric(14, 2)::text`;
    const filtered = applyListQuery(
      this.dataSource.getRepository(Referral).createQueryBuilder('r').setParameter('tz', timeZone),
      { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER },
      REFERRAL_LIST,
    )
      .offset(undefined)
      .limit(undefined);
    filtered.select([
      'r.id::text AS id',
      'r.ref_number AS ref_number',
      `${time('r.created_at')} AS created_at`,
      'r.client_name AS customer',
      'r.client_phone AS client_phone',
      'r.job_address AS job_address',
      'r.suburb AS suburb',
      'r.state AS state',
      'r.postcode AS postcode',
      'r.plumber_name AS plumber',
      'r.plumber_company AS plumber_company',
      'r.plumber_email AS plumber_email',
      'r.urgency AS urgency',
      'r.status AS status',
      'r.cleanview_rebate_status AS cleanview_rebate_status',
      `${money('r.cleanview_rebate_amount_cents')} AS cleanview_rebate_amount`,
      `${time('r.cleanview_completed_at')} AS cleanview_completed_at`,
      `${time('r.cleanview_paid_at')} AS cleanview_paid_at`,
      'r.reline_rebate_status AS reline_rebate_status',
      `${money('r.reline_rebate_amount_cents')} AS reline_rebate_amount`,
      `${time('r.reline_completed_at')} AS reline_completed_at`,
      `${time('r.reline_paid_at')} AS reline_paid_at`,
      'r.source AS source',
      `${time('r.updated_at')} AS updated_at`,
    ]);
    return openQueryCursor(this.dataSource, filtered);
  }

  findForAdminList(list: ParsedList, timeZone: string): Promise<[Referral[], number]> {
    const query = this.dataSource.getRepository(Referral).createQueryBuilder('r').setParameter('tz', timeZone);
    return findListPage(query, list, REFERRAL_LIST, (parsed) => this.countFromTotals(parsed));
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

  /** The referral (any plumber's, or this plumber's only when `plumberId` is given); a malformed id finds nothing. */
  async findById(id: string, plumberId?: string): Promise<Referral | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return this.dataSource.manager.findOneBy(Referral, plumberId === undefined ? { id } : { id, plumberId });
  }

  /** The referral, locked for the rest of the transaction (a staff change). */
  findForUpdate(manager: EntityManager, id: string): Promise<Referral | null> {
    return manager.getRepository(Referral).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
  }

  save(manager: EntityManager, referral: Referral): Promise<Referral> {
    return manager.save(referral);
  }

  /** Stores a new referral and answers it with the Ref ID its sequence made (TypeORM does not read that default back). */
  async insert(manager: EntityManager, fields: Partial<Referral>): Promise<Referral> {
    const referral = await manager.save(manager.create(Referral, fields));
    const [row] = await queryRows<{ refNumber: string }>(manager, `SELECT ref_number AS "refNumber" FROM referrals WHERE id = $1`, [referral.id]);
    referral.refNumber = row!.refNumber;
    return referral;
  }

  /** These referrals locked for the transaction, in id order (a payout run's); answers the ids found. */
  async lockMany(manager: EntityManager, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: string }>(manager, `SELECT id FROM referrals WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [[...ids]]);
    return rows.map((row) => row.id);
  }

  /** Many referrals' rebate fields set to what their ledgers say (a completion time only where the ledger has one), 1,000 a statement. */
  async setRebateFields(manager: EntityManager, rows: readonly RebateFieldsRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      const part = rows.slice(start, start + BATCH);
      const column = <K extends keyof RebateFieldsRow>(key: K) => part.map((row) => row[key]);
      await manager.query(
        `UPDATE referrals r SET cleanview_rebate_status = u.cv_status, reline_rebate_status = u.rl_status,
           cleanview_completed_at = coalesce(u.cv_completed_at, r.cleanview_completed_at), reline_completed_at = coalesce(u.rl_completed_at, r.reline_completed_at),
           cleanview_paid_at = u.cv_paid_at, reline_paid_at = u.rl_paid_at, updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
           AS u (id, cv_status, rl_status, cv_completed_at, rl_completed_at, cv_paid_at, rl_paid_at)
         WHERE r.id = u.id`,
        [
          column('id'),
          column('cleanViewRebateStatus'),
          column('relineRebateStatus'),
          column('cleanViewCompletedAt'),
          column('relineCompletedAt'),
          column('cleanViewPaidAt'),
          column('relinePaidAt'),
        ],
      );
    }
  }

  /** History lines of many referrals, 1,000 a statement. */
  async recordManyEvents(manager: EntityManager, events: ReadonlyArray<ReferralEventRow & { referralId: string }>): Promise<void> {
    for (let start = 0; start < events.length; start += BATCH) {
      const part = events.slice(start, start + BATCH);
      await manager.query(
        `INSERT INTO referral_events (referral_id, actor_id, kind, from_value, to_value)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[])`,
        [
          part.map((event) => event.referralId),
          part.map((event) => event.actorId),
          part.map((event) => event.kind),
          part.map((event) => event.from ?? null),
          part.map((event) => event.to ?? null),
        ],
      );
    }
  }

  async recordEvent(manager: EntityManager, referralId: string, event: ReferralEventRow): Promise<void> {
    await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, from_value, to_value) VALUES ($1, $2, $3, $4, $5)`, [
      referralId,
      event.actorId,
      event.kind,
      event.from ?? null,
      event.to ?? null,
    ]);
  }

  /** The referral's history, oldest first, with the account that made each change (the users module names it). */
  findHistory(referralId: string): Promise<ReferralHistoryRow[]> {
    return queryRows<ReferralHistoryRow>(
      this.dataSource,
      `SELECT e.id, e.kind, e.from_value AS "from", e.to_value AS "to", e.actor_id AS "actorId", e.created_at AS "createdAt"
       FROM referral_events e WHERE e.referral_id = $1 ORDER BY e.created_at, e.id`,
      [referralId],
    );
  }

  /**
   * A plumber's referrals with the dashboard's columns, newest first, in the order of the plumber's
   * index (plumber_id, created_at DESC, id DESC): plain rows, no entities (a plumber has hundreds).
   */
  findForPlumber(plumberId: string): Promise<Referral[]> {
    return queryRows<Referral>(
      this.dataSource,
      `SELECT id, ref_number AS "refNumber", client_name AS "clientName", job_address AS "jobAddress", suburb, state, postcode, created_at AS "createdAt",
              status, urgency, service_clean_view AS "serviceCleanView", service_reline AS "serviceReline", contact_client AS "contactClient",
              description, notes, cleanview_rebate_amount_cents AS "cleanViewRebateCents", cleanview_rebate_status AS "cleanViewRebateStatus",
              reline_rebate_amount_cents AS "relineRebateCents", reline_rebate_status AS "relineRebateStatus",
              job_id AS "jobId", job_stage AS "jobStage", source, review_state AS "reviewState"
       FROM referrals WHERE plumber_id = $1 ORDER BY created_at DESC, id DESC`,
      [plumberId],
    );
  }

  findRebatePartsOfPlumber(plumberId: string): Promise<RebatePartsRow[]> {
    return queryRows<RebatePartsRow>(
      this.dataSource,
      `SELECT cleanview_rebate_amount_cents AS cv, cleanview_rebate_status AS "cvStatus", reline_rebate_amount_cents AS rl, reline_rebate_status AS "rlStatus",
              review_state AS "reviewState"
       FROM referrals WHERE plumber_id = $1`,
      [plumberId],
    );
  }

  /**
   * Runs `work` in one REPEATABLE READ snapshot without parallel workers: each of the console's
   * summary queries reads a few thousand index entries at most, but the planner, seeing "not paid"
   * and "completed longer ago than the payment terms" as independent (they are not: unpaid completed parts are all
   * recent), expects 20 to 200 times more rows and would start workers that cost more than the reads.
   */
  inStatsSnapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
      return work(manager);
    });
  }

  /** Totals by status and the rebate money paid and not yet paid (cents), from the running totals. */
  async statusAndMoneyTotals(
    manager: EntityManager,
  ): Promise<{ total: number; byStatus: Record<ReferralStatus, number>; paidCents: number; pendingCents: number }> {
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
    return {
      total: Number(totals!.total),
      byStatus: Object.fromEntries(REFERRAL_STATUSES.map((status) => [status, Number(totals![status] ?? 0)])) as Record<ReferralStatus, number>,
      paidCents: Number(totals!.paidCents),
      pendingCents: Number(totals!.pendingCents),
    };
  }

  /** Referrals with a completed part unpaid past its terms (each side of the OR reads its partial index). */
  async countOverdue(manager: EntityManager): Promise<number> {
    const [row] = await queryRows<{ overdue: number }>(manager, `SELECT count(*)::int AS overdue FROM referrals r WHERE ${OVERDUE_SQL}`);
    return row?.overdue ?? 0;
  }

  /**
   * The three referrers with the most referrals. Only referrers whose count reaches the third highest
   * can rank; the most recent referral of each (found through the plumber's index) gives the name
   * shown and breaks ties.
   */
  topReferrers(manager: EntityManager): Promise<ReferralStats['topReferrers']> {
    return queryRows<ReferralStats['topReferrers'][number]>(
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
  }

  /** Referrals per week and status over the last 12 weeks in `timeZone`: one index-only count each. */
  perWeek(manager: EntityManager, timeZone: string): Promise<ReferralStats['perWeek']> {
    const weekly = (status: string) =>
      `(SELECT count(*) FROM referrals r WHERE r.status = '${status}'
          AND r.created_at >= weeks.week AT TIME ZONE $1 AND r.created_at < (weeks.week + interval '1 week') AT TIME ZONE $1)::int AS "${status}"`;
    return queryRows<{ weekStart: string } & Record<ReferralStatus, number>>(
      manager,
      `WITH weeks AS (
         SELECT generate_series(date_trunc('week', now() AT TIME ZONE $1) - interval '11 weeks', date_trunc('week', now() AT TIME ZONE $1), interval '1 week') AS week
       )
       SELECT to_char(weeks.week, 'YYYY-MM-DD') AS "weekStart", ${REFERRAL_STATUSES.map(weekly).join(', ')}
       FROM weeks ORDER BY weeks.week`,
      [timeZone],
    );
  }

  /**
   * Unpaid, completed parts due before `now` + `days` days, or overdue. Each part's bound on its
   * completion time, a day looser than the due date (`+ interval` counts calendar days, which a
   * daylight-saving change makes 23 or 25 hours), lets its partial index find the few candidates; the
   * due date itself decides.
   */
  findDueWithin(days: number, now: Date, manager?: EntityManager): Promise<DueRow[]> {
    return queryRows<DueRow>(
      manager ?? this.dataSource,
      `SELECT * FROM (
         SELECT id AS "referralId", ref_number AS "refNumber", plumber_name AS "plumberName", 'cleanView' AS part,
                cleanview_rebate_amount_cents AS cents, cleanview_completed_at + interval '${PAYMENT_TERMS_DAYS.cleanView} days' AS "dueAt"
         FROM referrals WHERE cleanview_completed_at IS NOT NULL AND cleanview_rebate_status <> 'paid' AND cleanview_rebate_status IN ('processing', 'approved')
           AND cleanview_completed_at < $1::timestamptz + $2 * interval '1 day' - interval '${PAYMENT_TERMS_DAYS.cleanView - 1} days'
         UNION ALL
         SELECT id, ref_number, plumber_name, 'reline', reline_rebate_amount_cents, reline_completed_at + interval '${PAYMENT_TERMS_DAYS.reline} days'
         FROM referrals WHERE reline_completed_at IS NOT NULL AND reline_rebate_status <> 'paid' AND reline_rebate_status IN ('processing', 'approved')
           AND reline_completed_at < $1::timestamptz + $2 * interval '1 day' - interval '${PAYMENT_TERMS_DAYS.reline - 1} days'
       ) due WHERE "dueAt" < $1::timestamptz + $2 * interval '1 day'
       ORDER BY "dueAt"`,
      [now.toISOString(), days],
    );
  }

  /**
   * Referrals of the customer made since `since` (each key reads its own index), oldest first: the
   * booking's own, and those with the same e-mail, phone or street address and postcode.
   */
  findOfCustomer(keys: CustomerKeys, since: Date, manager?: EntityManager, excludeId?: string): Promise<MatchRow[]> {
    return queryRows<MatchRow>(
      manager ?? this.dataSource,
      `SELECT ${MATCH_COLUMNS},
              coalesce(booking_id = $1::uuid, false) AS "byBooking", coalesce(lower(client_email) = lower($2::text), false) AS "byEmail",
              ($3::text <> '' AND client_phone_key = $3::text) AS "byPhone", ($4::text <> '' AND address_key = $4::text) AS "byAddress"
       FROM referrals
       WHERE (booking_id = $1::uuid
              OR ($2::text IS NOT NULL AND lower(client_email) = lower($2::text) AND client_email IS NOT NULL AND created_at >= $5)
              OR ($3::text <> '' AND client_phone_key = $3::text AND created_at >= $5)
              OR ($4::text <> '' AND address_key = $4::text AND created_at >= $5))
         AND coalesce(review_state, '') <> 'rejected' AND ($6::uuid IS NULL OR id <> $6::uuid)
       ORDER BY created_at, id`,
      [keys.bookingId, keys.email, keys.phoneKey, keys.addressKey, since, excludeId ?? null],
    );
  }

  /** The referral linked to a job (locked for the transaction). */
  findByJobForUpdate(manager: EntityManager, jobId: string): Promise<Referral | null> {
    return manager.getRepository(Referral).createQueryBuilder('r').setLock('pessimistic_write').where('r.job_id = :jobId', { jobId }).getOne();
  }

  /** The referrals a booking made (locked for the transaction). */
  findByBookingForUpdate(manager: EntityManager, bookingId: string): Promise<Referral[]> {
    return manager.getRepository(Referral).createQueryBuilder('r').setLock('pessimistic_write').where('r.booking_id = :bookingId', { bookingId }).getMany();
  }

  /** Referrals by id, for the console's offers and reviews. */
  findMatchRows(ids: readonly string[]): Promise<MatchRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return queryRows<MatchRow>(
      this.dataSource,
      `SELECT ${MATCH_COLUMNS},
              false AS "byBooking", false AS "byEmail", false AS "byPhone", false AS "byAddress"
       FROM referrals WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ids],
    );
  }

  // Reviews (what staff must decide).

  async insertReview(
    manager: EntityManager,
    review: {
      kind: ReferralReviewKind;
      summary: string;
      jobId?: string | null;
      bookingId?: string | null;
      referralId?: string | null;
      referralCode?: string | null;
      candidateIds?: string[];
    },
  ): Promise<void> {
    // One open review of a kind per job, referral or booking: raising it again changes nothing.
    await manager.query(
      `INSERT INTO referral_reviews (kind, summary, job_id, booking_id, referral_id, referral_code, candidate_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[]) ON CONFLICT DO NOTHING`,
      [
        review.kind,
        review.summary,
        review.jobId ?? null,
        review.bookingId ?? null,
        review.referralId ?? null,
        review.referralCode ?? null,
        review.candidateIds ?? [],
      ],
    );
  }

  findReviewsForAdminList(list: ParsedList): Promise<[ReferralReview[], number]> {
    return findListPage(this.dataSource.getRepository(ReferralReview).createQueryBuilder('v'), list, REVIEW_LIST);
  }

  async findReview(id: string, manager?: EntityManager, lock = false): Promise<ReferralReview | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const query = (manager ?? this.dataSource.manager).getRepository(ReferralReview).createQueryBuilder('v').where('v.id = :id', { id });
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }

  async resolveReview(manager: EntityManager, id: string, resolution: string, actorId: string): Promise<void> {
    await manager.query(`UPDATE referral_reviews SET status = 'resolved', resolution = $2, resolved_by = $3, resolved_at = now() WHERE id = $1`, [
      id,
      resolution,
      actorId,
    ]);
  }

  /** Open reviews of a job's conflict (none, or one). */
  async openConflictOfJob(manager: EntityManager, jobId: string): Promise<string | undefined> {
    const [row] = await queryRows<{ id: string }>(manager, `SELECT id FROM referral_reviews WHERE job_id = $1 AND kind = 'conflict' AND status = 'open'`, [
      jobId,
    ]);
    return row?.id;
  }

  private async recordEvents(
    manager: EntityManager,
    rows: ReadonlyArray<{ id: string }>,
    userId: string,
    kind: 'attached' | 'claim_declined',
    email: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, to_value) SELECT unnest($1::uuid[]), $2, $3, $4`, [
      rows.map((row) => row.id),
      userId,
      kind,
      email,
    ]);
  }
}
