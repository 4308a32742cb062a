import {
  REBATE_ENTRY_STATE_LABELS,
  REBATE_ENTRY_STATES,
  REBATE_KIND_LABELS,
  REBATE_KINDS,
  type RebateEntry,
  type RebateEntryState,
  type RebateKind,
} from '@relining/contracts/api/rebates';
import { formatCents as dollarsAndCents } from '@relining/contracts/quote-rules';

export type { RebateEntry, RebateEntryChange, RebateEntryDetail, RebateEntryState, RebateKind, RebateReasonRequest } from '@relining/contracts/api/rebates';
export { REBATE_ENTRY_STATE_LABELS, REBATE_KIND_LABELS, REBATE_MESSAGES } from '@relining/contracts/api/rebates';

export const REBATE_STATE_CHOICES = REBATE_ENTRY_STATES.map((state) => ({ id: state, name: REBATE_ENTRY_STATE_LABELS[state] }));
export const REBATE_KIND_CHOICES = REBATE_KINDS.map((kind) => ({ id: kind, name: REBATE_KIND_LABELS[kind] }));

/** One colour per ledger state: pending wants staff's approval, approved waits for payment. */
export const REBATE_STATE_COLOURS: Record<RebateEntryState, 'warning' | 'info' | 'success' | 'default'> = {
  pending: 'warning',
  approved: 'info',
  paid: 'success',
  void: 'default',
};

export const kindLabel = (kind: string): string => REBATE_KIND_LABELS[kind as RebateKind] ?? kind;
export const stateLabel = (state: string): string => REBATE_ENTRY_STATE_LABELS[state as RebateEntryState] ?? state;

/**
 * A ledger amount (the API's integer cents) in dollars and cents (the contracts' formatCents), a
 * refund adjustment with a true minus sign in front of the dollar sign (U+2212, as accounts print it).
 */
export function formatCents(cents: number): string {
  const dollars = dollarsAndCents(Math.abs(cents));
  return cents < 0 ? `\u2212${dollars}` : dollars;
}

/** What staff may do with an entry (the server decides; these only keep buttons that would be refused out of sight). */
export const canApprove = (entry: Pick<RebateEntry, 'state'>): boolean => entry.state === 'pending';
/** Paid one at a time once approved (payouts by bank file come later): never a void or paid one. */
export const canPay = (entry: Pick<RebateEntry, 'state'>): boolean => entry.state === 'approved';
export const canVoid = (entry: Pick<RebateEntry, 'state'>): boolean => entry.state === 'pending' || entry.state === 'approved';
/** Only a paid payment can be refunded (not a refund adjustment itself). */
export const canRefund = (entry: Pick<RebateEntry, 'state' | 'amountCents'>): boolean => entry.state === 'paid' && entry.amountCents > 0;

/** Who made a change: the staff member, or the pipeline (a job's stage) when no one did. */
export const changeActor = (actor: string | null): string => actor ?? 'Automatic (job stage)';
