import { REFERRAL_FEE_CENTS, formatMoney } from '@relining/contracts/business';
import { JOB_STATUSES, type JobStatus } from '@relining/contracts/job-status';
import { REFERRAL_STATUSES, type ReferralStatus } from '@relining/contracts/referral-rules';
import {
  addressKey,
  describeReferralUpdate,
  isSelfReferral,
  matchOutcome,
  referralStepsForJobStage,
  referrerKey,
  type DescribedChange,
  type MatchCandidate,
} from './referral-pipeline.rules.js';

const CV = 'cleanview_completed';
const RL = 'reline_completed';

describe('referralStepsForJobStage', () => {
  /** [job stage, referral status, quote accepted, reline part earned, the referral's steps] */
  const CASES: Array<[JobStatus, ReferralStatus, boolean, boolean, ReferralStatus[]]> = [
    // booked: the Clean & View has not happened yet — nothing moves, whatever the referral.
    ['booked', 'referred', false, false, []],
    ['booked', 'referred', false, true, []],
    ['booked', 'referred', true, false, []],
    ['booked', 'referred', true, true, []],
    ['booked', 'cleanview_completed', false, false, []],
    ['booked', 'cleanview_completed', false, true, []],
    ['booked', 'cleanview_completed', true, false, []],
    ['booked', 'cleanview_completed', true, true, []],
    ['booked', 'reline_completed', false, false, []],
    ['booked', 'reline_completed', false, true, []],
    ['booked', 'reline_completed', true, false, []],
    ['booked', 'reline_completed', true, true, []],
    ['booked', 'rebate_paid', false, false, []],
    ['booked', 'rebate_paid', false, true, []],
    ['booked', 'rebate_paid', true, false, []],
    ['booked', 'rebate_paid', true, true, []],
    // inspected, quoted, accepted, scheduled: the Clean & View happened — a referral still referred moves on; the reline has not happened.
    ['inspected', 'referred', false, false, [CV]],
    ['inspected', 'referred', false, true, [CV]],
    ['inspected', 'referred', true, false, [CV]],
    ['inspected', 'referred', true, true, [CV]],
    ['inspected', 'cleanview_completed', false, false, []],
    ['inspected', 'cleanview_completed', false, true, []],
    ['inspected', 'cleanview_completed', true, false, []],
    ['inspected', 'cleanview_completed', true, true, []],
    ['inspected', 'reline_completed', false, false, []],
    ['inspected', 'reline_completed', false, true, []],
    ['inspected', 'reline_completed', true, false, []],
    ['inspected', 'reline_completed', true, true, []],
    ['inspected', 'rebate_paid', false, false, []],
    ['inspected', 'rebate_paid', false, true, []],
    ['inspected', 'rebate_paid', true, false, []],
    ['inspected', 'rebate_paid', true, true, []],
    ['quoted', 'referred', false, false, [CV]],
    ['quoted', 'referred', false, true, [CV]],
    ['quoted', 'referred', true, false, [CV]],
    ['quoted', 'referred', true, true, [CV]],
    ['quoted', 'cleanview_completed', false, false, []],
    ['quoted', 'cleanview_completed', false, true, []],
    ['quoted', 'cleanview_completed', true, false, []],
    ['quoted', 'cleanview_completed', true, true, []],
    ['quoted', 'reline_completed', false, false, []],
    ['quoted', 'reline_completed', false, true, []],
    ['quoted', 'reline_completed', true, false, []],
    ['quoted', 'reline_completed', true, true, []],
    ['quoted', 'rebate_paid', false, false, []],
    ['quoted', 'rebate_paid', false, true, []],
    ['quoted', 'rebate_paid', true, false, []],
    ['quoted', 'rebate_paid', true, true, []],
    ['accepted', 'referred', false, false, [CV]],
    ['accepted', 'referred', false, true, [CV]],
    ['accepted', 'referred', true, false, [CV]],
    ['accepted', 'referred', true, true, [CV]],
    ['accepted', 'cleanview_completed', false, false, []],
    ['accepted', 'cleanview_completed', false, true, []],
    ['accepted', 'cleanview_completed', true, false, []],
    ['accepted', 'cleanview_completed', true, true, []],
    ['accepted', 'reline_completed', false, false, []],
    ['accepted', 'reline_completed', false, true, []],
    ['accepted', 'reline_completed', true, false, []],
    ['accepted', 'reline_completed', true, true, []],
    ['accepted', 'rebate_paid', false, false, []],
    ['accepted', 'rebate_paid', false, true, []],
    ['accepted', 'rebate_paid', true, false, []],
    ['accepted', 'rebate_paid', true, true, []],
    ['scheduled', 'referred', false, false, [CV]],
    ['scheduled', 'referred', false, true, [CV]],
    ['scheduled', 'referred', true, false, [CV]],
    ['scheduled', 'referred', true, true, [CV]],
    ['scheduled', 'cleanview_completed', false, false, []],
    ['scheduled', 'cleanview_completed', false, true, []],
    ['scheduled', 'cleanview_completed', true, false, []],
    ['scheduled', 'cleanview_completed', true, true, []],
    ['scheduled', 'reline_completed', false, false, []],
    ['scheduled', 'reline_completed', false, true, []],
    ['scheduled', 'reline_completed', true, false, []],
    ['scheduled', 'reline_completed', true, true, []],
    ['scheduled', 'rebate_paid', false, false, []],
    ['scheduled', 'rebate_paid', false, true, []],
    ['scheduled', 'rebate_paid', true, false, []],
    ['scheduled', 'rebate_paid', true, true, []],
    // completed: relined only when the quote was accepted — the reline part is earned (through cleanview_completed, and again from
    // rebate_paid when only the Clean & View was paid); completed without an accepted quote only means the Clean & View happened.
    ['completed', 'referred', false, false, [CV]],
    ['completed', 'referred', false, true, [CV]],
    ['completed', 'referred', true, false, [CV, RL]],
    ['completed', 'referred', true, true, [CV]],
    ['completed', 'cleanview_completed', false, false, []],
    ['completed', 'cleanview_completed', false, true, []],
    ['completed', 'cleanview_completed', true, false, [RL]],
    ['completed', 'cleanview_completed', true, true, []],
    ['completed', 'reline_completed', false, false, []],
    ['completed', 'reline_completed', false, true, []],
    ['completed', 'reline_completed', true, false, []],
    ['completed', 'reline_completed', true, true, []],
    ['completed', 'rebate_paid', false, false, []],
    ['completed', 'rebate_paid', false, true, []],
    ['completed', 'rebate_paid', true, false, [RL]],
    ['completed', 'rebate_paid', true, true, []],
  ];

  it('covers every job stage × referral status × quote accepted × reline earned', () => {
    const key = ([stage, status, accepted, earned]: (typeof CASES)[number]) => `${stage}|${status}|${accepted}|${earned}`;
    const expected = JOB_STATUSES.flatMap((stage) =>
      REFERRAL_STATUSES.flatMap((status) => [false, true].flatMap((accepted) => [false, true].map((earned) => `${stage}|${status}|${accepted}|${earned}`))),
    );
    expect(CASES.map(key).sort()).toEqual(expected.sort());
  });

  it.each(CASES)('job %s, referral %s, quote accepted %s, reline earned %s → %j', (stage, status, quoteAccepted, relineEarned, steps) => {
    expect(referralStepsForJobStage(stage, { status, relineEarned }, quoteAccepted)).toEqual(steps);
  });

  it('only ever moves a referral forward, except rebate_paid back to reline_completed when the reline was not earned yet', () => {
    for (const [stage, status, quoteAccepted, relineEarned] of CASES) {
      const steps = referralStepsForJobStage(stage, { status, relineEarned }, quoteAccepted);
      let from = REFERRAL_STATUSES.indexOf(status);
      for (const next of steps) {
        const to = REFERRAL_STATUSES.indexOf(next);
        if (!(status === 'rebate_paid' && next === RL && !relineEarned)) expect(to).toBeGreaterThan(from);
        from = to;
      }
    }
  });
});

