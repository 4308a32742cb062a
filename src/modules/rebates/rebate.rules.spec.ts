import { REBATE_ENTRY_STATES, REBATE_KINDS, REBATE_MESSAGES, type RebateEntryState, type RebateKind } from '@relining/contracts/api/rebates';
import { PAYMENT_TERMS_DAYS, REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { REFERRAL_STATUSES, RELINE_NOT_EARNED_MESSAGE, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import {
  canEarn,
  dueDate,
  HELD_NOTICE,
  ledgerTotals,
  liveEntry,
  NOTHING_EARNED_NOTICE,
  partStatus,
  planReferralStatus,
  REBATE_EFFECTS,
  reasonOf,
  STAFF_ACTION_PROBLEMS,
  type LedgerAction,
  type LedgerEntry,
  type MilestoneKind,
} from './rebate.rules.js';

const DAY = 86_400_000;
const FEE = { cleanview: REFERRAL_FEE_CENTS.cleanView, reline: REFERRAL_FEE_CENTS.reline } as const;

/** A ledger entry: the part's fee, pending, earned by its milestone (a refund adjustment takes the reline fee back). */
function entry(kind: RebateKind, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  const state = overrides.state ?? 'pending';
  const voidSource = overrides.voidSource ?? null;
  return {
    id: `${kind}-${state}${voidSource ? `-${voidSource}` : ''}`,
    kind,
    state,
    amountCents: kind === 'adjustment' ? -FEE.reline : FEE[kind],
    voidSource,
    adjusts: kind === 'adjustment' ? 'reline-paid' : null,
    ...overrides,
  };
}

/** Each part in each state it can be in. */
const part = (kind: MilestoneKind) => ({
  pending: entry(kind),
  approved: entry(kind, { state: 'approved' }),
  paid: entry(kind, { state: 'paid' }),
  voidByStaff: entry(kind, { state: 'void', voidSource: 'staff' }),
  voidByPipeline: entry(kind, { state: 'void', voidSource: 'pipeline' }),
});
const cv = part('cleanview');
const rl = part('reline');
const refund = {
  pending: entry('adjustment'),
  approved: entry('adjustment', { state: 'approved' }),
  paid: entry('adjustment', { state: 'paid' }),
  void: entry('adjustment', { state: 'void', voidSource: 'staff' }),
};

const earn = (kind: MilestoneKind): LedgerAction => ({ type: 'earn', kind });
const pay = (paid: LedgerEntry): LedgerAction => ({ type: 'pay', entryId: paid.id });

describe('REBATE_EFFECTS', () => {
  it.each([
    ['referred', { earn: [], pay: false }],
    ['cleanview_completed', { earn: ['cleanview'], pay: false }],
    ['reline_completed', { earn: ['reline'], pay: false }],
    ['rebate_paid', { earn: [], pay: true }],
  ] as const)('%s → %j', (status, effect) => {
    expect(REBATE_EFFECTS[status]).toEqual(effect);
  });

  it('has an effect for every referral status, and nothing else', () => {
    expect(Object.keys(REBATE_EFFECTS).sort()).toEqual([...REFERRAL_STATUSES].sort());
  });
});

describe('canEarn', () => {
  it.each([
    ['nothing yet', [], true],
    ['only the other part', [rl.pending, rl.paid], true],
    ['a pending entry', [cv.pending], false],
    ['an approved entry', [cv.approved], false],
    ['a paid entry', [cv.paid], false],
    ['voided by staff (their decision stands)', [cv.voidByStaff], false],
    ['voided by the pipeline (the job archived)', [cv.voidByPipeline], true],
    ['voided by the pipeline, then earned', [cv.voidByPipeline, cv.pending], false],
    ['voided by the pipeline and by staff', [cv.voidByPipeline, cv.voidByStaff], false],
    ['only an adjustment', [refund.paid], true],
  ])('the Clean & View part, with %s → %s', (_, entries, expected) => {
    expect(canEarn(entries, 'cleanview')).toBe(expected);
  });

  it.each([
    [[], true],
    [[rl.voidByPipeline], true],
    [[rl.voidByStaff], false],
    [[rl.approved], false],
    [[cv.voidByStaff], true],
  ])('the reline part, with %j → %s', (entries, expected) => {
    expect(canEarn(entries, 'reline')).toBe(expected);
  });
});

describe('liveEntry', () => {
  it.each([
    [[], 'cleanview', undefined],
    [[cv.voidByStaff, cv.voidByPipeline], 'cleanview', undefined],
    [[cv.voidByPipeline, cv.approved], 'cleanview', cv.approved],
    [[cv.paid, rl.pending], 'reline', rl.pending],
    [[cv.paid, refund.pending], 'reline', undefined],
  ] as const)('%j, %s → %j', (entries, kind, expected) => {
    expect(liveEntry(entries, kind)).toBe(expected);
  });
});

describe('planReferralStatus', () => {
  it.each<[string, ReferralStatus, LedgerEntry[], boolean, LedgerAction[], string[]]>([
    // referred: nothing happens to the ledger.
    ['referred, nothing earned', 'referred', [], false, [], []],
    ['referred, both parts earned', 'referred', [cv.pending, rl.pending], false, [], []],
    ['referred, held', 'referred', [], true, [], []],

    // cleanview_completed earns the Clean & View part, once.
    ['cleanview_completed, nothing earned', 'cleanview_completed', [], false, [earn('cleanview')], []],
    ['cleanview_completed, only the reline earned', 'cleanview_completed', [rl.pending], false, [earn('cleanview')], []],
    ['cleanview_completed, already earned', 'cleanview_completed', [cv.pending], false, [], []],
    ['cleanview_completed, already approved', 'cleanview_completed', [cv.approved], false, [], []],
    ['cleanview_completed, already paid', 'cleanview_completed', [cv.paid], false, [], []],
    ['cleanview_completed, voided by staff', 'cleanview_completed', [cv.voidByStaff], false, [], []],
    ['cleanview_completed, voided by the pipeline', 'cleanview_completed', [cv.voidByPipeline], false, [earn('cleanview')], []],
    ['cleanview_completed, voided by the pipeline then earned', 'cleanview_completed', [cv.voidByPipeline, cv.pending], false, [], []],
    ['cleanview_completed, voided by the pipeline and by staff', 'cleanview_completed', [cv.voidByPipeline, cv.voidByStaff], false, [], []],
    ['cleanview_completed, held', 'cleanview_completed', [], true, [], [HELD_NOTICE]],
    ['cleanview_completed, held, voided by the pipeline', 'cleanview_completed', [cv.voidByPipeline], true, [], [HELD_NOTICE]],

    // reline_completed earns the reline part, once.
    ['reline_completed, nothing earned', 'reline_completed', [], false, [earn('reline')], []],
    ['reline_completed, the Clean & View earned', 'reline_completed', [cv.pending], false, [earn('reline')], []],
    ['reline_completed, the Clean & View paid', 'reline_completed', [cv.paid], false, [earn('reline')], []],
    ['reline_completed, already earned', 'reline_completed', [cv.pending, rl.pending], false, [], []],
    ['reline_completed, already paid', 'reline_completed', [rl.paid], false, [], []],
    ['reline_completed, voided by staff', 'reline_completed', [rl.voidByStaff], false, [], []],
    ['reline_completed, voided by the pipeline', 'reline_completed', [rl.voidByPipeline], false, [earn('reline')], []],
    ['reline_completed, held', 'reline_completed', [], true, [], [HELD_NOTICE]],

    // rebate_paid pays what was earned (adjustments included), never a void entry nor an unearned part.
    ['rebate_paid, nothing earned', 'rebate_paid', [], false, [], [RELINE_NOT_EARNED_MESSAGE, NOTHING_EARNED_NOTICE]],
    ['rebate_paid, held, nothing earned', 'rebate_paid', [], true, [], [RELINE_NOT_EARNED_MESSAGE, NOTHING_EARNED_NOTICE]],
    ['rebate_paid, the Clean & View earned', 'rebate_paid', [cv.pending], false, [pay(cv.pending)], [RELINE_NOT_EARNED_MESSAGE]],
    ['rebate_paid, the Clean & View approved', 'rebate_paid', [cv.approved], false, [pay(cv.approved)], [RELINE_NOT_EARNED_MESSAGE]],
    ['rebate_paid, both earned', 'rebate_paid', [cv.pending, rl.pending], false, [pay(cv.pending), pay(rl.pending)], []],
    ['rebate_paid, one approved, one earned', 'rebate_paid', [cv.approved, rl.pending], false, [pay(cv.approved), pay(rl.pending)], []],
    ['rebate_paid, the Clean & View paid, the reline approved', 'rebate_paid', [cv.paid, rl.approved], false, [pay(rl.approved)], []],
    ['rebate_paid, both already paid', 'rebate_paid', [cv.paid, rl.paid], false, [], []],
    ['rebate_paid, only the Clean & View, already paid', 'rebate_paid', [cv.paid], false, [], [RELINE_NOT_EARNED_MESSAGE]],
    ['rebate_paid, the reline voided by staff', 'rebate_paid', [cv.pending, rl.voidByStaff], false, [pay(cv.pending)], [RELINE_NOT_EARNED_MESSAGE]],
    ['rebate_paid, the Clean & View voided', 'rebate_paid', [cv.voidByStaff, rl.pending], false, [pay(rl.pending)], []],
    ['rebate_paid, both void', 'rebate_paid', [cv.voidByStaff, rl.voidByPipeline], false, [], [RELINE_NOT_EARNED_MESSAGE, NOTHING_EARNED_NOTICE]],
    ['rebate_paid, a pending refund', 'rebate_paid', [cv.paid, rl.paid, refund.pending], false, [pay(refund.pending)], []],
    ['rebate_paid, an approved refund', 'rebate_paid', [cv.paid, rl.paid, refund.approved], false, [pay(refund.approved)], []],
    ['rebate_paid, a void refund', 'rebate_paid', [cv.paid, rl.paid, refund.void], false, [], []],
  ])('%s', (_, status, entries, held, actions, notices) => {
    expect(planReferralStatus(status, entries, { held })).toEqual({ actions, notices });
  });

  it('never pays a void entry nor one already paid, whatever the ledger holds', () => {
    const everything = [...Object.values(cv), ...Object.values(rl), ...Object.values(refund)];
    const paid = planReferralStatus('rebate_paid', everything, { held: false }).actions.map((action) => action.type === 'pay' && action.entryId);
    expect(paid).toEqual(everything.filter((candidate) => candidate.state === 'pending' || candidate.state === 'approved').map((candidate) => candidate.id));
  });
});

describe('partStatus', () => {
  it.each<[string, LedgerEntry[], MilestoneKind, RebateStatus]>([
    ['nothing', [], 'cleanview', 'pending'],
    ['only the other part', [rl.paid], 'cleanview', 'pending'],
    ['only an adjustment', [refund.pending], 'reline', 'pending'],
    ['a pending entry', [cv.pending], 'cleanview', 'processing'],
    ['an approved entry', [cv.approved], 'cleanview', 'approved'],
    ['a paid entry', [cv.paid], 'cleanview', 'paid'],
    ['a paid entry refunded', [rl.paid, refund.pending], 'reline', 'paid'],
    ['only an entry voided by staff', [rl.voidByStaff], 'reline', 'void'],
    ['only an entry voided by the pipeline', [rl.voidByPipeline], 'reline', 'void'],
    ['only void entries', [cv.voidByPipeline, cv.voidByStaff], 'cleanview', 'void'],
    ['a void entry and a live one', [cv.voidByPipeline, cv.pending], 'cleanview', 'processing'],
    ['a void entry and a paid one', [rl.voidByPipeline, rl.paid], 'reline', 'paid'],
  ])('%s → the %s part is %s', (_, entries, kind, expected) => {
    expect(partStatus(entries, kind)).toBe(expected);
  });
});

describe('ledgerTotals', () => {
  it.each<[string, LedgerEntry[], { paidCents: number; pendingCents: number }]>([
    ['nothing', [], { paidCents: 0, pendingCents: 0 }],
    ['one part earned', [cv.pending], { paidCents: 0, pendingCents: FEE.cleanview }],
    ['earned and approved count as pending', [cv.approved, rl.pending], { paidCents: 0, pendingCents: FEE.cleanview + FEE.reline }],
    ['one paid, one earned', [cv.paid, rl.pending], { paidCents: FEE.cleanview, pendingCents: FEE.reline }],
    ['both paid', [cv.paid, rl.paid], { paidCents: FEE.cleanview + FEE.reline, pendingCents: 0 }],
    ['void entries count for nothing', [cv.voidByStaff, rl.voidByPipeline, refund.void], { paidCents: 0, pendingCents: 0 }],
    ['void beside paid', [cv.voidByStaff, rl.paid], { paidCents: FEE.reline, pendingCents: 0 }],
    ['a pending refund is owed back', [cv.paid, rl.paid, refund.pending], { paidCents: FEE.cleanview + FEE.reline, pendingCents: -FEE.reline }],
    ['a paid refund takes the payment back', [cv.paid, rl.paid, refund.paid], { paidCents: FEE.cleanview, pendingCents: 0 }],
  ])('%s', (_, entries, totals) => {
    expect(ledgerTotals(entries)).toEqual(totals);
  });
});

describe('dueDate', () => {
  it.each([
    ['cleanview', '2026-05-01T02:30:00.000Z', PAYMENT_TERMS_DAYS.cleanView],
    ['reline', '2026-05-01T02:30:00.000Z', PAYMENT_TERMS_DAYS.reline],
    ['cleanview', '2026-03-30T23:00:00.000Z', PAYMENT_TERMS_DAYS.cleanView], // across the end of daylight saving in Australia
    ['reline', '2026-12-20T13:00:00.000Z', PAYMENT_TERMS_DAYS.reline], // across the new year
  ] as const)('the %s part earned at %s is due %i days later', (kind, milestone, days) => {
    const milestoneAt = new Date(milestone);
    expect(dueDate(kind, milestoneAt).getTime() - milestoneAt.getTime()).toBe(days * DAY);
  });

  it('gives the reline longer than the Clean & View (the spec’s 15 and 30 days)', () => {
    const at = new Date('2026-05-01T00:00:00Z');
    expect(dueDate('reline', at).getTime()).toBeGreaterThan(dueDate('cleanview', at).getTime());
  });
});

describe('STAFF_ACTION_PROBLEMS', () => {
  /** What each action says to an entry in each state (the same for every kind). */
  const EXPECTED: Record<'approve' | 'void', Record<RebateEntryState, string | null>> = {
    approve: { pending: null, approved: REBATE_MESSAGES.approveState, paid: REBATE_MESSAGES.approveState, void: REBATE_MESSAGES.payVoid },
    void: { pending: null, approved: null, paid: REBATE_MESSAGES.voidPaid, void: REBATE_MESSAGES.voidState },
  };
  const rows = (action: 'approve' | 'void') =>
    REBATE_KINDS.flatMap((kind) => REBATE_ENTRY_STATES.map((state) => [action, kind, state, EXPECTED[action][state]] as const));

  it.each([
    ['pending', null],
    ['approved', null],
    ['paid', REBATE_MESSAGES.alreadyPaid],
    ['void', REBATE_MESSAGES.payVoid],
  ] as const)('pay an entry that is %s → %j', (state, message) => {
    for (const kind of REBATE_KINDS) expect(STAFF_ACTION_PROBLEMS.pay(entry(kind, { state }))).toBe(message);
  });

  it.each([...rows('approve'), ...rows('void')])('%s a %s entry that is %s → %j', (action, kind, state, message) => {
    expect(STAFF_ACTION_PROBLEMS[action](entry(kind, { state }))).toBe(message);
  });

  it.each<[RebateKind, RebateEntryState, boolean, string | null]>([
    ['cleanview', 'paid', false, null],
    ['reline', 'paid', false, null],
    ['cleanview', 'paid', true, REBATE_MESSAGES.alreadyRefunded],
    ['reline', 'paid', true, REBATE_MESSAGES.alreadyRefunded],
    ['cleanview', 'pending', false, REBATE_MESSAGES.refundUnpaid],
    ['reline', 'approved', false, REBATE_MESSAGES.refundUnpaid],
    ['reline', 'void', false, REBATE_MESSAGES.refundUnpaid],
    ['reline', 'void', true, REBATE_MESSAGES.refundUnpaid],
    ['adjustment', 'paid', false, REBATE_MESSAGES.refundUnpaid],
    ['adjustment', 'paid', true, REBATE_MESSAGES.refundUnpaid],
    ['adjustment', 'pending', false, REBATE_MESSAGES.refundUnpaid],
  ])('refund a %s entry that is %s (refunded before: %s) → %j', (kind, state, refunded, message) => {
    expect(STAFF_ACTION_PROBLEMS.refund(entry(kind, { state }), refunded)).toBe(message);
  });

  it('says each refusal in the words of the API', () => {
    expect(REBATE_MESSAGES).toMatchObject({
      payVoid: 'A void rebate cannot be paid',
      voidPaid: 'A paid rebate cannot be voided: record a refund instead',
      refundUnpaid: 'Only a paid rebate can be refunded',
      alreadyRefunded: 'This rebate has already been refunded',
      approveState: 'Only a pending rebate can be approved',
      voidState: 'This rebate is already void',
    });
  });
});

describe('reasonOf', () => {
  it.each([
    ['Duplicate of R-000012', 'Duplicate of R-000012'],
    ['  Customer cancelled  ', 'Customer cancelled'],
    ['line one\nline two', 'line one\nline two'],
    ['', null],
    ['   \n\t', null],
    [undefined, null],
    [null, null],
    [42, null],
    [{ reason: 'x' }, null],
    [['x'], null],
    ['x'.repeat(600), 'x'.repeat(500)],
    [` ${'y'.repeat(500)} `, 'y'.repeat(500)],
  ])('%j → %j', (value, expected) => {
    expect(reasonOf(value)).toBe(expected);
  });
});
