import { DEFAULT_AVAILABILITY } from '@relining/contracts/availability';
import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { BOOKING_STATUSES, TIME_SLOTS } from '@relining/contracts/booking-rules';
import { isoDayIn } from '@relining/contracts/date-format';
import { ENQUIRY_STATUSES } from '@relining/contracts/enquiry-rules';
import { JOB_STATUSES } from '@relining/contracts/job-status';
import { REFERRAL_STATUSES, type RebateStatus, type ReferralStatus } from '@relining/contracts/referral-rules';
import { isRegion, type Region } from '@relining/contracts/regions';
import { reminderDueAt } from '../modules/appointments/appointment.rules.js';
import { availability, capacityOf, closedReason, firstBookableDay, localClock, slotStart } from '../modules/appointments/availability.rules.js';
import { holidayOn } from '../modules/appointments/public-holidays.js';
import { MILESTONE_KINDS, partStatus, planReferralStatus, type LedgerEntry } from '../modules/rebates/rebate.rules.js';
import { TECHNICIANS } from './demo-business-data.js';
import { applyPlannedStatus, DEMO_AHEAD_DAYS, DEMO_WINDOW_DAYS, planDemoBusiness, type DemoBusinessPlan, type PlannedRebates } from './demo-business-plan.js';
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
    // What happened to places and appointments (the visits themselves and their reminders are ahead).
    ...plan.places.flatMap((p): Array<[string, Date]> => [
      [`place ${p.region} ${p.day} ${p.slot} taken`, p.createdAt],
      ...(p.releasedAt ? [[`place ${p.region} ${p.day} ${p.slot} released`, p.releasedAt] as [string, Date]] : []),
    ]),
    ...plan.appointments.flatMap((a): Array<[string, Date]> => [
      [`appointment ${a.region} ${a.day} confirmed`, a.confirmedAt],
      [`appointment ${a.region} ${a.day} updated`, a.updatedAt],
      ...(a.cancelledAt ? [[`appointment ${a.region} ${a.day} cancelled`, a.cancelledAt] as [string, Date]] : []),
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
      appointments: sut.appointments.length,
      cancelledAppointments: sut.appointments.filter((appointment) => appointment.status === 'cancelled').length,
    }).toEqual({ plumbers: 6, bookings: 70, enquiries: 10, referrals: 30, jobs: 25, appointments: 39, cancelledAppointments: 2 });
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
      // Scheduled: today's visits and the coming fortnight's.
      if (booking.status === 'scheduled') expect(booking.preferredDate >= today).toBe(true);
    }
  });
});

