import { PAYMENT_TERMS_DAYS } from '@relining/contracts/business';
import type { RebateStatus, ReferralStatus } from '@relining/contracts/referral-rules';

/** What a referral status does to its two rebates (spec §4): unset parts are left as they are. */
export interface RebateEffect {
  cleanView?: RebateStatus;
  reline?: RebateStatus;
}

/**
 * spec §4: cleanview_completed → Clean & View rebate processing; reline_completed → reline rebate
 * processing; rebate_paid → both paid; referred → nothing. Any status may follow any other.
 */
export const REBATE_EFFECTS = {
  referred: {},
  cleanview_completed: { cleanView: 'processing' },
  reline_completed: { reline: 'processing' },
  rebate_paid: { cleanView: 'paid', reline: 'paid' },
} as const satisfies Record<ReferralStatus, RebateEffect>;

/** spec §9: each fee is paid within its payment terms of the completion it rewards (business constants). */
export { PAYMENT_TERMS_DAYS };

export interface RebateState {
  cleanViewStatus: RebateStatus;
  relineStatus: RebateStatus;
  cleanViewCompletedAt: Date | null;
  relineCompletedAt: Date | null;
  cleanViewPaidAt: Date | null;
  relinePaidAt: Date | null;
}

/**
 * The rebates after a referral moves to `status` at `now`. Completion times are kept once set; a
 * payment time lasts while its part stays paid.
 */
export function applyReferralStatus(state: RebateState, status: ReferralStatus, now: Date): RebateState {
  const effect: RebateEffect = REBATE_EFFECTS[status];
  const next = { ...state };
  if (effect.cleanView) next.cleanViewStatus = effect.cleanView;
  if (effect.reline) next.relineStatus = effect.reline;
  if (status === 'cleanview_completed') next.cleanViewCompletedAt ??= now;
  if (status === 'reline_completed') next.relineCompletedAt ??= now;
  // A part taken back from paid (staff may set any status) is no longer paid: its payment time goes.
  next.cleanViewPaidAt = next.cleanViewStatus === 'paid' ? (next.cleanViewPaidAt ?? now) : null;
  next.relinePaidAt = next.relineStatus === 'paid' ? (next.relinePaidAt ?? now) : null;
  return next;
}

export interface RebatePart {
  amount: number;
  status: string;
}

/** spec §4 Rebate totals: paid sums the parts whose status is paid; pending sums all the rest. */
export function rebateTotals(parts: readonly RebatePart[]): { paid: number; pending: number } {
  let paid = 0;
  let pending = 0;
  for (const part of parts) {
    if (part.status === 'paid') paid += part.amount;
    else pending += part.amount;
  }
  return { paid, pending };
}

export interface PaymentDue {
  part: 'cleanView' | 'reline';
  dueAt: Date;
  overdue: boolean;
}

/** When each unpaid, completed part must be paid, and whether that date has passed. */
export function paymentsDue(
  state: Pick<RebateState, 'cleanViewStatus' | 'relineStatus' | 'cleanViewCompletedAt' | 'relineCompletedAt'>,
  now: Date,
): PaymentDue[] {
  const due: PaymentDue[] = [];
  const add = (part: 'cleanView' | 'reline', completedAt: Date | null, status: RebateStatus) => {
    if (!completedAt || status === 'paid') return;
    const dueAt = new Date(completedAt.getTime() + PAYMENT_TERMS_DAYS[part] * 86_400_000);
    due.push({ part, dueAt, overdue: now.getTime() > dueAt.getTime() });
  };
  add('cleanView', state.cleanViewCompletedAt, state.cleanViewStatus);
  add('reline', state.relineCompletedAt, state.relineStatus);
  return due;
}
