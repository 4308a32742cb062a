import type { RebateEntryState, RebateKind } from '@relining/contracts/api/rebates';
import { REBATE_MESSAGES } from '@relining/contracts/api/rebates';
import { PAYMENT_TERMS_DAYS } from '@relining/contracts/business';
import { RELINE_NOT_EARNED_MESSAGE, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';

export { PAYMENT_TERMS_DAYS };

/** The two milestones a referral earns by (an adjustment is staff's, never a milestone). */
export type MilestoneKind = Exclude<RebateKind, 'adjustment'>;
export const MILESTONE_KINDS: readonly MilestoneKind[] = ['cleanview', 'reline'];

/** What a referral status does to its rebates (issue 15: a part is earned only when its milestone happens). */
export interface RebateEffect {
  /** The milestones the status says happened: their parts are earned (once). */
  earn: readonly MilestoneKind[];
  /** Pays what has been earned and not yet paid; never a part not earned. */
  pay: boolean;
}

/**
 * cleanview_completed → the Clean & View part earned; reline_completed → the reline part earned;
 * rebate_paid → the earned parts paid, never an unearned one (the original's rule paid both, showing
 * both fees paid after a Clean & View alone); referred → nothing. A new status without an entry fails to compile.
 */
export const REBATE_EFFECTS = {
  referred: { earn: [], pay: false },
  cleanview_completed: { earn: ['cleanview'], pay: false },
  reline_completed: { earn: ['reline'], pay: false },
  rebate_paid: { earn: [], pay: true },
} as const satisfies Record<ReferralStatus, RebateEffect>;

/** A ledger entry as the rules need it. */
export interface LedgerEntry {
  id: string;
  kind: RebateKind;
  state: RebateEntryState;
  amountCents: number;
  voidSource: 'staff' | 'pipeline' | null;
  adjusts: string | null;
}

export type LedgerAction = { type: 'earn'; kind: MilestoneKind } | { type: 'pay'; entryId: string };

/** Said when a duplicate referral held for review reaches a milestone. */
export const HELD_NOTICE = 'This referral is held for review as a duplicate: it earns nothing until staff approve it';
/** Said when `rebate_paid` finds nothing earned to pay. */
export const NOTHING_EARNED_NOTICE = 'No rebate has been earned yet: nothing was paid';

const live = (entry: LedgerEntry) => entry.state !== 'void';

/** The part's entry that counts (not void), if any. */
export function liveEntry(entries: readonly LedgerEntry[], kind: MilestoneKind): LedgerEntry | undefined {
  return entries.find((entry) => entry.kind === kind && live(entry));
}

/**
 * Whether a milestone may earn its part now: not when it already has (one live entry per part), nor
 * when staff voided it (their decision stands); a part the pipeline voided (the job archived) is
 * earned again if its milestone happens after all.
 */
export function canEarn(entries: readonly LedgerEntry[], kind: MilestoneKind): boolean {
  return !entries.some((entry) => entry.kind === kind && (live(entry) || entry.voidSource === 'staff'));
}

/**
 * The ledger actions of a referral moving to `status`, and what the move could not do (said to staff).
 * A duplicate held for review earns nothing.
 */
export function planReferralStatus(
  status: ReferralStatus,
  entries: readonly LedgerEntry[],
  options: { held: boolean },
): { actions: LedgerAction[]; notices: string[] } {
  const effect: RebateEffect = REBATE_EFFECTS[status];
  const actions: LedgerAction[] = [];
  const notices: string[] = [];
  for (const kind of effect.earn) {
    if (options.held) notices.push(HELD_NOTICE);
    else if (canEarn(entries, kind)) actions.push({ type: 'earn', kind });
  }
  if (effect.pay) {
    const payable = entries.filter((entry) => entry.state === 'pending' || entry.state === 'approved');
    for (const entry of payable) actions.push({ type: 'pay', entryId: entry.id });
    if (!liveEntry(entries, 'reline')) notices.push(RELINE_NOT_EARNED_MESSAGE);
    if (payable.length === 0 && !entries.some((entry) => entry.state === 'paid')) notices.push(NOTHING_EARNED_NOTICE);
  }
  return { actions, notices: [...new Set(notices)] };
}

/**
 * A part as the referral's fields show it (spec §3's cleanview/reline rebate status, derived): its live
 * entry's state (pending → 'processing', the spec's word for earned and awaiting payment), 'void' when
 * its only entries are void, 'pending' (not earned yet) when it has none.
 */
export function partStatus(entries: readonly LedgerEntry[], kind: MilestoneKind): RebateStatus {
  const entry = liveEntry(entries, kind);
  if (entry) return entry.state === 'pending' ? 'processing' : (entry.state as RebateStatus);
  return entries.some((candidate) => candidate.kind === kind) ? 'void' : 'pending';
}

/** Money by the plumber's cards: paid = paid; pending = earned and not yet paid (approved included). Cents. */
export function ledgerTotals(entries: ReadonlyArray<Pick<LedgerEntry, 'state' | 'amountCents'>>): { paidCents: number; pendingCents: number } {
  let paidCents = 0;
  let pendingCents = 0;
  for (const entry of entries) {
    if (entry.state === 'paid') paidCents += entry.amountCents;
    else if (entry.state === 'pending' || entry.state === 'approved') pendingCents += entry.amountCents;
  }
  return { paidCents, pendingCents };
}

/** When a milestone's rebate falls due: its payment terms after it (spec §9, PAYMENT_TERMS_DAYS). */
export function dueDate(kind: MilestoneKind, milestoneAt: Date): Date {
  const days = kind === 'cleanview' ? PAYMENT_TERMS_DAYS.cleanView : PAYMENT_TERMS_DAYS.reline;
  return new Date(milestoneAt.getTime() + days * 86_400_000);
}

/** What refuses a staff action on an entry (null: allowed). */
export const STAFF_ACTION_PROBLEMS = {
  approve: (entry: LedgerEntry) => (entry.state === 'pending' ? null : entry.state === 'void' ? REBATE_MESSAGES.payVoid : REBATE_MESSAGES.approveState),
  pay: (entry: LedgerEntry) => (entry.state === 'void' ? REBATE_MESSAGES.payVoid : entry.state === 'paid' ? REBATE_MESSAGES.alreadyPaid : null),
  void: (entry: LedgerEntry) => (entry.state === 'paid' ? REBATE_MESSAGES.voidPaid : entry.state === 'void' ? REBATE_MESSAGES.voidState : null),
  refund: (entry: LedgerEntry, refunded: boolean) =>
    entry.state !== 'paid' || entry.kind === 'adjustment' ? REBATE_MESSAGES.refundUnpaid : refunded ? REBATE_MESSAGES.alreadyRefunded : null,
} as const;

/** A reason as staff typed it, or null when there is none (voiding and refunding need one). */
export function reasonOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim().slice(0, 500) : '';
  return text === '' ? null : text;
}
