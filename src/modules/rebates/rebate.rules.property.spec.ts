import fc from 'fast-check';
import { check } from '../../../test/support/property.js';
import { REFERRAL_STATUSES, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import { applyReferralStatus, PAYMENT_TERMS_DAYS, paymentsDue, REBATE_EFFECTS, rebateTotals, type RebateState } from './rebate.rules.js';

const DAY = 86_400_000;
const status = fc.constantFrom(...REFERRAL_STATUSES);
const rebateStatus = fc.constantFrom<RebateStatus>('pending', 'processing', 'paid');
const instant = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true });
const maybeInstant = fc.option(instant, { nil: null });

/** Any state the table can be asked about, including ones staff reached by setting statuses out of order. */
const anyState: fc.Arbitrary<RebateState> = fc.record({
  cleanViewStatus: rebateStatus,
  relineStatus: rebateStatus,
  cleanViewCompletedAt: maybeInstant,
  relineCompletedAt: maybeInstant,
  cleanViewPaidAt: maybeInstant,
  relinePaidAt: maybeInstant,
});

const NEW_REFERRAL: RebateState = {
  cleanViewStatus: 'pending',
  relineStatus: 'pending',
  cleanViewCompletedAt: null,
  relineCompletedAt: null,
  cleanViewPaidAt: null,
  relinePaidAt: null,
};

/** Staff changes in time order: any status, any order, as staff may set them. */
const history = fc.array(fc.tuple(status, fc.integer({ min: 0, max: 40 * DAY })), { maxLength: 12 });

function replay(changes: ReadonlyArray<readonly [ReferralStatus, number]>, start = new Date('2026-01-01T00:00:00Z')): { state: RebateState; now: Date } {
  let now = start;
  let state = NEW_REFERRAL;
  for (const [next, wait] of changes) {
    now = new Date(now.getTime() + wait);
    state = applyReferralStatus(state, next, now);
  }
  return { state, now };
}

const amounts = fc.record({ cleanView: fc.integer({ min: 0, max: 100_000 }), reline: fc.integer({ min: 0, max: 1_000_000 }) });

