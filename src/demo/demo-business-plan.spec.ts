import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { BOOKING_STATUSES } from '@relining/contracts/booking-rules';
import { isoDayIn } from '@relining/contracts/date-format';
import { ENQUIRY_STATUSES } from '@relining/contracts/enquiry-rules';
import { JOB_STATUSES } from '@relining/contracts/job-status';
import { REFERRAL_STATUSES, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import { MILESTONE_KINDS, partStatus, planReferralStatus, type LedgerEntry } from '../modules/rebates/rebate.rules.js';
import { applyPlannedStatus, DEMO_WINDOW_DAYS, planDemoBusiness, type DemoBusinessPlan, type PlannedRebates } from './demo-business-plan.js';
import { isoDayBefore, wallClockInstant } from './demo-clock.js';

const DAY = 86_400_000;
const MELBOURNE = 'Australia/Melbourne';

/** Every instant the plan writes, with what it is. */
function instantsOf(plan: DemoBusinessPlan): Array<[string, Date]> {
  return [
    ['staffSince', plan.staffSince],
    ['demoPlumberSince', plan.demoPlumberSince],
    ...plan.plumbers.flatMap((p): Array<[string, Date]> => [
      [`${p.fullName} joined`, p.joinedAt],
      ...(p.lastSignInAt ? [[`${p.fullName} signed in`, p.lastSignInAt] as [string, Date]] : []),
    ]),
    ...plan.bookings.flatMap((b): Array<[string, Date]> => [
      [`booking ${b.fullName} created`, b.createdAt],
      [`booking ${b.fullName} updated`, b.updatedAt],
    ]),
    ...plan.enquiries.flatMap((e): Array<[string, Date]> => [
      [`enquiry ${e.contactPerson} created`, e.createdAt],
      [`enquiry ${e.contactPerson} updated`, e.updatedAt],
      ...(e.archivedAt ? [[`enquiry ${e.contactPerson} archived`, e.archivedAt] as [string, Date]] : []),
    ]),
    ...plan.referrals.flatMap((r): Array<[string, Date]> => [
      [`referral ${r.clientName} created`, r.createdAt],
      [`referral ${r.clientName} updated`, r.updatedAt],
      ...r.events.map((e): [string, Date] => [`referral ${r.clientName} ${e.kind} ${e.to}`, e.at]),
      ...[r.rebates.cleanViewCompletedAt, r.rebates.relineCompletedAt, r.rebates.cleanViewPaidAt, r.rebates.relinePaidAt]
        .filter((at): at is Date => at !== null)
        .map((at): [string, Date] => [`referral ${r.clientName} rebate`, at]),
    ]),
    ...plan.jobs.flatMap((j): Array<[string, Date]> => [
      [`job ${j.customerName} created`, j.createdAt],
      ...j.events.map((e): [string, Date] => [`job ${j.customerName} ${e.status}`, e.at]),
    ]),
  ];
}

/** What each referral status means for its two rebates (rebates/rebate.rules.ts, applied in order). */
const EXPECTED_REBATES: Record<ReferralStatus, [RebateStatus, RebateStatus]> = {
  referred: ['pending', 'pending'],
  cleanview_completed: ['processing', 'pending'],
  reline_completed: ['processing', 'processing'],
  rebate_paid: ['paid', 'paid'],
};

/** The job stages that go with a referral status: the Clean & View is the inspection, the reline the completed job. */
const STAGES_FOR_REFERRAL: Record<ReferralStatus, readonly string[]> = {
  referred: ['booked'],
  cleanview_completed: ['inspected', 'quoted', 'accepted', 'scheduled'],
  reline_completed: ['completed'],
  rebate_paid: ['completed'],
};

const minuteOfDayIn = (timeZone: string, at: Date) => {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).split(':').map(Number);
  return hour! * 60 + minute!;
};

const NOTHING_EARNED: PlannedRebates = {
  cleanViewStatus: 'pending',
  relineStatus: 'pending',
  cleanViewCompletedAt: null,
  relineCompletedAt: null,
  cleanViewPaidAt: null,
  relinePaidAt: null,
};

