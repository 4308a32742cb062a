import { HttpStatus, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import {
  REBATE_KIND_LABELS,
  type RebateBulkResult,
  REBATE_MESSAGES,
  type RebateEntry,
  type RebateEntryDetail,
  type RebateEntryState,
  type RebateKind,
} from '@relining/contracts/api/rebates';
import type { ReferralStatus, RebateStatus } from '@relining/contracts/referral-rules';
import type { AuditChange } from '../audit/audit.events.js';
import { AuditService } from '../audit/audit.service.js';
import { UsersService } from '../users/users.service.js';
import type { RebateEntryRow } from './rebate-entry.entity.js';
import {
  canEarn,
  dueDate,
  MILESTONE_KINDS,
  partStatus,
  planReferralStatus,
  reasonOf,
  STAFF_ACTION_PROBLEMS,
  type LedgerEntry,
  type MilestoneKind,
} from './rebate.rules.js';
import { RebateEntriesChanged, RebateEntriesPaidInRun, type LedgerChange } from './rebates.events.js';
import { REBATE_CSV_COLUMNS, REBATE_CSV_TIME_COLUMNS, REBATE_LIST, RebatesRepository, type PayoutEntryRow } from './rebates.repository.js';

/** The referral as the ledger needs it: who is credited and the fees of the day (copied onto the referral). */
export interface LedgerReferral {
  id: string;
  refNumber: string;
  plumberId: string | null;
  plumberName: string;
  feeCents: Record<MilestoneKind, number>;
}

/** What a bulk action changed: every id is in one of the two. */
export type BulkOutcome = RebateBulkResult;

/** A bulk action's refusal names the record and its place in `ids`. */
interface RefusalNaming {
  index: number;
}

const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids.map((id) => id.toLowerCase()))];

/** A part as the referral's own fields show it, derived from its entries. */
export interface DerivedPart {
  status: RebateStatus;
  milestoneAt: Date | null;
  paidAt: Date | null;
}

const asLedgerEntry = (row: RebateEntryRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  amountCents: row.amountCents,
  voidSource: row.voidSource,
  adjusts: row.adjusts,
});

/** A referral's parts as its own fields show them, from its entries. */
function derivedPartsOf(rows: readonly RebateEntryRow[]): Record<MilestoneKind, DerivedPart> {
  const entries = rows.map(asLedgerEntry);
  const part = (kind: MilestoneKind): DerivedPart => {
    const live = rows.find((row) => row.kind === kind && row.state !== 'void');
    return { status: partStatus(entries, kind), milestoneAt: live?.milestoneAt ?? null, paidAt: live?.paidAt ?? null };
  };
  return { cleanview: part('cleanview'), reline: part('reline') };
}

/** A ledger change as the audit trail keeps it (entity 'rebate_entry'): the entry's state before and after, and why. */
export function ledgerAuditChange(change: LedgerChange, action: string, extra?: Record<string, unknown>): AuditChange {
  return {
    entity: 'rebate_entry',
    entityId: change.entryId,
    action,
    before: change.from === null ? null : { state: change.from },
    after: { state: change.to, ...(change.from === null ? { kind: change.kind, amountCents: change.amountCents } : {}) },
    details: change.reason || extra ? { ...(change.reason ? { reason: change.reason } : {}), ...extra } : null,
  };
}

/** The audit action of a change the pipeline made: an entry earned, paid, or created void. */
const pipelineAction = (change: LedgerChange): string =>
  change.from === null ? (change.to === 'pending' ? 'earned' : 'create') : change.to === 'paid' ? 'pay' : 'update';

const changeOf = (row: RebateEntryRow, from: RebateEntryState | null, reason: string | null): LedgerChange => ({
  entryId: row.id,
  kind: row.kind,
  amountCents: row.amountCents,
  from,
  to: row.state,
  dueAt: row.dueAt,
  reason,
});

/**
 * The rebate ledger (issue 15). Entries are written only by milestones (the referrals module calls in,
 * inside its transaction) and by staff's actions here (each announced with RebateEntriesChanged inside
 * the same transaction, so the referral's fields and the plumber's e-mail follow with it).
 */