describe('matchOutcome', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 4, n, 1, 0, 0));
  const referral = (id: string, overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
    id,
    plumberId: 'plumber-ann',
    plumberEmail: 'ann@example.com.au',
    createdAt: day(1),
    jobId: null,
    ...overrides,
  });

  it.each<[string, MatchCandidate[], string | null, boolean]>([
    ['no referral', [], null, false],
    ['one referral', [referral('a')], 'a', false],
    ['the same plumber twice: the oldest, no conflict', [referral('new', { createdAt: day(9) }), referral('old', { createdAt: day(2) })], 'old', false],
    [
      'two plumbers: the first referrer is suggested, and staff decide',
      [referral('ben', { plumberId: 'plumber-ben', plumberEmail: 'ben@example.com.au', createdAt: day(3) }), referral('ann', { createdAt: day(5) })],
      'ben',
      true,
    ],
    [
      'referrals already linked to a job are not offered',
      [referral('linked', { createdAt: day(1), jobId: 'job-1' }), referral('open', { createdAt: day(4) })],
      'open',
      false,
    ],
    [
      'another plumber’s referral linked to a job is no conflict',
      [referral('ben', { plumberId: 'plumber-ben', createdAt: day(1), jobId: 'job-1' }), referral('ann', { createdAt: day(4) })],
      'ann',
      false,
    ],
    ['every referral linked', [referral('a', { jobId: 'job-1' }), referral('b', { plumberId: 'plumber-ben', jobId: 'job-2' })], null, false],
    [
      'two quick referrals with the same e-mail in any case: no conflict',
      [
        referral('q1', { plumberId: null, plumberEmail: ' Sam@Example.com.au', createdAt: day(6) }),
        referral('q2', { plumberId: null, plumberEmail: 'sam@example.COM.AU ', createdAt: day(2) }),
      ],
      'q2',
      false,
    ],
    [
      'quick referrals with two e-mails: conflict',
      [
        referral('q1', { plumberId: null, plumberEmail: 'sam@example.com.au', createdAt: day(2) }),
        referral('q2', { plumberId: null, plumberEmail: 'kim@example.com.au', createdAt: day(3) }),
      ],
      'q1',
      true,
    ],
    [
      'a quick referral (keyed by its e-mail until claimed) beside an account’s: conflict',
      [referral('quick', { plumberId: null, plumberEmail: 'ann@example.com.au', createdAt: day(2) }), referral('account', { createdAt: day(3) })],
      'quick',
      true,
    ],
  ])('%s', (_, candidates, suggested, conflict) => {
    const sut = matchOutcome(candidates);
    expect({ suggested: sut.suggested?.id ?? null, conflict: sut.conflict }).toEqual({ suggested, conflict });
  });

  it('does not reorder the candidates it was given', () => {
    const candidates = [referral('new', { createdAt: day(9) }), referral('old', { createdAt: day(2) })];
    matchOutcome(candidates);
    expect(candidates.map((candidate) => candidate.id)).toEqual(['new', 'old']);
  });

  it.each([
    [{ plumberId: 'plumber-ann', plumberEmail: 'ann@example.com.au' }, 'plumber-ann'],
    [{ plumberId: null, plumberEmail: '  Ann@Example.com.au ' }, 'email:ann@example.com.au'],
  ])('referrerKey %j → %s', (candidate, key) => {
    expect(referrerKey(candidate)).toBe(key);
  });
});