describe('the demo calendar (places and appointments)', () => {
  const regionOf = (state: string): Region => {
    if (!isRegion(state)) throw new Error(state);
    return state;
  };
  const closed = (region: Region, day: string) => closedReason(region, day, DEFAULT_AVAILABILITY, holidayOn);

  // Ordinary weeks, Easter, Christmas and New Year, daylight-saving changes, late at night, and a zone far from Australia's.
  const moments: Array<[string, string]> = [
    ['2026-05-20T03:15:00Z', MELBOURNE],
    ['2026-03-31T22:00:00Z', MELBOURNE], // the Wednesday before Easter
    ['2026-04-02T05:30:00Z', MELBOURNE], // Thursday before Good Friday, after the cut-off
    ['2026-12-20T22:00:00Z', MELBOURNE], // the Monday before Christmas
    ['2026-12-24T06:00:00Z', MELBOURNE],
    ['2026-10-03T16:10:00Z', MELBOURNE],
    ['2026-07-31T13:59:00Z', MELBOURNE],
    ['2026-03-01T19:40:00Z', 'Australia/Perth'],
    ['2027-01-01T00:00:00Z', 'Etc/GMT+12'],
    // A day every five weeks of a year, at varying hours.
    ...Array.from({ length: 11 }, (_, index): [string, string] => [new Date(Date.UTC(2027, 0, 3 + index * 35, (index * 5) % 24, 20)).toISOString(), MELBOURNE]),
  ];

  describe.each(moments)('at %s in %s', (iso, timeZone) => {
    const now = new Date(iso);
    const sut = planDemoBusiness(now, timeZone);
    const today = isoDayIn(timeZone, now);
    const lastDay = isoDayBefore(today, -DEMO_AHEAD_DAYS);
    const live = sut.places.filter((place) => place.releasedAt === null);

    it('has visits in the next two weeks in at least four states, Victoria, New South Wales, Queensland and Western Australia among them', () => {
      const ahead = sut.appointments.filter((a) => a.status === 'confirmed' && a.day >= today && a.day <= lastDay);
      expect(ahead.length).toBeGreaterThanOrEqual(30);
      const regions = new Set(ahead.map((a) => a.region));
      expect(regions.size).toBeGreaterThanOrEqual(4);
      for (const region of ['NSW', 'VIC', 'QLD', 'WA']) expect(regions).toContain(region);
    });

    it('has a few visits a day, on most days', () => {
      const perDay = new Map<string, number>();
      for (const a of sut.appointments) if (a.status === 'confirmed') perDay.set(a.day, (perDay.get(a.day) ?? 0) + 1);
      expect(Math.max(...perDay.values())).toBeLessThanOrEqual(7);
      expect(perDay.size).toBeGreaterThanOrEqual(8);
    });

    it('books places and visits on open days only, within the working day of the site', () => {
      for (const place of sut.places) {
        expect([place.region, place.day, closed(place.region, place.day)]).toEqual([place.region, place.day, null]);
        expect(place.startsAt).toEqual(slotStart(place.region, place.day, place.slot));
      }
      for (const a of sut.appointments) {
        expect([a.region, a.day, closed(a.region, a.day)]).toEqual([a.region, a.day, null]);
        expect(a.startsAt).toEqual(slotStart(a.region, a.day, a.slot));
        const clock = localClock(a.region, a.startsAt);
        expect(clock.day).toBe(a.day);
        expect(clock.time >= '08:00' && clock.time <= '17:00').toBe(true);
      }
    });

    it('holds exactly one live place for every booking from today on, at its preferred day and time', () => {
      const holding = sut.bookings.flatMap((booking, index) => (booking.status !== 'cancelled' && booking.preferredDate >= today ? [index] : []));
      expect(holding.length).toBeGreaterThan(DEMO_AHEAD_DAYS);
      expect(live.map((place) => place.booking).sort((a, b) => a - b)).toEqual(holding);
      for (const place of live) {
        const booking = sut.bookings[place.booking]!;
        expect([place.region, place.day, place.slot]).toEqual([booking.state, booking.preferredDate, booking.preferredTime]);
        expect(place.createdAt).toEqual(booking.createdAt);
      }
    });

    it('never fills a slot beyond its capacity, and numbers its places from 1', () => {
      const bySlot = new Map<string, number[]>();
      for (const place of live)
        bySlot.set(`${place.region}|${place.day}|${place.slot}`, [...(bySlot.get(`${place.region}|${place.day}|${place.slot}`) ?? []), place.place]);
      for (const [key, places] of bySlot) {
        const [region, day] = key.split('|') as [Region, string];
        const capacity = capacityOf(region, day, DEFAULT_AVAILABILITY);
        expect([key, places.length <= capacity]).toEqual([key, true]);
        expect(new Set(places).size).toBe(places.length);
        for (const place of places) expect(place >= 1 && place <= capacity).toBe(true);
      }
    });

    it('books out one time a week or more ahead, and the booking form shows it taken', () => {
      const taken = new Map<string, number>();
      for (const place of live) if (place.region === 'VIC') taken.set(`${place.day}|${place.slot}`, (taken.get(`${place.day}|${place.slot}`) ?? 0) + 1);
      const full = [...taken].filter(([key, count]) => count >= capacityOf('VIC', key.split('|')[0]!, DEFAULT_AVAILABILITY)).map(([key]) => key);
      const days = availability({ region: 'VIC', from: today, days: DEMO_AHEAD_DAYS + 1, now, settings: DEFAULT_AVAILABILITY, holidayOn, taken });
      const offeredTaken = full.filter((key) => {
        const [date, time] = key.split('|');
        const day = days.find((d) => d.date === date);
        return day?.open === true && day.slots.some((slot) => slot.time === time && !slot.available);
      });
      expect(offeredTaken.length).toBeGreaterThanOrEqual(1);
    });

    it('books each request on a day the booking form offered when it was made', () => {
      for (const booking of sut.bookings) {
        if (booking.status === 'completed') continue;
        const region = regionOf(booking.state);
        expect([booking.fullName, closed(region, booking.preferredDate)]).toEqual([booking.fullName, null]);
        expect(booking.preferredDate >= firstBookableDay(region, booking.createdAt, DEFAULT_AVAILABILITY, holidayOn)).toBe(true);
        expect(TIME_SLOTS).toContain(booking.preferredTime);
      }
    });

    it('gives every scheduled booking a confirmed appointment at its place, and no other booking one', () => {
      const confirmed = sut.appointments.filter((a) => a.status === 'confirmed');
      const scheduled = sut.bookings.flatMap((booking, index) => (booking.status === 'scheduled' ? [index] : []));
      expect(confirmed.map((a) => a.booking).sort((a, b) => a - b)).toEqual(scheduled);
      for (const a of confirmed) {
        const booking = sut.bookings[a.booking]!;
        const place = live.find((p) => p.booking === a.booking)!;
        expect([a.region, a.day, a.slot]).toEqual([place.region, place.day, place.slot]);
        expect(a.sequence).toBe(0);
        expect([a.cancelReason, a.cancelledBy, a.cancelledAt]).toEqual([null, null, null]);
        // Confirmed when staff called back (the booking's last change), after it was made and before the visit.
        expect(a.confirmedAt).toEqual(booking.updatedAt);
        expect(a.confirmedAt.getTime()).toBeGreaterThan(booking.createdAt.getTime());
        expect(a.confirmedAt.getTime()).toBeLessThan(a.startsAt.getTime());
        // The reminder: the day before at 4:00 PM on the site's clock, when that is still ahead (nothing due at the start).
        expect(a.reminderDueAt).toEqual(reminderDueAt(a.region, a.day, now));
        if (a.reminderDueAt) expect(a.reminderDueAt.getTime()).toBeGreaterThan(now.getTime());
      }
    });

    it('sends each slot’s two visits to the state’s two technicians', () => {
      for (const a of sut.appointments) expect(TECHNICIANS[a.region]).toContain(a.technician);
      const bySlot = new Map<string, string[]>();
      for (const a of sut.appointments.filter((appointment) => appointment.status === 'confirmed')) {
        const key = `${a.region}|${a.day}|${a.slot}`;
        bySlot.set(key, [...(bySlot.get(key) ?? []), a.technician]);
      }
      for (const technicians of bySlot.values()) expect(new Set(technicians).size).toBe(technicians.length);
      expect(new Set(sut.appointments.map((a) => a.technician)).size).toBeGreaterThan(6);
    });

    it('shows two cancelled visits, one by the customer and one by staff, their bookings cancelled and places freed', () => {
      const cancelled = sut.appointments.filter((a) => a.status === 'cancelled');
      expect(cancelled.map((a) => a.cancelledBy).sort()).toEqual(['customer', 'staff']);
      for (const a of cancelled) {
        const booking = sut.bookings[a.booking]!;
        expect(booking.status).toBe('cancelled');
        expect(a.cancelReason).toEqual(expect.any(String));
        expect(a.sequence).toBe(1);
        expect(booking.updatedAt).toEqual(a.cancelledAt);
        expect(a.cancelledAt!.getTime()).toBeGreaterThan(a.confirmedAt.getTime());
        expect(a.day >= today && a.day <= lastDay).toBe(true);
        const places = sut.places.filter((place) => place.booking === a.booking);
        expect(places).toEqual([expect.objectContaining({ region: a.region, day: a.day, slot: a.slot, releasedAt: a.cancelledAt })]);
        // The customer's own link could still cancel it then (the minimum notice).
        if (a.cancelledBy === 'customer') expect(a.day >= firstBookableDay(a.region, a.cancelledAt!, DEFAULT_AVAILABILITY, holidayOn)).toBe(true);
      }
    });
  });
});
