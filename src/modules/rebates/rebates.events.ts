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
    /** false: the plumber hears of it another way (a payout run's remittance advice lists every referral paid). */
    readonly notifyPlumber = true,
  ) {}
}
