import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { BOOKING_STATUSES } from '@relining/contracts/booking-rules';
import { isoDayIn } from '@relining/contracts/date-format';
import { ENQUIRY_STATUSES } from '@relining/contracts/enquiry-rules';
import { JOB_STATUSES } from '@relining/contracts/job-status';
import { REFERRAL_STATUSES, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import { DEMO_WINDOW_DAYS, planDemoBusiness, type DemoBusinessPlan } from './demo-business-plan.js';
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
