import { applyReferralStatus, paymentsDue, rebateTotals, REBATE_EFFECTS, type RebateState } from './rebate.rules.js';

const fresh: RebateState = {
  cleanViewStatus: 'pending',
  relineStatus: 'pending',
  cleanViewCompletedAt: null,
  relineCompletedAt: null,
  cleanViewPaidAt: null,
  relinePaidAt: null,
};
const now = new Date('2026-11-21T00:00:00Z');

describe('REBATE_EFFECTS', () => {
  it.each([
    ['referred', {}],
    ['cleanview_completed', { cleanView: 'processing' }],
    ['reline_completed', { reline: 'processing' }],
    ['rebate_paid', { cleanView: 'paid', reline: 'paid' }],
  ] as const)('%s → %j', (status, effect) => {
    expect(REBATE_EFFECTS[status]).toEqual(effect);
  });
});

describe('applyReferralStatus', () => {
  it.each([
    ['referred', 'pending', 'pending'],
    ['cleanview_completed', 'processing', 'pending'],
    ['reline_completed', 'pending', 'processing'],
    ['rebate_paid', 'paid', 'paid'],
  ] as const)('from a fresh referral, %s leaves C&V %s and reline %s', (status, cleanView, reline) => {
    const next = applyReferralStatus(fresh, status, now);
    expect([next.cleanViewStatus, next.relineStatus]).toEqual([cleanView, reline]);
  });

  it('records each completion and payment time once', () => {
    const completed = applyReferralStatus(fresh, 'cleanview_completed', now);
    expect(completed.cleanViewCompletedAt).toEqual(now);
    const later = new Date('2026-11-25T00:00:00Z');
    const again = applyReferralStatus(completed, 'cleanview_completed', later);
    expect(again.cleanViewCompletedAt).toEqual(now);
    const paid = applyReferralStatus(again, 'rebate_paid', later);
    expect(paid).toMatchObject({ cleanViewPaidAt: later, relinePaidAt: later, cleanViewStatus: 'paid', relineStatus: 'paid' });
  });

  it('forgets the payment time of a part taken back from paid, and keeps the other part paid', () => {
    const paid = applyReferralStatus(fresh, 'rebate_paid', now);
    const reline = applyReferralStatus(paid, 'reline_completed', new Date('2026-11-25T00:00:00Z'));
    expect(reline).toMatchObject({ relineStatus: 'processing', relinePaidAt: null, cleanViewStatus: 'paid', cleanViewPaidAt: now });
  });

  it('allows any status after any other (no order enforced), keeping what earlier steps set', () => {
    const paid = applyReferralStatus(fresh, 'rebate_paid', now);
    const back = applyReferralStatus(paid, 'referred', now);
    expect([back.cleanViewStatus, back.relineStatus]).toEqual(['paid', 'paid']);
    const reline = applyReferralStatus(back, 'reline_completed', now);
    expect(reline.relineStatus).toBe('processing');
  });
});

describe('rebateTotals', () => {
  it.each([
    [[], { paid: 0, pending: 0 }],
    [
      [
        { amount: 80, status: 'paid' },
        { amount: 400, status: 'pending' },
      ],
      { paid: 80, pending: 400 },
    ],
    [
      [
        { amount: 80, status: 'processing' },
        { amount: 400, status: 'processing' },
      ],
      { paid: 0, pending: 480 },
    ],
    [
      [
        { amount: 80, status: 'paid' },
        { amount: 400, status: 'paid' },
        { amount: 80, status: 'anything else' },
      ],
      { paid: 480, pending: 80 },
    ],
  ])('%j → %j', (parts, totals) => {
    expect(rebateTotals(parts)).toEqual(totals);
  });
});

describe('paymentsDue', () => {
  const completedAt = new Date('2026-11-01T00:00:00Z');

  it.each([
    ['nothing completed', fresh, []],
    [
      'C&V completed 20 days ago (15-day terms): overdue',
      { ...fresh, cleanViewStatus: 'processing', cleanViewCompletedAt: completedAt },
      [{ part: 'cleanView', dueAt: new Date('2026-11-16T00:00:00Z'), overdue: true }],
    ],
    [
      'reline completed 20 days ago (30-day terms): not yet due',
      { ...fresh, relineStatus: 'processing', relineCompletedAt: completedAt },
      [{ part: 'reline', dueAt: new Date('2026-12-01T00:00:00Z'), overdue: false }],
    ],
    ['completed and paid: nothing due', { ...fresh, cleanViewStatus: 'paid', cleanViewCompletedAt: completedAt }, []],
  ] as const)('%s', (_name, state, due) => {
    expect(paymentsDue(state as RebateState, now)).toEqual(due);
  });
});
