import type { AppointmentStatus } from '@relining/contracts/api/appointments';
import { DEFAULT_AVAILABILITY } from '@relining/contracts/availability';
import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { HOW_HEARD_OPTIONS, TIME_SLOTS, type BookingStatus } from '@relining/contracts/booking-rules';
import type { EnquiryStatus, IssueType, Timing } from '@relining/contracts/enquiry-rules';
import { JOB_STATUSES, type JobStatus } from '@relining/contracts/job-status';
import type { ReferralStatus, Urgency } from '@relining/contracts/referral-rules';
import { isRegion, type Region as StateRegion } from '@relining/contracts/regions';
import { reminderDueAt } from '../modules/appointments/appointment.rules.js';
import { addDays, capacityOf, closedReason, firstBookableDay, slotStart, weekdayOf, type SlotTime } from '../modules/appointments/availability.rules.js';
import { holidayOn } from '../modules/appointments/public-holidays.js';
import { REBATE_EFFECTS, type RebateEffect } from '../modules/rebates/rebate.rules.js';
import type { RebateStatus } from '@relining/contracts/referral-rules';
import {
  APPOINTMENT_CANCELLATIONS,
  BOOKING_DESCRIPTIONS,
  BOOKING_REGIONS,
  DEMO_PLUMBER,
  ENQUIRIES,
  FIRST_NAMES,
  LAST_NAMES,
  MOBILES,
  PARTNER_PLUMBERS,
  PLACES,
  QUICK_REFERRER,
  REFERRAL_DESCRIPTIONS,
  STAFF_REFERRAL_NOTES,
  STREETS,
  TECHNICIANS,
  VISIT_AREAS,
  type DemoPlace,
  type DemoPlumberProfile,
  type Region,
} from './demo-business-data.js';
import { DemoClock } from './demo-clock.js';

/**
 * The demo business as a plan: every row the seeder writes, worked out in memory from "now", the
 * company's time zone and a fixed seed. Pure and deterministic (the same now gives the same business),
 * so its rules are tested without a database, and every date is relative to today: the demo always
 * looks like the last eight weeks of a busy company.
 */

/** How far back the demo business goes: eight weeks. */
export const DEMO_WINDOW_DAYS = 56;
/** How far ahead the calendar is filled: today and the next two weeks. */
export const DEMO_AHEAD_DAYS = 14;
/** Confirmed visits added for the coming fortnight (besides the scheduled bookings' own), and cancelled ones. */
export const DEMO_EXTRA_VISITS = 28;
/**
 * Two of those visits (both in Victoria: VISIT_AREAS[4] and [7]) at the same time a week or more
 * ahead, past any minimum notice: that time is booked out, and the public booking form shows it taken.
 */
const BOOKED_OUT_VISITS = [4, 7] as const;
export const DEMO_SEED = 20_240_611;

/** Who did something: the plumber who made the referral, the demo staff member, or nobody (the public form). */
export type DemoActor = 'plumber' | 'staff' | null;

export interface PlannedPlumber extends DemoPlumberProfile {
  joinedAt: Date;
  lastSignInAt: Date | null;
}