/** Every sequence of referral statuses up to `length` long (the empty one included). */
function sequencesUpTo(length: number): ReferralStatus[][] {
  let level: ReferralStatus[][] = [[]];
  const all = [...level];
  for (let i = 0; i < length; i += 1) {
    level = level.flatMap((sequence) => REFERRAL_STATUSES.map((status) => [...sequence, status]));
    all.push(...level);
  }
  return all;
}

describe('applyPlannedStatus (the demo’s mirror of the rebate rules)', () => {
  /** The same statuses through the ledger rules, as the rebates service applies them. */
  function throughTheLedger(statuses: readonly ReferralStatus[]): LedgerEntry[] {
    const entries: LedgerEntry[] = [];
    for (const status of statuses) {
      for (const action of planReferralStatus(status, entries, { held: false }).actions) {
        if (action.type === 'earn')
          entries.push({ id: `${action.kind}-${entries.length}`, kind: action.kind, state: 'pending', amountCents: 1, voidSource: null, adjusts: null });
        else entries.find((entry) => entry.id === action.entryId)!.state = 'paid';
      }
    }
    return entries;
  }

  it('leaves both parts as the ledger rules do, after any sequence of statuses', () => {
    const all = sequencesUpTo(5);
    expect(all).toHaveLength(1 + 4 + 16 + 64 + 256 + 1024);
    for (const statuses of all) {
      const sut = statuses.reduce((rebates, status, index) => applyPlannedStatus(rebates, status, new Date(Date.UTC(2026, 0, 1 + index))), NOTHING_EARNED);
      const entries = throughTheLedger(statuses);
      expect([statuses, sut.cleanViewStatus, sut.relineStatus]).toEqual([statuses, ...MILESTONE_KINDS.map((kind) => partStatus(entries, kind))]);
    }
  });

  it('dates each part at its milestone and its payment, and keeps the first dates', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const steps: Array<[ReferralStatus, Date]> = [
      ['cleanview_completed', at(1)],
      ['cleanview_completed', at(2)],
      ['reline_completed', at(3)],
      ['rebate_paid', at(4)],
      ['reline_completed', at(5)],
      ['rebate_paid', at(6)],
    ];
    const sut = steps.reduce((rebates, [status, when]) => applyPlannedStatus(rebates, status, when), NOTHING_EARNED);
    expect(sut).toEqual({
      cleanViewStatus: 'paid',
      relineStatus: 'paid',
      cleanViewCompletedAt: at(1),
      relineCompletedAt: at(3),
      cleanViewPaidAt: at(4),
      relinePaidAt: at(4),
    });
  });

  it('pays only the Clean & View when the reline never happened', () => {
    const sut = applyPlannedStatus(applyPlannedStatus(NOTHING_EARNED, 'cleanview_completed', new Date(1_000)), 'rebate_paid', new Date(2_000));
    expect([sut.cleanViewStatus, sut.relineStatus, sut.relinePaidAt]).toEqual(['paid', 'pending', null]);
  });
});

