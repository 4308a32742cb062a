import type { RebateEntryState, RebateKind } from '@relining/contracts/api/rebates';

/** One change of the ledger: an entry made (`from` null) or moved from one state to another. */
export interface LedgerChange {
  entryId: string;
  kind: RebateKind;
  amountCents: number;
  from: RebateEntryState | null;
  to: RebateEntryState;
  dueAt: Date | null;
  reason: string | null;
}

/**
 * Staff changed a referral's ledger from the console (approve, void, refund). Raised inside the
 * change's transaction: the referrals module brings the referral's fields up to date and e-mails the
 * plumber in it, so all of it commits or none.
 */
export class RebateEntriesChanged {
  constructor(
    readonly referralId: string,
    readonly changes: readonly LedgerChange[],
    readonly actorId: string,
  ) {}
}

/**
 * A payout run paid entries of many referrals at once (issue 18). Raised inside the run's transaction:
 * the referrals module brings every referral's fields up to date and records the payment in its
 * history, for all of them together. No e-mail per referral: the run's remittance advice tells each
 * plumber which referrals it paid.
 */
export class RebateEntriesPaidInRun {
  constructor(
    /** Each referral's changes (the entries of it the run paid). */
    readonly changes: ReadonlyMap<string, readonly LedgerChange[]>,
    readonly actorId: string,
  ) {}
}