describe('isSelfReferral', () => {
  const plumber = { emails: ['Sam@TaylorPlumbing.com.au', null, undefined], phones: ['0412 345 678', null, undefined, ''] };

  it.each([
    ['0412 345 678', true],
    ['0412345678', true],
    ['+61 412 345 678', true],
    ['61412345678', true],
    ['+61 (0)412 345 678', true],
    [' 0412-345-678 ', true],
    ['sam@taylorplumbing.com.au', true],
    ['SAM@TAYLORPLUMBING.COM.AU ', true],
    ['', false],
    ['   ', false],
    ['0412 345 679', false],
    ['+44 412 345 678', false],
    ['other@example.com.au', false],
    ['Sam Taylor', false],
    ['sam0412345678@example.com.au', false],
  ])('%j → %s', (contact, expected) => {
    expect(isSelfReferral(contact, plumber)).toBe(expected);
  });

  it.each([
    ['the plumber’s own number typed internationally', '0412 345 678', { emails: [], phones: ['+61 412 345 678'] }, true],
    ['a landline in any form', '+61 3 9123 4567', { emails: [], phones: ['(03) 9123 4567'] }, true],
    ['a plumber with no contact details', '0412 345 678', { emails: [], phones: [] }, false],
    ['a short number is never matched (fewer than nine digits)', '13 22 11', { emails: [], phones: ['132211'] }, false],
    ['no number on either side', 'n/a', { emails: [], phones: ['n/a'] }, false],
  ])('%s', (_, contact, who, expected) => {
    expect(isSelfReferral(contact, who)).toBe(expected);
  });
});

describe('addressKey', () => {
  it.each([
    ['4 Elm Street', '4066', '4 elm street|4066'],
    ['  4  Elm   Street ', '4066', '4 elm street|4066'],
    ['4 ELM STREET', '4066', '4 elm street|4066'],
    ['4 Elm\tStreet', '4066', '4 elm street|4066'],
    ['4 Elm Street', '3121', '4 elm street|3121'],
    ['4 Elm Street', null, ''],
    ['4 Elm Street', '', ''],
  ])('%j, %j → %j', (address, postcode, key) => {
    expect(addressKey(address, postcode)).toBe(key);
  });
});