export interface PlannedBooking {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string;
  postcode: string;
  preferredDate: string;
  preferredTime: string;
  briefDescription: string;
  howHeardAboutUs: string | null;
  status: BookingStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlannedEnquiry {
  kind: 'corporate' | 'product';
  status: EnquiryStatus;
  organisationName: string | null;
  contactPerson: string;
  email: string;
  phone: string;
  siteAddress: string | null;
  state: string | null;
  postcode: string | null;
  issueType: IssueType | null;
  quantity: string | null;
  timing: Timing | null;
  business: string | null;
  product: string | null;
  message: string | null;
  staffNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export interface PlannedReferralEvent {
  kind: 'created' | 'status' | 'staff_notes';
  actor: DemoActor;
  from: string | null;
  to: string | null;
  at: Date;
}

export interface PlannedReferral {
  /** Index into `plumbers`, 'demo' for the demo plumber, null for a quick referral without an account. */
  plumber: number | 'demo' | null;
  plumberName: string;
  plumberCompany: string;
  plumberPhone: string;
  plumberEmail: string;
  clientName: string;
  clientPhone: string;
  jobAddress: string;
  suburb: string;
  state: string;
  postcode: string;
  urgency: Urgency;
  description: string;
  /** The plumber's own notes (the demo's plumbers write none). */
  notes: string | null;
  /** Staff's internal notes. */
  staffNotes: string | null;
  contactClient: boolean;
  serviceCleanView: boolean;
  serviceReline: boolean;
  status: ReferralStatus;
  cleanViewRebateCents: number;
  relineRebateCents: number;
  rebates: PlannedRebates;
  source: 'dashboard' | 'quick';
  events: PlannedReferralEvent[];
  createdAt: Date;
  updatedAt: Date;
}

/** A referral's two rebate parts as the ledger leaves them (each part earned at its milestone, paid after). */
export interface PlannedRebates {
  cleanViewStatus: RebateStatus;
  relineStatus: RebateStatus;
  cleanViewCompletedAt: Date | null;
  relineCompletedAt: Date | null;
  cleanViewPaidAt: Date | null;
  relinePaidAt: Date | null;
}

/**
 * A status change as the rebate table makes it (rebates/rebate.rules.ts REBATE_EFFECTS): a milestone
 * earns its part ('processing'); rebate_paid pays the earned parts, never one not earned.
 */
export function applyPlannedStatus(rebates: PlannedRebates, status: ReferralStatus, at: Date): PlannedRebates {
  const effect: RebateEffect = REBATE_EFFECTS[status];
  const next = { ...rebates };
  if (effect.earn.includes('cleanview') && next.cleanViewStatus === 'pending') Object.assign(next, { cleanViewStatus: 'processing', cleanViewCompletedAt: at });
  if (effect.earn.includes('reline') && next.relineStatus === 'pending') Object.assign(next, { relineStatus: 'processing', relineCompletedAt: at });
  if (effect.pay && next.cleanViewStatus === 'processing') Object.assign(next, { cleanViewStatus: 'paid', cleanViewPaidAt: at });
  if (effect.pay && next.relineStatus === 'processing') Object.assign(next, { relineStatus: 'paid', relinePaidAt: at });
  return next;
}

export interface PlannedJobEvent {
  status: JobStatus;
  previousStatus: JobStatus | null;
  at: Date;
}

export interface PlannedJob {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  status: JobStatus;
  /** Index into `bookings` or `referrals`: the request the job came from. */
  booking: number | null;
  referral: number | null;
  events: PlannedJobEvent[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A booking's place in its region's day and slot (booking_slots): taken when the booking was made,
 * released when it was cancelled. Places of a slot are numbered from 1 up to its capacity.
 */
export interface PlannedPlace {
  /** Index into `bookings`. */
  booking: number;
  region: StateRegion;
  day: string;
  slot: SlotTime;
  place: number;
  startsAt: Date;
  createdAt: Date;
  releasedAt: Date | null;
}

/** A booking staff confirmed (appointments): at its place's day and time, with the technician of that place. */
export interface PlannedAppointment {
  /** Index into `bookings`. */
  booking: number;
  region: StateRegion;
  day: string;
  slot: SlotTime;
  startsAt: Date;
  technician: string;
  status: AppointmentStatus;
  sequence: number;
  cancelReason: string | null;
  cancelledBy: 'customer' | 'staff' | null;
  cancelledAt: Date | null;
  confirmedAt: Date;
  reminderDueAt: Date | null;
  updatedAt: Date;
}

export interface DemoBusinessPlan {
  /** When the demo admin and the demo plumber joined (their accounts are made by demo-data.service.ts). */
  staffSince: Date;
  demoPlumberSince: Date;
  plumbers: PlannedPlumber[];
  bookings: PlannedBooking[];
  enquiries: PlannedEnquiry[];
  referrals: PlannedReferral[];
  /** Oldest first: job numbers follow this order. */
  jobs: PlannedJob[];
  /** Every booking's place from today on (and the released places of the cancelled appointments). */
  places: PlannedPlace[];
  appointments: PlannedAppointment[];
}

/** Mulberry32: a small seeded generator, so the demo is the same at every start (and in tests). */
class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Staff work 8:00 to 17:00; the public writes in from early morning to late evening. */
const WORK_DAY = { from: 8 * 60, to: 17 * 60 } as const;
const WAKING_DAY = { from: 6 * 60 + 30, to: 22 * 60 } as const;

/**
 * Days between the stages of a job (from the stage before): the Clean & View a few days after it is
 * booked, the quote a day or two after the inspection, then the customer's answer, the scheduling and
 * the relining itself.
 */
const STAGE_GAP_DAYS = {
  booked: [0, 0],
  inspected: [2, 5],
  quoted: [1, 3],
  accepted: [2, 5],
  scheduled: [1, 3],
  completed: [3, 8],
} as const satisfies Record<JobStatus, readonly [number, number]>;

/** Referral fees are paid a few days after the reline they reward (well within the payment terms). */
const PAYMENT_GAP_DAYS = [3, 10] as const;

const URGENCY_WEIGHTS: readonly Urgency[] = ['low', 'low', 'low', 'medium', 'medium', 'medium', 'medium', 'high', 'high', 'emergency'];

interface ReferralCase {
  status: ReferralStatus;
  /** The job's stage when staff made a tracking link for it; none when they did not. */
  job?: JobStatus;
}

/**
 * The referrals each plumber made: every referral status for the demo plumber (so the dashboard shows
 * each badge and both rebate totals), the demo plumber and two partners at the top of the referrers
 * card, and a quick referral without an account waiting to be claimed.
 */
const REFERRAL_CASES: ReadonlyArray<{ plumber: number | 'demo' | null; cases: readonly ReferralCase[] }> = [
  {
    plumber: 'demo',
    cases: [
      { status: 'referred' },
      { status: 'referred', job: 'booked' },
      { status: 'cleanview_completed', job: 'quoted' },
      { status: 'cleanview_completed', job: 'inspected' },
      { status: 'reline_completed', job: 'completed' },
      { status: 'rebate_paid', job: 'completed' },
      { status: 'rebate_paid' },
    ],
  },
  {
    plumber: 0,
    cases: [
      { status: 'referred', job: 'booked' },
      { status: 'cleanview_completed', job: 'accepted' },
      { status: 'cleanview_completed' },
      { status: 'reline_completed' },
      { status: 'rebate_paid', job: 'completed' },
      { status: 'rebate_paid' },
    ],
  },
  {
    plumber: 1,
    cases: [
      { status: 'referred' },
      { status: 'cleanview_completed', job: 'scheduled' },
      { status: 'reline_completed', job: 'completed' },
      { status: 'rebate_paid' },
      { status: 'rebate_paid' },
    ],
  },
  {
    plumber: 2,
    cases: [{ status: 'referred', job: 'booked' }, { status: 'cleanview_completed', job: 'quoted' }, { status: 'reline_completed' }, { status: 'rebate_paid' }],
  },
  { plumber: 3, cases: [{ status: 'cleanview_completed', job: 'inspected' }, { status: 'cleanview_completed' }, { status: 'reline_completed' }] },
  { plumber: 4, cases: [{ status: 'referred' }, { status: 'reline_completed', job: 'completed' }] },
  { plumber: 5, cases: [{ status: 'cleanview_completed' }] },
  { plumber: null, cases: [{ status: 'referred' }, { status: 'referred' }] },
];

interface BookingCase {
  status: BookingStatus;
  job?: JobStatus;
}

const times = <T>(count: number, item: T): T[] => Array.from({ length: count }, () => item);

/**
 * Booking requests: the newest not yet handled, then contacted, scheduled (some with a tracking link
 * already), inspected (the Clean & View done; most with a tracking link at a later stage), cancelled.
 */
const BOOKING_CASES: readonly BookingCase[] = [
  ...times(8, { status: 'new' as const }),
  ...times(7, { status: 'contacted' as const }),
  ...times(5, { status: 'scheduled' as const }),
  ...times(4, { status: 'scheduled' as const, job: 'booked' as const }),
  ...times(4, { status: 'completed' as const }),
  ...(['inspected', 'quoted', 'accepted', 'scheduled', 'completed', 'completed', 'completed'] as const).map((job) => ({ status: 'completed' as const, job })),
  ...times(5, { status: 'cancelled' as const }),
];

/** The minute of the day a preferred time slot starts ('1:00 PM' → 780). */
function slotMinute(slot: string): number {
  const match = /^(\d+):(\d\d) (AM|PM)$/.exec(slot);
  if (!match) throw new Error(`Not a time slot: ${slot}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hour * 60 + Number(match[2]);
}

/** A demo place's state as a region (every demo locality is in one). */
function regionOf(state: string): StateRegion {
  if (!isRegion(state)) throw new Error(`Not a region: ${state}`);
  return state;
}

/** The availability a new database starts with (no settings saved): what the demo's places and visits respect. */
const SETTINGS = DEFAULT_AVAILABILITY;
const isOpen = (region: StateRegion, day: string) => closedReason(region, day, SETTINGS, holidayOn) === null;

/**
 * The day a booking made at `at` holds: `day`, or the first that the booking form offered then (the
 * minimum notice) when `day` is earlier, moved on to an open day (never a Sunday or a public holiday).
 */
function bookableFrom(region: StateRegion, day: string, at: Date): string {
  const first = firstBookableDay(region, at, SETTINGS, holidayOn);
  let result = day < first ? first : day;
  for (let guard = 0; guard < 366 && !isOpen(region, result); guard += 1) result = addDays(result, 1);
  return result;
}

const emailLocalPart = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z\s]/g, '')
    .trim()
    .replace(/\s+/g, '.');

export function planDemoBusiness(now: Date, timeZone: string, seed = DEMO_SEED): DemoBusinessPlan {
  const clock = new DemoClock(now, timeZone);
  const random = new SeededRandom(seed);
  const workTime = (daysAgo: number) => clock.at(daysAgo, random.int(WORK_DAY.from, WORK_DAY.to));
  const wakingTime = (daysAgo: number) => clock.at(daysAgo, random.int(WAKING_DAY.from, WAKING_DAY.to));
  const minutesAfter = (instant: Date, min: number, max: number) => new Date(instant.getTime() + random.int(min, max) * 60_000);

  // Customers: distinct names (from each other and from the plumbers and enquirers), each with a
  // mobile and an e-mail address of their own.
  const usedNames = new Set<string>([
    DEMO_PLUMBER.fullName,
    QUICK_REFERRER.fullName,
    ...PARTNER_PLUMBERS.map((plumber) => plumber.fullName),
    ...ENQUIRIES.map((enquiry) => enquiry.contactPerson),
  ]);
  const person = () => {
    let name: string;
    do name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    while (usedNames.has(name));
    usedNames.add(name);
    return { name, email: `${emailLocalPart(name)}@example.com.au`, phone: random.pick(MOBILES) };
  };
  const streetIn = (region: Region): { street: string; place: DemoPlace } => ({
    street: `${random.int(1, 180)} ${random.pick(STREETS)}`,
    place: random.pick(PLACES[region]),
  });
  const oneLine = (street: string, at: DemoPlace) => `${street}, ${at.suburb} ${at.state} ${at.postcode}`;

  /** Day offsets (days after booking) of each stage up to `stage`, in stage order. */
  const stageDays = (stage: JobStatus): number[] => {
    const days: number[] = [];
    for (const status of JOB_STATUSES.slice(0, JOB_STATUSES.indexOf(stage) + 1)) {
      const [min, max] = STAGE_GAP_DAYS[status];
      days.push((days.at(-1) ?? 0) + random.int(min, max));
    }
    return days;
  };

  /** A job's history: each stage in order, on the given days before today (work hours, staff at the console). */
  const jobEvents = (stageDaysAgo: readonly number[], inspectedAt?: Date): PlannedJobEvent[] =>
    stageDaysAgo.map((daysAgo, index) => ({
      status: JOB_STATUSES[index]!,
      previousStatus: index === 0 ? null : JOB_STATUSES[index - 1]!,
      at: index === 1 && inspectedAt ? inspectedAt : workTime(daysAgo),
    }));

  const jobs: PlannedJob[] = [];
  const addJob = (
    customer: { name: string; email: string; phone: string },
    address: string,
    events: PlannedJobEvent[],
    link: { booking?: number; referral?: number },
  ) => {
    jobs.push({
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      address,
      status: events.at(-1)!.status,
      booking: link.booking ?? null,
      referral: link.referral ?? null,
      events,
      createdAt: events[0]!.at,
      updatedAt: events.at(-1)!.at,
    });
  };

  // The demo staff member and the plumbers joined before any of the business below.
  const staffSince = clock.at(DEMO_WINDOW_DAYS - 1, 9 * 60);
  const demoPlumberSince = clock.at(DEMO_WINDOW_DAYS - 2, random.int(WORK_DAY.from, WORK_DAY.to));
  const plumbers: PlannedPlumber[] = PARTNER_PLUMBERS.map((profile) => ({ ...profile, joinedAt: wakingTime(random.int(52, 54)), lastSignInAt: null }));

  // Referrals: the last thing that happened to each is 1 to (at most) 47 days ago, and the whole
  // story (referral, booking, Clean & View, reline, payment) fits after the plumber joined.
  const referrals: PlannedReferral[] = [];
  for (const { plumber, cases } of REFERRAL_CASES) {
    const profile = plumber === 'demo' ? DEMO_PLUMBER : plumber === null ? QUICK_REFERRER : PARTNER_PLUMBERS[plumber]!;
    for (const referralCase of cases) {
      const client = person();
      const site = streetIn(profile.region);
      const { status } = referralCase;
      const reached: JobStatus | null = referralCase.job ?? (status === 'cleanview_completed' ? 'inspected' : status === 'referred' ? null : 'completed');
      const days = reached ? stageDays(reached) : [];
      const payGap = status === 'rebate_paid' ? random.int(...PAYMENT_GAP_DAYS) : 0;
      const span = (days.at(-1) ?? 0) + payGap;
      // Recent work for the open stages (few overdue rebates); paid referrals anywhere in the window.
      const latest = status === 'rebate_paid' ? 47 - span : Math.min(8, 47 - span);
      const lastDaysAgo = reached ? random.int(1, Math.max(1, latest)) : random.int(0, 9);
      const bookedDaysAgo = lastDaysAgo + span;
      const createdDaysAgo = reached ? bookedDaysAgo + random.int(1, 2) : lastDaysAgo;
      const stagesDaysAgo = days.map((offset) => bookedDaysAgo - offset);

      const events = jobEvents(stagesDaysAgo);
      const createdAt = plumber === null ? wakingTime(createdDaysAgo) : clock.at(createdDaysAgo, random.int(7 * 60, 19 * 60));
      const referralEvents: PlannedReferralEvent[] = [
        { kind: 'created', actor: plumber === null ? null : 'plumber', from: null, to: 'referred', at: createdAt },
      ];
      let rebates: PlannedRebates = {
        cleanViewStatus: 'pending',
        relineStatus: 'pending',
        cleanViewCompletedAt: null,
        relineCompletedAt: null,
        cleanViewPaidAt: null,
        relinePaidAt: null,
      };
      // Each status change as staff made it, through the rebate rules (rebates/rebate.rules.ts): the
      // Clean & View part earned at the inspection, the reline part at the reline, both paid after that.
      const path: Array<{ to: ReferralStatus; at: Date }> = [];
      const inspected = events.find((event) => event.status === 'inspected');
      const relined = events.find((event) => event.status === 'completed');
      if (inspected) path.push({ to: 'cleanview_completed', at: minutesAfter(inspected.at, 10, 90) });
      if (relined && status !== 'cleanview_completed') path.push({ to: 'reline_completed', at: minutesAfter(relined.at, 10, 90) });
      if (status === 'rebate_paid') path.push({ to: 'rebate_paid', at: workTime(lastDaysAgo) });
      let current: ReferralStatus = 'referred';
      for (const step of path) {
        rebates = applyPlannedStatus(rebates, step.to, step.at);
        referralEvents.push({ kind: 'status', actor: 'staff', from: current, to: step.to, at: step.at });
        current = step.to;
      }
      const notes = path.length > 0 && random.chance(0.5) ? random.pick(STAFF_REFERRAL_NOTES) : null;
      // Staff's own notes are internal (staff_notes): the history keeps that they changed, not what they say.
      if (notes) referralEvents.push({ kind: 'staff_notes', actor: 'staff', from: null, to: null, at: minutesAfter(path[0]!.at, 1, 5) });
      referralEvents.sort((a, b) => a.at.getTime() - b.at.getTime());

      const index = referrals.length;
      referrals.push({
        plumber,
        plumberName: profile.fullName,
        plumberCompany: profile.businessName,
        plumberPhone: profile.phone,
        plumberEmail: profile.email,
        clientName: client.name,
        clientPhone: client.phone,
        jobAddress: site.street,
        suburb: site.place.suburb,
        state: site.place.state,
        postcode: site.place.postcode,
        urgency: random.pick(URGENCY_WEIGHTS),
        description: random.pick(REFERRAL_DESCRIPTIONS),
        notes: null,
        staffNotes: notes,
        contactClient: random.chance(0.85),
        // The quick form has no service types; from the dashboard at least one is required.
        serviceCleanView: plumber !== null,
        serviceReline: plumber !== null && (reached === 'completed' || random.chance(0.4)),
        status: current,
        // The fees of the day, copied onto the referral as the referrals service does.
        cleanViewRebateCents: REFERRAL_FEE_CENTS.cleanView,
        relineRebateCents: REFERRAL_FEE_CENTS.reline,
        rebates,
        source: plumber === null ? 'quick' : 'dashboard',
        events: referralEvents,
        createdAt,
        updatedAt: referralEvents.at(-1)!.at,
      });
      if (referralCase.job) addJob(client, oneLine(site.street, site.place), events, { referral: index });
    }
  }

  // Plumbers last signed in when they last made a referral.
  for (const referral of referrals) {
    if (typeof referral.plumber !== 'number') continue;
    const plumber = plumbers[referral.plumber]!;
    if (!plumber.lastSignInAt || plumber.lastSignInAt < referral.createdAt) plumber.lastSignInAt = referral.createdAt;
  }

  const bookings: PlannedBooking[] = [];
  for (const bookingCase of BOOKING_CASES) {
    const customer = person();
    const site = streetIn(random.pick(BOOKING_REGIONS));
    const slot = random.pick(TIME_SLOTS);
    let createdDaysAgo: number;
    let preferredDaysAgo: number;
    let updatedAt: Date | null = null;
    let events: PlannedJobEvent[] | null = null;
    switch (bookingCase.status) {
      case 'new':
        createdDaysAgo = random.int(0, 4);
        preferredDaysAgo = createdDaysAgo - random.int(2, 9);
        break;
      case 'contacted':
        createdDaysAgo = random.int(2, 16);
        preferredDaysAgo = createdDaysAgo - random.int(3, 10);
        updatedAt = workTime(createdDaysAgo - 1);
        break;
      case 'scheduled': {
        // Called back the next day and booked in for the coming week.
        createdDaysAgo = random.int(2, 10);
        preferredDaysAgo = -random.int(1, 7);
        updatedAt = workTime(createdDaysAgo - 1);
        if (bookingCase.job) events = [{ status: 'booked', previousStatus: null, at: minutesAfter(updatedAt, 2, 20) }];
        break;
      }
      case 'completed': {
        // The Clean & View was done at the preferred time; staff moved the job on from there.
        const days = stageDays(bookingCase.job ?? 'inspected');
        const afterInspection = days.at(-1)! - days[1]!;
        const inspectionDaysAgo = afterInspection + random.int(1, 47 - afterInspection);
        const bookedDaysAgo = inspectionDaysAgo + days[1]!;
        createdDaysAgo = bookedDaysAgo + random.int(1, 2);
        preferredDaysAgo = inspectionDaysAgo;
        const inspectedAt = clock.at(inspectionDaysAgo, slotMinute(slot) + random.int(60, 120));
        updatedAt = minutesAfter(inspectedAt, 30, 150);
        if (bookingCase.job)
          events = jobEvents(
            days.map((offset) => bookedDaysAgo - offset),
            inspectedAt,
          );
        break;
      }
      case 'cancelled':
        createdDaysAgo = random.int(3, 50);
        preferredDaysAgo = createdDaysAgo - random.int(3, 8);
        updatedAt = workTime(createdDaysAgo - random.int(1, 2));
        break;
    }
    const createdAt = wakingTime(createdDaysAgo);
    // Requests come through the booking form, which offers open days after the minimum notice only
    // (a completed one keeps the day its Clean & View was done).
    const preferredDate =
      bookingCase.status === 'completed' ? clock.day(preferredDaysAgo) : bookableFrom(regionOf(site.place.state), clock.day(preferredDaysAgo), createdAt);
    const index = bookings.length;
    bookings.push({
      fullName: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: site.street,
      suburb: site.place.suburb,
      state: site.place.state,
      postcode: site.place.postcode,
      preferredDate,
      preferredTime: slot,
      briefDescription: random.pick(BOOKING_DESCRIPTIONS),
      howHeardAboutUs: random.chance(0.8) ? random.pick(HOW_HEARD_OPTIONS) : null,
      status: bookingCase.status,
      createdAt,
      updatedAt: updatedAt ?? createdAt,
    });
    if (events) addJob(customer, oneLine(site.street, site.place), events, { booking: index });
  }

  const enquiries: PlannedEnquiry[] = ENQUIRIES.map((row) => {
    const createdAt = wakingTime(row.daysAgo);
    const updatedAt = row.handledDaysAgo === null ? createdAt : workTime(row.handledDaysAgo);
    return {
      kind: row.kind,
      status: row.status,
      organisationName: row.organisationName,
      contactPerson: row.contactPerson,
      email: row.email,
      phone: row.phone,
      siteAddress: row.site ? oneLine(row.site.street, row.site.place) : null,
      state: row.site?.place.state ?? null,
      postcode: row.site?.place.postcode ?? null,
      issueType: row.issueType,
      quantity: row.quantity,
      timing: row.timing,
      business: row.business,
      product: row.product,
      message: row.message,
      staffNotes: row.staffNotes,
      createdAt,
      updatedAt,
      // Archived once it was lost, a couple of days after the last word with them.
      archivedAt: row.archived && row.handledDaysAgo !== null ? workTime(row.handledDaysAgo - 2) : null,
    };
  });

  // The calendar: today and the next two weeks hold a few confirmed visits a day across the states
  // (the scheduled bookings above, and more booked and confirmed the same way), each on a day its
  // state is open; and two visits that were cancelled, one by the customer and one by staff.
  const aheadDays = Array.from({ length: DEMO_AHEAD_DAYS + 1 }, (_, index) => clock.day(-index));
  const visitsOn = new Map<string, number>();
  for (const booking of bookings) if (booking.status === 'scheduled') visitsOn.set(booking.preferredDate, (visitsOn.get(booking.preferredDate) ?? 0) + 1);
  /** The region's open day ahead (`from` days on) with the fewest visits so far (Saturdays, a short day, count double), give or take. */
  const quietDay = (region: StateRegion, from = 0): string => {
    let best = { day: '', score: Infinity };
    for (const day of aheadDays.slice(from)) {
      if (!isOpen(region, day)) continue;
      const score = (visitsOn.get(day) ?? 0) * (weekdayOf(day) === 6 ? 2 : 1) + random.next() * 2;
      if (score < best.score) best = { day, score };
    }
    return best.day;
  };
  const requestFrom = (area: Region, customer: { name: string; email: string; phone: string }) => {
    const site = streetIn(area);
    return {
      fullName: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: site.street,
      suburb: site.place.suburb,
      state: site.place.state,
      postcode: site.place.postcode,
      preferredTime: random.pick(TIME_SLOTS),
      briefDescription: random.pick(BOOKING_DESCRIPTIONS),
      howHeardAboutUs: random.chance(0.8) ? random.pick(HOW_HEARD_OPTIONS) : null,
    };
  };
  let bookedOut: PlannedBooking | undefined;
  for (let visit = 0; visit < DEMO_EXTRA_VISITS; visit += 1) {
    const area = VISIT_AREAS[visit % VISIT_AREAS.length]!;
    const region = regionOf(PLACES[area][0].state);
    const sameTimeAs = visit === BOOKED_OUT_VISITS[1] ? bookedOut : undefined;
    const day = sameTimeAs?.preferredDate ?? quietDay(region, visit === BOOKED_OUT_VISITS[0] ? 7 : 0);
    const request = requestFrom(area, person());
    if (sameTimeAs) request.preferredTime = sameTimeAs.preferredTime as SlotTime;
    // Booked a few days ago for a day the form offered then; called back and confirmed the next day.
    let createdDaysAgo = random.int(2, 12);
    let createdAt = wakingTime(createdDaysAgo);
    for (let guard = 0; guard < 30 && firstBookableDay(region, createdAt, SETTINGS, holidayOn) > day; guard += 1) {
      createdDaysAgo += 1;
      createdAt = wakingTime(createdDaysAgo);
    }
    const confirmedAt = workTime(createdDaysAgo - 1);
    bookings.push({ ...request, preferredDate: day, status: 'scheduled', createdAt, updatedAt: confirmedAt });
    if (visit === BOOKED_OUT_VISITS[0]) bookedOut = bookings.at(-1);
    visitsOn.set(day, (visitsOn.get(day) ?? 0) + 1);
  }
  const cancellations = new Map<number, { confirmedAt: Date; at: Date; by: 'customer' | 'staff'; reason: string }>();
  for (const cancellation of APPOINTMENT_CANCELLATIONS) {
    const { area } = cancellation;
    const region = regionOf(PLACES[area][0].state);
    const request = requestFrom(area, person());
    const createdDaysAgo = random.int(4, 12);
    const createdAt = wakingTime(createdDaysAgo);
    const confirmedAt = workTime(createdDaysAgo - 1);
    const cancelledDaysAgo = random.int(1, createdDaysAgo - 2);
    const cancelledAt = cancellation.by === 'customer' ? wakingTime(cancelledDaysAgo) : workTime(cancelledDaysAgo);
    // A visit in the coming week, far enough ahead that the customer's own link could still cancel it.
    const day = bookableFrom(region, clock.day(-random.int(2, 9)), cancelledAt);
    cancellations.set(bookings.length, { confirmedAt, at: cancelledAt, by: cancellation.by, reason: cancellation.reason });
    bookings.push({ ...request, preferredDate: day, status: 'cancelled', createdAt, updatedAt: cancelledAt });
  }

  // Places, in the order the bookings were made: each takes the first free place of its slot (at most
  // the capacity), or, when the slot was full, the next time the form offered (later that day, or the
  // next open day). A cancelled visit's place was freed when it was cancelled. A booking whose day has
  // passed no longer needs its place.
  const claims = bookings
    .map((booking, index) => ({ booking, index }))
    .filter(({ booking, index }) => booking.preferredDate >= clock.today && (booking.status !== 'cancelled' || cancellations.has(index)))
    .sort((a, b) => a.booking.createdAt.getTime() - b.booking.createdAt.getTime());
  const held = new Map<string, Array<{ place: number; releasedAt: Date | null }>>();
  const places: PlannedPlace[] = [];
  for (const { booking, index } of claims) {
    const region = regionOf(booking.state);
    const releasedAt = cancellations.get(index)?.at ?? null;
    const freePlace = (day: string, slot: SlotTime): number | null => {
      const taken = new Set(
        (held.get(`${region}|${day}|${slot}`) ?? []).filter((h) => h.releasedAt === null || h.releasedAt > booking.createdAt).map((h) => h.place),
      );
      for (let place = 1; place <= capacityOf(region, day, SETTINGS); place += 1) if (!taken.has(place)) return place;
      return null;
    };
    let day = booking.preferredDate;
    const wanted = Math.max(0, TIME_SLOTS.indexOf(booking.preferredTime as SlotTime));
    let found: { slot: SlotTime; place: number } | null = null;
    for (let guard = 0; guard < 366 && !found; guard += 1) {
      for (let step = 0; step < TIME_SLOTS.length && !found; step += 1) {
        const slot = TIME_SLOTS[(wanted + step) % TIME_SLOTS.length]!;
        const place = freePlace(day, slot);
        if (place !== null) found = { slot, place };
      }
      if (!found) day = bookableFrom(region, addDays(day, 1), booking.createdAt);
    }
    const { slot, place } = found!;
    booking.preferredDate = day;
    booking.preferredTime = slot;
    const key = `${region}|${day}|${slot}`;
    held.set(key, [...(held.get(key) ?? []), { place, releasedAt }]);
    places.push({ booking: index, region, day, slot, place, startsAt: slotStart(region, day, slot), createdAt: booking.createdAt, releasedAt });
  }

  // Each scheduled booking's appointment, at its place, confirmed when staff called back (the
  // booking's last change); and the two cancelled ones. A reminder is planned only when it is still
  // ahead: one already due is left out, so the demo's first start e-mails nobody.
  const appointments: PlannedAppointment[] = places.flatMap((place): PlannedAppointment[] => {
    const booking = bookings[place.booking]!;
    const cancelled = cancellations.get(place.booking);
    if (booking.status !== 'scheduled' && !cancelled) return [];
    const visit = { booking: place.booking, region: place.region, day: place.day, slot: place.slot, startsAt: place.startsAt };
    // The slot's two places go to the state's two technicians, who take turns from slot to slot.
    const technician = TECHNICIANS[place.region][(place.place - 1 + TIME_SLOTS.indexOf(place.slot) + Number(place.day.slice(8))) % 2]!;
    if (!cancelled) {
      return [
        {
          ...visit,
          technician,
          status: 'confirmed',
          sequence: 0,
          cancelReason: null,
          cancelledBy: null,
          cancelledAt: null,
          confirmedAt: booking.updatedAt,
          reminderDueAt: reminderDueAt(place.region, place.day, now),
          updatedAt: booking.updatedAt,
        },
      ];
    }
    return [
      {
        ...visit,
        technician,
        status: 'cancelled',
        sequence: 1,
        cancelReason: cancelled.reason,
        cancelledBy: cancelled.by,
        cancelledAt: cancelled.at,
        confirmedAt: cancelled.confirmedAt,
        reminderDueAt: reminderDueAt(place.region, place.day, cancelled.confirmedAt),
        updatedAt: cancelled.at,
      },
    ];
  });
  appointments.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

  jobs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { staffSince, demoPlumberSince, plumbers, bookings, enquiries, referrals, jobs, places, appointments };
}
