/**
 * The rebate ledger (issue 15): one entry per earned or adjusted amount. Amounts are in cents in the
 * API (`amountCents`), dollars on screens.
 */
export type RebateKind = 'cleanview' | 'reline' | 'adjustment';
export type RebateEntryState = 'pending' | 'approved' | 'paid' | 'void';

export const REBATE_KINDS: readonly RebateKind[] = ['cleanview', 'reline', 'adjustment'];
export const REBATE_ENTRY_STATES: readonly RebateEntryState[] = ['pending', 'approved', 'paid', 'void'];

export const REBATE_KIND_LABELS = {
  cleanview: 'Clean & View',
  reline: 'Reline',
  adjustment: 'Adjustment',
} as const satisfies Record<RebateKind, string>;

export const REBATE_ENTRY_STATE_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
} as const satisfies Record<RebateEntryState, string>;

/** GET /api/me/rebates and GET /api/admin/rebates: one ledger entry. */
export interface RebateEntry {
  id: string;
  referralId: string;
  refNumber: string;
  plumberId: string | null;
  plumberName: string;
  kind: RebateKind;
  /** Negative for a refund adjustment. */
  amountCents: number;
  state: RebateEntryState;
  /** When the milestone happened (the inspection, the reline) or the adjustment was made. */
  milestoneAt: string;
  /** The part's payment terms after the milestone (PAYMENT_TERMS_DAYS); null for a void entry. */
  dueAt: string | null;
  paidAt: string | null;
  /** Unpaid past its due date. */
  overdue: boolean;
  voidReason: string | null;
  /** The entry a refund adjustment reverses. */
  adjusts: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One change of an entry (every change is kept). */
export interface RebateEntryChange {
  id: string;
  fromState: RebateEntryState | null;
  toState: RebateEntryState;
  reason: string | null;
  /** The staff member's e-mail; null when the pipeline made it (a job's stage). */
  actor: string | null;
  createdAt: string;
}

/** GET /api/admin/rebates/:id and each referral's ledger: the entry with its history. */
export interface RebateEntryDetail extends RebateEntry {
  history: RebateEntryChange[];
}

/** POST /api/admin/rebates/:id/void and /refund. */
export interface RebateReasonRequest {
  reason: string;
}

/** POST /api/admin/rebates/bulk-approve {ids}, bulk-void {ids, reason}: 1 to 500 entries, all or nothing. */
export interface RebateBulkRequest {
  ids: string[];
  reason?: string;
}

/** What a bulk action changed: every id is in one of the two. */
export interface RebateBulkResult {
  updated: string[];
  unchanged: string[];
}

export const REBATE_MESSAGES = {
  reasonRequired: 'Please give a reason',
  payVoid: 'A void rebate cannot be paid',
  voidPaid: 'A paid rebate cannot be voided: record a refund instead',
  refundUnpaid: 'Only a paid rebate can be refunded',
  alreadyRefunded: 'This rebate has already been refunded',
  approveState: 'Only a pending rebate can be approved',
  voidState: 'This rebate is already void',
  alreadyPaid: 'This rebate has already been paid',
} as const;