describe('describeReferralUpdate', () => {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const CLEAN_VIEW = formatMoney(REFERRAL_FEE_CENTS.cleanView / 100);
  const RELINE = formatMoney(REFERRAL_FEE_CENTS.reline / 100);
  const change = (overrides: Partial<DescribedChange>): DescribedChange => ({
    kind: 'cleanview',
    amountCents: REFERRAL_FEE_CENTS.cleanView,
    from: null,
    to: 'pending',
    dueAt: null,
    reason: null,
    ...overrides,
  });

  it.each<[string, ReferralStatus, ReferralStatus, string | null, string]>([
    ['a status change', 'referred', CV, null, 'Status: Clean & View Completed (was Referred).'],
    ['a status change with the job’s stage', CV, RL, 'Job Completed', 'Status: Reline Completed (was Clean & View Completed). The job is at: Job Completed.'],
    ['no status change', RL, RL, null, 'Status: Reline Completed (unchanged).'],
    ['no status change, with the job’s stage', 'rebate_paid', 'rebate_paid', 'Quote Sent', 'Status: Rebate Paid (unchanged). The job is at: Quote Sent.'],
  ])('%s', (_, statusFrom, statusTo, jobStage, text) => {
    expect(describeReferralUpdate({ statusFrom, statusTo, ledger: [], jobStage }, day)).toEqual({ change: text, rebateEffect: 'Your rebates are unchanged.' });
  });

  it.each<[string, DescribedChange, string]>([
    [
      'earned, with its due date',
      change({ dueAt: new Date('2026-06-04T03:00:00Z') }),
      `Your Clean & View rebate of ${CLEAN_VIEW} has been earned. It is due to be paid by 2026-06-04.`,
    ],
    ['earned, without a due date', change({ kind: 'reline', amountCents: REFERRAL_FEE_CENTS.reline }), `Your Reline rebate of ${RELINE} has been earned.`],
    ['approved', change({ from: 'pending', to: 'approved' }), `Your Clean & View rebate of ${CLEAN_VIEW} has been approved for payment.`],
    [
      'paid',
      change({ kind: 'reline', amountCents: REFERRAL_FEE_CENTS.reline, from: 'approved', to: 'paid' }),
      `Your Reline rebate of ${RELINE} has been paid.`,
    ],
    [
      'void, with the reason',
      change({ kind: 'reline', amountCents: REFERRAL_FEE_CENTS.reline, to: 'void', reason: 'The job JOB-1007 was archived' }),
      `Your Reline rebate of ${RELINE} will not be paid: The job JOB-1007 was archived.`,
    ],
    ['void, without a reason', change({ from: 'pending', to: 'void' }), `Your Clean & View rebate of ${CLEAN_VIEW} will not be paid.`],
    [
      'a refund',
      change({ kind: 'adjustment', amountCents: -REFERRAL_FEE_CENTS.reline, reason: 'Customer disputed the job' }),
      `A refund of ${RELINE} has been recorded against your rebates: Customer disputed the job.`,
    ],
    [
      'a refund without a reason',
      change({ kind: 'adjustment', amountCents: -REFERRAL_FEE_CENTS.cleanView }),
      `A refund of ${CLEAN_VIEW} has been recorded against your rebates.`,
    ],
    [
      'a refund settled with a payment',
      change({ kind: 'adjustment', amountCents: -REFERRAL_FEE_CENTS.cleanView, from: 'pending', to: 'paid' }),
      `A refund of ${CLEAN_VIEW} has been settled with this payment.`,
    ],
    ['an amount with cents', change({ amountCents: 8_050 }), `Your Clean & View rebate of ${formatMoney(80.5)} has been earned.`],
  ])('%s', (_, entry, line) => {
    expect(describeReferralUpdate({ statusFrom: 'referred', statusTo: CV, ledger: [entry], jobStage: null }, day).rebateEffect).toBe(line);
  });

  it('writes one line per change, in order', () => {
    const sut = describeReferralUpdate(
      {
        statusFrom: RL,
        statusTo: 'rebate_paid',
        ledger: [change({ from: 'pending', to: 'paid' }), change({ kind: 'reline', amountCents: REFERRAL_FEE_CENTS.reline, from: 'approved', to: 'paid' })],
        jobStage: null,
      },
      day,
    );
    expect(sut.rebateEffect).toBe(`Your Clean & View rebate of ${CLEAN_VIEW} has been paid.\nYour Reline rebate of ${RELINE} has been paid.`);
  });

  it('writes the amounts of the day (spec §9: $80 and $400)', () => {
    expect([CLEAN_VIEW, RELINE]).toEqual(['$80', '$400']);
  });
});