describe('rebate rules (properties)', () => {
  it('a status sets exactly the rebates its table entry names and leaves the other part as it was', () => {
    check(
      fc.property(anyState, status, instant, (state, next, now) => {
        const after = applyReferralStatus(state, next, now);
        const effect: { cleanView?: RebateStatus; reline?: RebateStatus } = REBATE_EFFECTS[next];
        expect(after.cleanViewStatus).toBe(effect.cleanView ?? state.cleanViewStatus);
        expect(after.relineStatus).toBe(effect.reline ?? state.relineStatus);
      }),
      250,
    );
  });

  it('applying the same status again, later, changes nothing (idempotent)', () => {
    check(
      fc.property(anyState, status, instant, fc.integer({ min: 0, max: 400 * DAY }), (state, next, now, later) => {
        const once = applyReferralStatus(state, next, now);
        expect(applyReferralStatus(once, next, new Date(now.getTime() + later))).toEqual(once);
      }),
      250,
    );
  });

  it('a payment time exists exactly while its part is paid; completion times, once set, never change', () => {
    check(
      fc.property(anyState, status, instant, (state, next, now) => {
        const after = applyReferralStatus(state, next, now);
        expect(after.cleanViewPaidAt !== null).toBe(after.cleanViewStatus === 'paid');
        expect(after.relinePaidAt !== null).toBe(after.relineStatus === 'paid');
        if (state.cleanViewCompletedAt) expect(after.cleanViewCompletedAt).toEqual(state.cleanViewCompletedAt);
        if (state.relineCompletedAt) expect(after.relineCompletedAt).toEqual(state.relineCompletedAt);
        if (next === 'cleanview_completed') expect(after.cleanViewCompletedAt).not.toBeNull();
        if (next === 'reline_completed') expect(after.relineCompletedAt).not.toBeNull();
      }),
      250,
    );
  });

  it('along any history of staff changes: paid + pending is always the referral total, and a part is paid exactly after rebate_paid was its last effect', () => {
    check(
      fc.property(history, amounts, (changes, amount) => {
        const { state } = replay(changes);
        const totals = rebateTotals([
          { amount: amount.cleanView, status: state.cleanViewStatus },
          { amount: amount.reline, status: state.relineStatus },
        ]);
        expect(totals.paid + totals.pending).toBe(amount.cleanView + amount.reline);
        const lastTouching = (part: 'cleanView' | 'reline') =>
          [...changes].reverse().find(([next]) => (REBATE_EFFECTS[next] as { cleanView?: RebateStatus; reline?: RebateStatus })[part] !== undefined)?.[0];
        expect(state.cleanViewStatus === 'paid').toBe(lastTouching('cleanView') === 'rebate_paid');
        expect(state.relineStatus === 'paid').toBe(lastTouching('reline') === 'rebate_paid');
        // Completion times are the first time each completion status was set.
        const firstTime = (wanted: ReferralStatus) => {
          let now = new Date('2026-01-01T00:00:00Z').getTime();
          for (const [next, wait] of changes) {
            now += wait;
            if (next === wanted) return now;
          }
          return null;
        };
        expect(state.cleanViewCompletedAt?.getTime() ?? null).toBe(firstTime('cleanview_completed'));
        expect(state.relineCompletedAt?.getTime() ?? null).toBe(firstTime('reline_completed'));
      }),
      250,
    );
  });

  it('totals: paid sums the paid parts, pending all the rest; order does not matter; paying a part moves its amount from pending to paid', () => {
    const part = fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), status: fc.oneof(rebateStatus, fc.string({ maxLength: 8 })) });
    check(
      fc.property(fc.array(part, { maxLength: 30 }), fc.nat(), (parts, pick) => {
        const totals = rebateTotals(parts);
        const sum = parts.reduce((total, item) => total + item.amount, 0);
        expect(totals.paid + totals.pending).toBe(sum);
        expect(totals.paid).toBe(parts.filter((item) => item.status === 'paid').reduce((total, item) => total + item.amount, 0));
        expect(rebateTotals([...parts].reverse())).toEqual(totals);
        if (parts.length > 0) {
          const index = pick % parts.length;
          const target = parts[index]!;
          fc.pre(target.status !== 'paid');
          const paid = rebateTotals(parts.map((item, at) => (at === index ? { ...item, status: 'paid' } : item)));
          expect(paid).toEqual({ paid: totals.paid + target.amount, pending: totals.pending - target.amount });
        }
      }),
      250,
    );
  });

  it('a completed, unpaid part falls due 15 (Clean & View) or 30 (reline) days after completion; overdue only once that has passed, and stays overdue', () => {
    check(
      fc.property(anyState, instant, fc.integer({ min: 0, max: 100 * DAY }), (state, now, later) => {
        const due = paymentsDue(state, now);
        const expectedParts = (['cleanView', 'reline'] as const).filter((part) =>
          part === 'cleanView' ? state.cleanViewCompletedAt && state.cleanViewStatus !== 'paid' : state.relineCompletedAt && state.relineStatus !== 'paid',
        );
        expect(due.map((item) => item.part)).toEqual(expectedParts);
        for (const item of due) {
          const completedAt = item.part === 'cleanView' ? state.cleanViewCompletedAt! : state.relineCompletedAt!;
          expect(item.dueAt.getTime() - completedAt.getTime()).toBe(PAYMENT_TERMS_DAYS[item.part] * DAY);
          expect(item.overdue).toBe(now.getTime() > item.dueAt.getTime());
        }
        const afterwards = paymentsDue(state, new Date(now.getTime() + later));
        due.forEach((item, index) => {
          if (item.overdue) expect(afterwards[index]!.overdue).toBe(true);
        });
      }),
      250,
    );
  });
});