@Injectable()
export class RebatesService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: RebatesRepository,
    private readonly events: DomainEvents,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** The pipeline's ledger changes in the audit trail, one entry each, in one statement. */
  private auditPipeline(manager: EntityManager, changes: readonly LedgerChange[]): Promise<void> {
    return this.audit.record(manager, ...changes.map((change) => ledgerAuditChange(change, pipelineAction(change))));
  }

  /**
   * What staff must pay soon: the unpaid entries, earned or approved, due before the start of `dayAfter`
   * in `timeZone` (overdue ones included), with that instant (read-only, for the console's Today page).
   */
  unpaidDueBefore(dayAfter: string, timeZone: string): Promise<{ count: number; totalCents: number; before: Date }> {
    return this.repository.unpaidDueBefore(dayAfter, timeZone);
  }

  /** A referral's entries in rule form, locked for the transaction (a change is coming). */
  async lockedEntries(manager: EntityManager, referralId: string): Promise<LedgerEntry[]> {
    return (await this.repository.entriesOfReferral(manager, referralId, true)).map(asLedgerEntry);
  }

  /**
   * What a referral status does to the ledger (rebate.rules.ts), applied: parts earned at `at`, earned
   * parts paid. Answers the changes and what the status could not do.
   */
  async applyReferralStatus(
    manager: EntityManager,
    referral: LedgerReferral,
    status: ReferralStatus,
    options: { held: boolean; actorId: string | null; at: Date; reason: string | null },
  ): Promise<{ changes: LedgerChange[]; notices: string[] }> {
    const entries = await this.lockedEntries(manager, referral.id);
    const plan = planReferralStatus(status, entries, { held: options.held });
    const changes: LedgerChange[] = [];
    for (const action of plan.actions) {
      if (action.type === 'earn') {
        const row = await this.insertEarned(manager, referral, action.kind, options.at, options.actorId, options.reason);
        changes.push(changeOf(row, null, options.reason));
      } else {
        const before = entries.find((entry) => entry.id === action.entryId)!;
        const row = await this.repository.setState(manager, action.entryId, {
          state: 'paid',
          actorId: options.actorId,
          reason: options.reason,
          at: options.at,
        });
        changes.push(changeOf(row, before.state, options.reason));
      }
    }
    await this.auditPipeline(manager, changes);
    return { changes, notices: plan.notices };
  }

  /** Earns the parts of milestones that happened while the referral earned nothing (a duplicate staff approved). */
  async earnMissed(
    manager: EntityManager,
    referral: LedgerReferral,
    milestones: Partial<Record<MilestoneKind, Date>>,
    actorId: string | null,
    reason: string,
  ): Promise<LedgerChange[]> {
    const entries = await this.lockedEntries(manager, referral.id);
    const changes: LedgerChange[] = [];
    for (const kind of MILESTONE_KINDS) {
      const at = milestones[kind];
      if (!at || !canEarn(entries, kind)) continue;
      changes.push(changeOf(await this.insertEarned(manager, referral, kind, at, actorId, reason), null, reason));
    }
    await this.auditPipeline(manager, changes);
    return changes;
  }

  /**
   * The parts not earned (and not already void) become void with `reason`: the job was archived, its
   * booking cancelled, a duplicate rejected. Earned parts are untouched.
   */
  async voidUnearned(manager: EntityManager, referral: LedgerReferral, reason: string, actorId: string | null): Promise<LedgerChange[]> {
    const entries = await this.lockedEntries(manager, referral.id);
    const changes: LedgerChange[] = [];
    for (const kind of MILESTONE_KINDS) {
      if (!canEarn(entries, kind) || entries.some((entry) => entry.kind === kind)) continue;
      const row = await this.repository.insert(manager, {
        referralId: referral.id,
        plumberId: referral.plumberId,
        refNumber: referral.refNumber,
        plumberName: referral.plumberName,
        kind,
        amountCents: referral.feeCents[kind],
        state: 'void',
        milestoneAt: new Date(),
        dueAt: null,
        voidReason: reason,
        voidSource: 'pipeline',
        actorId,
        reason,
      });
      changes.push(changeOf(row, null, reason));
    }
    await this.auditPipeline(manager, changes);
    return changes;
  }

  /** The referral's parts as its own fields show them. */
  async derivedParts(manager: EntityManager, referralId: string): Promise<Record<MilestoneKind, DerivedPart>> {
    return derivedPartsOf(await this.repository.entriesOfReferral(manager, referralId));
  }

  /** Each referral's parts as its own fields show them, for many referrals in one query (a payout run's). */
  async derivedPartsOfReferrals(manager: EntityManager, referralIds: readonly string[]): Promise<Map<string, Record<MilestoneKind, DerivedPart>>> {
    const byReferral = new Map<string, RebateEntryRow[]>(referralIds.map((id) => [id, []]));
    for (const row of await this.repository.entriesOfReferrals(referralIds, manager)) byReferral.get(row.referralId)?.push(row);
    return new Map([...byReferral].map(([id, rows]) => [id, derivedPartsOf(rows)]));
  }

  /** A quick referral claimed by its plumber: its entries are credited to their account. */
  attachPlumber(manager: EntityManager, referralIds: readonly string[], plumberId: string): Promise<void> {
    return this.repository.setPlumber(manager, referralIds, plumberId);
  }

  // Payout runs (issue 18): the payouts module chooses and pays entries through these.

  /** Entries a payout run may pay, locked for the caller's transaction (see RebatesRepository.findForPayout). */
  entriesForPayout(manager: EntityManager, selection: { entryIds: readonly string[] } | { dueBefore: Date }): Promise<PayoutEntryRow[]> {
    return this.repository.findForPayout(manager, selection);
  }

  /**
   * A payout run's entries paid, in the caller's transaction: only those still approved. The
   * referrals' fields follow (RebateEntriesPaidInRun, all of them together), without a per-referral
   * e-mail: the run's remittance advice tells the plumber. Answers the entries paid.
   */
  async payForRun(manager: EntityManager, entryIds: readonly string[], change: { actorId: string; reason: string; at: Date }): Promise<PayoutEntryRow[]> {
    const paid = await this.repository.payApproved(manager, entryIds, change);
    const byReferral = new Map<string, LedgerChange[]>();
    for (const row of paid) {
      const changes = byReferral.get(row.referralId) ?? [];
      changes.push({ entryId: row.id, kind: row.kind, amountCents: row.amountCents, from: 'approved', to: 'paid', dueAt: row.dueAt, reason: change.reason });
      byReferral.set(row.referralId, changes);
    }
    if (byReferral.size > 0) await this.events.publish(manager, new RebateEntriesPaidInRun(byReferral, change.actorId));
    return paid;
  }

  /** Entries as a payout run or the Payments tab shows them. */
  entriesForDisplay(ids: readonly string[], manager?: EntityManager): Promise<PayoutEntryRow[]> {
    return this.repository.entriesForDisplay(ids, manager);
  }

  /** A plumber's amounts not yet paid (pending or approved), soonest due first. */
  unpaidOfPlumber(plumberId: string): Promise<PayoutEntryRow[]> {
    return this.repository.unpaidOfPlumber(plumberId);
  }

  // Staff actions (console → Rebates, and each referral's ledger).

  approve(actor: CurrentUserInfo, id: string): Promise<RebateEntry> {
    return this.dataSource.transaction((manager) => this.approveIn(manager, actor, id));
  }

  /** A pending entry approved, in the caller's transaction (one by one, or a bulk approval). */
  approveIn(manager: EntityManager, actor: CurrentUserInfo, id: string, naming?: RefusalNaming): Promise<RebateEntry> {
    return this.staffChange(
      manager,
      actor,
      id,
      'approve',
      (entry) => STAFF_ACTION_PROBLEMS.approve(entry),
      async (row) => {
        const next = await this.repository.setState(manager, id, { state: 'approved', actorId: actor.id, reason: 'Approved for payment' });
        return [next, [changeOf(next, row.state, null)]];
      },
      undefined,
      naming,
    );
  }

  /** One entry paid (a Clean & View, a reline, or a refund adjustment settled); a void one never is. */
  pay(actor: CurrentUserInfo, id: string): Promise<RebateEntry> {
    return this.dataSource.transaction((manager) =>
      this.staffChange(
        manager,
        actor,
        id,
        'pay',
        (entry) => STAFF_ACTION_PROBLEMS.pay(entry),
        async (row) => {
          const next = await this.repository.setState(manager, id, { state: 'paid', actorId: actor.id, reason: 'Paid by staff' });
          return [next, [changeOf(next, row.state, null)]];
        },
      ),
    );
  }

  voidEntry(actor: CurrentUserInfo, id: string, reasonInput: unknown): Promise<RebateEntry> {
    return this.dataSource.transaction((manager) => this.voidIn(manager, actor, id, reasonInput));
  }

  /** An entry voided with staff's reason, in the caller's transaction (one by one, or a bulk void with one reason for all). */
  voidIn(manager: EntityManager, actor: CurrentUserInfo, id: string, reasonInput: unknown, naming?: RefusalNaming): Promise<RebateEntry> {
    let reason = '';
    return this.staffChange(
      manager,
      actor,
      id,
      'void',
      (entry) => STAFF_ACTION_PROBLEMS.void(entry),
      async (row) => {
        const next = await this.repository.setState(manager, id, { state: 'void', actorId: actor.id, reason, voidSource: 'staff' });
        return [next, [changeOf(next, row.state, reason)]];
      },
      async () => {
        reason = this.requireReason(reasonInput);
      },
      naming,
    );
  }

  /** A paid entry taken back: a negative adjustment of the same amount, to settle with the next payment. */
  refund(actor: CurrentUserInfo, id: string, reasonInput: unknown): Promise<RebateEntry> {
    let reason = '';
    let refunded = false;
    return this.dataSource.transaction((manager) =>
      this.staffChange(
        manager,
        actor,
        id,
        'refund',
        (entry) => STAFF_ACTION_PROBLEMS.refund(entry, refunded),
        async (row) => {
          const adjustment = await this.repository.insert(manager, {
            referralId: row.referralId,
            plumberId: row.plumberId,
            refNumber: row.refNumber,
            plumberName: row.plumberName,
            kind: 'adjustment',
            amountCents: -row.amountCents,
            state: 'pending',
            milestoneAt: new Date(),
            dueAt: null,
            adjusts: row.id,
            actorId: actor.id,
            reason,
          });
          return [adjustment, [changeOf(adjustment, null, reason)]];
        },
        async (row) => {
          reason = this.requireReason(reasonInput);
          refunded = await this.repository.isRefunded(manager, row.id);
        },
      ),
    );
  }

  /** Approves many entries in one transaction: all or nothing, each exactly as one by one. */
  async approveMany(actor: CurrentUserInfo, ids: readonly string[]): Promise<BulkOutcome> {
    const wanted = uniqueIds(ids);
    return this.dataSource.transaction(async (manager) => {
      await this.requireAll(manager, wanted);
      for (const [index, id] of wanted.entries()) await this.approveIn(manager, actor, id, { index });
      return { updated: wanted, unchanged: [] };
    });
  }

  /** Voids many entries with one reason, in one transaction: all or nothing, each exactly as one by one. */
  async voidMany(actor: CurrentUserInfo, ids: readonly string[], reasonInput: unknown): Promise<BulkOutcome> {
    const wanted = uniqueIds(ids);
    this.requireReason(reasonInput);
    return this.dataSource.transaction(async (manager) => {
      await this.requireAll(manager, wanted);
      for (const [index, id] of wanted.entries()) await this.voidIn(manager, actor, id, reasonInput, { index });
      return { updated: wanted, unchanged: [] };
    });
  }

  /** Every id names an entry (locked, in id order so two bulk actions never deadlock), or the batch is a 404. */
  private async requireAll(manager: EntityManager, ids: readonly string[]): Promise<void> {
    const found = new Set(await this.repository.lockMany(manager, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new DomainError(
        'NOT_FOUND',
        'Rebate not found.',
        HttpStatus.NOT_FOUND,
        missing.map((id) => ({ field: `ids.${ids.indexOf(id)}`, message: 'Rebate not found.' })),
      );
    }
  }

  private requireReason(value: unknown): string {
    const reason = reasonOf(value);
    if (!reason) throw DomainError.validation([{ field: 'reason', message: REBATE_MESSAGES.reasonRequired }]);
    return reason;
  }

  private async staffChange(
    manager: EntityManager,
    actor: CurrentUserInfo,
    id: string,
    action: 'approve' | 'pay' | 'void' | 'refund',
    problem: (entry: LedgerEntry) => string | null,
    change: (row: RebateEntryRow) => Promise<[RebateEntryRow, LedgerChange[]]>,
    /** Checks of the request that come after the entry is found (a missing entry is a 404 first). */
    prepare?: (row: RebateEntryRow) => Promise<void>,
    /** In a bulk action: the refusal names the entry ('R-000123 reline: …') and its place in `ids`. */
    naming?: RefusalNaming,
  ): Promise<RebateEntry> {
    const row = await this.repository.findById(id, manager, true);
    if (!row) throw DomainError.notFound('Rebate not found.');
    await prepare?.(row);
    const refused = problem(asLedgerEntry(row));
    if (refused) {
      if (!naming) throw DomainError.conflict('REBATE_STATE', refused);
      const message = `${row.refNumber} ${REBATE_KIND_LABELS[row.kind]}: ${refused}`;
      throw new DomainError('REBATE_STATE', message, HttpStatus.CONFLICT, [{ field: `ids.${naming.index}`, message }]);
    }
    const [result, changes] = await change(row);
    // A refund is recorded on the adjustment it makes, naming the entry it takes back.
    await this.audit.record(
      manager,
      ...changes.map((ledgerChange) => ledgerAuditChange(ledgerChange, action, action === 'refund' ? { adjusts: row.id } : undefined)),
    );
    await this.events.publish(manager, new RebateEntriesChanged(row.referralId, changes, actor.id));
    return this.toResponse(result);
  }

  // Reads.

  async listForPlumber(user: CurrentUserInfo): Promise<RebateEntry[]> {
    const now = new Date();
    return (await this.repository.entriesOfPlumber(user.id)).map((row) => this.toResponse(row, now));
  }

  totalsForPlumber(plumberId: string): Promise<{ paidCents: number; pendingCents: number }> {
    return this.repository.totalsOfPlumber(plumberId);
  }

  async list(params: ListParams): Promise<{ rows: RebateEntry[]; total: number; offset: number }> {
    const list = parseListParams(params, REBATE_LIST);
    const [rows, total] = await this.repository.findForAdminList(list);
    const now = new Date();
    return { rows: rows.map((row) => this.toResponse(row, now)), total, offset: list.offset };
  }

  csvFileName(now: Date = new Date()): string {
    return `rebates-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /** Every ledger entry matching the list's filter as CSV, streamed (times in TZ_DISPLAY, money in dollars); audited. */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, REBATE_LIST);
    const finished = this.audit.exportRecorder({ list: 'rebates', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      REBATE_CSV_COLUMNS.map((column) => (REBATE_CSV_TIME_COLUMNS.has(column) ? `${column} (${zone})` : column)),
      finished,
    );
  }

  async get(id: string): Promise<RebateEntryDetail> {
    const row = await this.repository.findById(id);
    if (!row) throw DomainError.notFound('Rebate not found.');
    return (await this.withHistory([row]))[0]!;
  }

  /** A referral's ledger, oldest first, each entry with its history (console → the referral). */
  async ledgerOf(referralId: string): Promise<RebateEntryDetail[]> {
    return this.withHistory(await this.repository.entriesOfReferrals([referralId]));
  }

  /** The whole ledger's money (console summary), in cents, from its running totals. */
  moneyTotals(manager?: EntityManager): Promise<{ paidCents: number; pendingCents: number }> {
    return this.repository.moneyTotals(manager);
  }

  private async withHistory(rows: RebateEntryRow[]): Promise<RebateEntryDetail[]> {
    const events = await this.repository.historyOf(rows.map((row) => row.id));
    const actors = await this.users.emailsOf(events.flatMap((event) => (event.actorId ? [event.actorId] : [])));
    const now = new Date();
    return rows.map((row) => ({
      ...this.toResponse(row, now),
      history: events
        .filter((event) => event.entryId === row.id)
        .map((event) => ({
          id: event.id,
          fromState: event.fromState,
          toState: event.toState,
          reason: event.reason,
          actor: event.actorId ? (actors.get(event.actorId) ?? null) : null,
          createdAt: new Date(event.createdAt).toISOString(),
        })),
    }));
  }

  toResponse(row: RebateEntryRow, now: Date = new Date()): RebateEntry {
    const unpaid = row.state === 'pending' || row.state === 'approved';
    return {
      id: row.id,
      referralId: row.referralId,
      refNumber: row.refNumber,
      plumberId: row.plumberId,
      plumberName: row.plumberName,
      kind: row.kind,
      amountCents: row.amountCents,
      state: row.state,
      milestoneAt: row.milestoneAt.toISOString(),
      dueAt: row.dueAt ? row.dueAt.toISOString() : null,
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      overdue: unpaid && row.dueAt !== null && row.dueAt.getTime() < now.getTime(),
      voidReason: row.voidReason,
      adjusts: row.adjusts,
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }

  private insertEarned(
    manager: EntityManager,
    referral: LedgerReferral,
    kind: MilestoneKind,
    at: Date,
    actorId: string | null,
    reason: string | null,
  ): Promise<RebateEntryRow> {
    return this.repository.insert(manager, {
      referralId: referral.id,
      plumberId: referral.plumberId,
      refNumber: referral.refNumber,
      plumberName: referral.plumberName,
      kind: kind satisfies RebateKind,
      amountCents: referral.feeCents[kind],
      state: 'pending',
      milestoneAt: at,
      dueAt: dueDate(kind, at),
      actorId,
      reason: reason ?? 'Earned',
    });
  }
}