describe('demo clock', () => {
  it.each([
    ['2026-01-15', 9 * 60, '2026-01-14T22:00:00.000Z'], // AEDT, UTC+11
    ['2026-06-15', 9 * 60, '2026-06-14T23:00:00.000Z'], // AEST, UTC+10
    ['2026-04-05', 12 * 60, '2026-04-05T02:00:00.000Z'], // the day daylight saving ends
    ['2026-10-04', 12 * 60, '2026-10-04T01:00:00.000Z'], // the day it starts
  ])('%s at minute %i in Melbourne is %s', (day, minute, expected) => {
    expect(wallClockInstant(MELBOURNE, day, minute).toISOString()).toBe(expected);
  });

  it('counts calendar days across months and years', () => {
    expect(isoDayBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(isoDayBefore('2026-01-03', 7)).toBe('2025-12-27');
    expect(isoDayBefore('2026-01-03', -30)).toBe('2026-02-02');
  });
});

describe('the demo business plan', () => {
  const now = new Date('2026-05-20T03:15:00Z');
  const sut = planDemoBusiness(now, MELBOURNE);

  it('is the same business every time for the same now (no Math.random)', () => {
    expect(planDemoBusiness(now, MELBOURNE)).toEqual(sut);
  });

  it('has the expected size', () => {
    expect({
      plumbers: sut.plumbers.length,
      bookings: sut.bookings.length,
      enquiries: sut.enquiries.length,
      referrals: sut.referrals.length,
      jobs: sut.jobs.length,
    }).toEqual({ plumbers: 6, bookings: 40, enquiries: 10, referrals: 30, jobs: 25 });
  });

  it('shows every status of every console screen', () => {
    expect(new Set(sut.jobs.map((job) => job.status))).toEqual(new Set(JOB_STATUSES));
    expect(new Set(sut.referrals.map((referral) => referral.status))).toEqual(new Set(REFERRAL_STATUSES));
    expect(new Set(sut.bookings.map((booking) => booking.status))).toEqual(new Set(BOOKING_STATUSES));
    expect(new Set(sut.enquiries.map((enquiry) => enquiry.status))).toEqual(new Set(ENQUIRY_STATUSES));
    expect(new Set(sut.enquiries.map((enquiry) => enquiry.kind))).toEqual(new Set(['corporate', 'product']));
    expect(sut.enquiries.some((enquiry) => enquiry.archivedAt !== null)).toBe(true);
    // The demo plumber's dashboard shows every badge, and both rebate totals.
    const demoReferrals = sut.referrals.filter((referral) => referral.plumber === 'demo');
    expect(new Set(demoReferrals.map((referral) => referral.status))).toEqual(new Set(REFERRAL_STATUSES));
    // Every partner plumber referred at least once, and a quick referral waits for its plumber.
    expect(new Set(sut.referrals.map((referral) => referral.plumber))).toEqual(new Set(['demo', null, 0, 1, 2, 3, 4, 5]));
    expect(sut.referrals.filter((referral) => referral.plumber === null).every((referral) => referral.source === 'quick')).toBe(true);
  });

  it('keeps people distinct and e-mail addresses on example.com.au', () => {
    const addresses = [
      ...sut.bookings.map((booking) => booking.email),
      ...sut.jobs.map((job) => job.customerEmail),
      ...sut.plumbers.map((plumber) => plumber.email),
      ...sut.enquiries.map((enquiry) => enquiry.email),
      ...sut.referrals.map((referral) => referral.plumberEmail),
    ];
    for (const address of addresses) expect(address).toMatch(/^[a-z.]+@example\.com\.au$/);
    expect(new Set(sut.bookings.map((booking) => booking.fullName)).size).toBe(sut.bookings.length);
  });

  it('has the referral fees of the day, and rebates only for the parts earned, through the rebate rules', () => {
    for (const referral of sut.referrals) {
      const { rebates } = referral;
      expect([referral.cleanViewRebateCents, referral.relineRebateCents]).toEqual([REFERRAL_FEE_CENTS.cleanView, REFERRAL_FEE_CENTS.reline]);
      expect([rebates.cleanViewStatus, rebates.relineStatus]).toEqual(EXPECTED_REBATES[referral.status]);
      // Processing or paid only once earned (completed); paid with a payment time after the completion.
      for (const [status, completedAt, paidAt] of [
        [rebates.cleanViewStatus, rebates.cleanViewCompletedAt, rebates.cleanViewPaidAt],
        [rebates.relineStatus, rebates.relineCompletedAt, rebates.relinePaidAt],
      ] as const) {
        expect(completedAt !== null).toBe(status !== 'pending');
        expect(paidAt !== null).toBe(status === 'paid');
        if (paidAt) expect(paidAt.getTime()).toBeGreaterThan(completedAt!.getTime());
      }
      if (rebates.relineCompletedAt) expect(rebates.relineCompletedAt.getTime()).toBeGreaterThan(rebates.cleanViewCompletedAt!.getTime());
    }
  });

  it('earns each part at the moment of its milestone, and pays a referral’s parts when it is paid', () => {
    for (const referral of sut.referrals) {
      const { rebates } = referral;
      const statusAt = (status: ReferralStatus) => referral.events.find((event) => event.kind === 'status' && event.to === status)?.at ?? null;
      expect(rebates.cleanViewCompletedAt).toEqual(statusAt('cleanview_completed'));
      expect(rebates.relineCompletedAt).toEqual(statusAt('reline_completed'));
      const paidAt = statusAt('rebate_paid');
      if (rebates.cleanViewPaidAt) expect(rebates.cleanViewPaidAt).toEqual(paidAt);
      if (rebates.relinePaidAt) expect(rebates.relinePaidAt).toEqual(paidAt);
    }
  });

  it('relined every referral it shows paid, so both of its parts were paid', () => {
    const paid = sut.referrals.filter((referral) => referral.status === 'rebate_paid');
    expect(paid.length).toBeGreaterThan(0);
    for (const referral of paid) {
      const statuses = referral.events.filter((event) => event.kind === 'status').map((event) => event.to);
      expect(statuses).toEqual(['cleanview_completed', 'reline_completed', 'rebate_paid']);
      expect([referral.rebates.cleanViewStatus, referral.rebates.relineStatus]).toEqual(['paid', 'paid']);
      expect(referral.rebates.relinePaidAt!.getTime()).toBeGreaterThan(referral.rebates.relineCompletedAt!.getTime());
    }
  });

  it('keeps staff’s notes internal: one staff_notes event by staff, without the text, for each referral with notes', () => {
    const noted = sut.referrals.filter((referral) => referral.staffNotes !== null);
    expect(noted.length).toBeGreaterThan(0);
    expect(noted.length).toBeLessThan(sut.referrals.length);
    for (const referral of sut.referrals) {
      const events = referral.events.filter((event) => event.kind === 'staff_notes');
      if (referral.staffNotes === null) expect(events).toEqual([]);
      else expect(events).toEqual([{ kind: 'staff_notes', actor: 'staff', from: null, to: null, at: expect.any(Date) }]);
      expect(referral.notes).toBeNull();
      for (const event of referral.events) {
        if (referral.staffNotes) expect([event.from, event.to]).not.toContain(referral.staffNotes);
      }
      // Notes are written once staff have handled the referral.
      if (events[0]) expect(events[0].at.getTime()).toBeGreaterThan(referral.events.find((event) => event.kind === 'status')!.at.getTime());
    }
  });

  it('tells each referral’s history in order, from its creation to its status', () => {
    for (const referral of sut.referrals) {
      const [created, ...changes] = referral.events;
      expect(created).toEqual({ kind: 'created', actor: referral.plumber === null ? null : 'plumber', from: null, to: 'referred', at: referral.createdAt });
      const times = referral.events.map((event) => event.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(referral.updatedAt).toEqual(referral.events.at(-1)!.at);
      let status = 'referred';
      for (const change of changes.filter((event) => event.kind === 'status')) {
        expect(change.from).toBe(status);
        expect(REFERRAL_STATUSES.indexOf(change.to as ReferralStatus)).toBeGreaterThan(REFERRAL_STATUSES.indexOf(status as ReferralStatus));
        status = change.to!;
      }
      expect(status).toBe(referral.status);
    }
  });

  it('moves each job through the stages in order, and each stays with its booking or referral', () => {
    for (const job of sut.jobs) {
      expect(job.events.map((event) => event.status)).toEqual(JOB_STATUSES.slice(0, JOB_STATUSES.indexOf(job.status) + 1));
      expect(job.events.map((event) => event.previousStatus)).toEqual([null, ...JOB_STATUSES.slice(0, JOB_STATUSES.indexOf(job.status))]);
      const times = job.events.map((event) => event.at.getTime());
      for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1]!);
      expect([job.createdAt, job.updatedAt]).toEqual([job.events[0]!.at, job.events.at(-1)!.at]);
      expect((job.booking === null) !== (job.referral === null)).toBe(true);
      if (job.referral !== null) {
        const referral = sut.referrals[job.referral]!;
        expect(STAGES_FOR_REFERRAL[referral.status]).toContain(job.status);
        expect(job.customerName).toBe(referral.clientName);
        expect(job.createdAt.getTime()).toBeGreaterThan(referral.createdAt.getTime());
        const inspected = job.events.find((event) => event.status === 'inspected');
        if (inspected) expect(referral.rebates.cleanViewCompletedAt!.getTime()).toBeGreaterThan(inspected.at.getTime());
      } else {
        const booking = sut.bookings[job.booking!]!;
        expect(job.customerName).toBe(booking.fullName);
        expect(job.createdAt.getTime()).toBeGreaterThan(booking.createdAt.getTime());
        expect(booking.status).toBe(job.status === 'booked' ? 'scheduled' : 'completed');
        const inspected = job.events.find((event) => event.status === 'inspected');
        // The Clean & View was done on the day the customer asked for.
        if (inspected) expect(isoDayIn(MELBOURNE, inspected.at)).toBe(booking.preferredDate);
      }
    }
    const numbers = sut.jobs.map((job) => job.createdAt.getTime());
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('staff move jobs along during the working day', () => {
    for (const job of sut.jobs) {
      for (const event of job.events) {
        const minute = minuteOfDayIn(MELBOURNE, event.at);
        expect(minute).toBeGreaterThanOrEqual(8 * 60);
        expect(minute).toBeLessThanOrEqual(19 * 60 + 30);
      }
    }
  });

  it('lets plumbers refer only after they joined', () => {
    for (const referral of sut.referrals) {
      const joined = referral.plumber === 'demo' ? sut.demoPlumberSince : referral.plumber === null ? null : sut.plumbers[referral.plumber]!.joinedAt;
      if (joined) expect(referral.createdAt.getTime()).toBeGreaterThan(joined.getTime());
    }
    expect(sut.staffSince.getTime()).toBeLessThan(
      Math.min(
        ...instantsOf(sut)
          .filter(([what]) => what !== 'staffSince')
          .map(([, at]) => at.getTime()),
      ),
    );
  });

  // Any time of day or year, and zones far from Melbourne's: nothing in the future, nothing older than eight weeks.
  it.each([
    ['2026-05-20T03:15:00Z', MELBOURNE],
    ['2026-04-04T16:30:00Z', MELBOURNE], // 03:30 on the morning daylight saving ends
    ['2026-10-03T16:10:00Z', MELBOURNE], // 03:10 on the morning it starts
    ['2026-03-01T19:40:00Z', MELBOURNE], // 06:40 local: nothing yet today
    ['2026-07-31T13:59:00Z', MELBOURNE], // 23:59 local
    ['2027-01-01T00:00:00Z', 'Pacific/Kiritimati'],
    ['2027-01-01T00:00:00Z', 'Etc/GMT+12'],
  ])('at %s in %s every date is within the last eight weeks', (iso, timeZone) => {
    const at = new Date(iso);
    const plan = planDemoBusiness(at, timeZone);
    for (const [what, instant] of instantsOf(plan)) {
      expect([what, instant.getTime() <= at.getTime()]).toEqual([what, true]);
      expect([what, instant.getTime() > at.getTime() - DEMO_WINDOW_DAYS * DAY]).toEqual([what, true]);
    }
    const today = isoDayIn(timeZone, at);
    for (const booking of plan.bookings) {
      expect(booking.preferredDate >= isoDayBefore(today, DEMO_WINDOW_DAYS)).toBe(true);
      expect(booking.preferredDate <= isoDayBefore(today, -14)).toBe(true);
      if (booking.status === 'scheduled') expect(booking.preferredDate > today).toBe(true);
    }
  });
});
