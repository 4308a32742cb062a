import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { REGION_CODES, type Region } from '@relining/contracts/regions';
import {
  DEFAULT_AVAILABILITY,
  addDays,
  closedReason,
  firstBookableDay,
  type AvailabilitySettings,
  type SlotTime,
} from '../../src/modules/appointments/availability.rules.js';
import { holidayOn } from '../../src/modules/appointments/public-holidays.js';

/**
 * Days and times a public booking can take (issue 16), from the product's own pure rules: a closed
 * weekday, a closed date or a state's public holiday is never picked, nor a day within the minimum
 * notice at the server's clock (each region's own local date and cut-off, whatever TZ_DISPLAY is).
 *
 * By default a day is picked that every region can take, so any suburb with a state books it. The
 * notice is read a margin ahead of now, so a day picked just before a region's cut-off or midnight is
 * still bookable when the server reads its own clock a moment later.
 */

/** How far ahead of now the minimum notice is read (a test file takes a few minutes at most). */
const NOTICE_MARGIN_MS = 60 * 60_000;

export interface BookingSlot {
  preferred_date: string;
  preferred_time: SlotTime;
}

export interface SlotOptions {
  /** The regions the day must be open in (default: every region). */
  regions?: Region | readonly Region[];
  /** The earliest day wanted (yyyy-MM-dd), e.g. a far-future date; an earlier one is moved to the first bookable day. */
  from?: string;
  /** The clock the notice is read at (default: now, plus a margin). */
  now?: Date;
  settings?: AvailabilitySettings;
}

function regionsOf(options: SlotOptions): readonly Region[] {
  const regions = options.regions ?? REGION_CODES;
  return typeof regions === 'string' ? [regions as Region] : regions;
}

/** Whether a day is open (no closed weekday, closed date or public holiday) in every region given. */
export function isOpenDay(day: string, options: SlotOptions = {}): boolean {
  const settings = options.settings ?? DEFAULT_AVAILABILITY;
  return regionsOf(options).every((region) => closedReason(region, day, settings, holidayOn) === null);
}

/** The first open day on or after `day`, in every region given. */
export function openDayFrom(day: string, options: SlotOptions = {}): string {
  let candidate = day;
  for (let guard = 0; guard < 366 && !isOpenDay(candidate, options); guard += 1) candidate = addDays(candidate, 1);
  return candidate;
}

/**
 * The first day a public booking can take now: past each region's minimum notice (nothing today,
 * after the cut-off not the next business day either), open everywhere wanted, and not before `from`.
 */
export function bookableDay(options: SlotOptions = {}): string {
  const settings = options.settings ?? DEFAULT_AVAILABILITY;
  const now = options.now ?? new Date(Date.now() + NOTICE_MARGIN_MS);
  const earliest = regionsOf(options)
    .map((region) => firstBookableDay(region, now, settings, holidayOn))
    .reduce((latest, day) => (day > latest ? day : latest), options.from ?? '0000-01-01');
  return openDayFrom(earliest, options);
}

/** The `n`th open day after the first bookable one (0: the first), for tests that want days apart. */
export function bookableDayAfter(n: number, options: SlotOptions = {}): string {
  let day = bookableDay(options);
  for (let index = 0; index < n; index += 1) day = openDayFrom(addDays(day, 1), options);
  return day;
}

/**
 * The first day after the first bookable one that is closed in each region given (with the default
 * settings, a Sunday or a public holiday there): a booking for it is refused with SLOT_CLOSED.
 */
export function closedDay(options: SlotOptions = {}): string {
  const closedEverywhere = (day: string) => regionsOf(options).every((region) => !isOpenDay(day, { ...options, regions: region }));
  let candidate = addDays(bookableDay(options), 1);
  for (let guard = 0; guard < 366 && !closedEverywhere(candidate); guard += 1) candidate = addDays(candidate, 1);
  return candidate;
}

/** The first bookable day and time (the first time of the day). */
export function bookableSlot(options: SlotOptions = {}): BookingSlot {
  return { preferred_date: bookableDay(options), preferred_time: TIME_SLOTS[0] };
}

/**
 * `count` slots to book, none taken more than `capacity` times (the default capacity is 2 per region,
 * day and time): every time of the first bookable day, then of each open day after it.
 */
export function nextFreeSlots(count: number, options: SlotOptions & { capacity?: number } = {}): BookingSlot[] {
  const slots = slotSequence(options);
  return Array.from({ length: count }, () => slots.next());
}

/**
 * An endless sequence of slots for a test file that books many times (its own database): each call
 * of `next()` gives a slot taken fewer than `capacity` times by the sequence so far (default 2, the
 * default capacity). Its bookings are the only ones of the file, or the file books the other days.
 */
export function slotSequence(options: SlotOptions & { capacity?: number } = {}): { next(): BookingSlot; wholeSlot(): BookingSlot[] } {
  const capacity = options.capacity ?? 2;
  let day: string | undefined;
  let index = 0;
  const next = (): BookingSlot => {
    day ??= bookableDay(options);
    const perDay = TIME_SLOTS.length * capacity;
    if (index === perDay) {
      day = openDayFrom(addDays(day, 1), options);
      index = 0;
    }
    const time = TIME_SLOTS[Math.floor(index / capacity)]!;
    index += 1;
    return { preferred_date: day, preferred_time: time };
  };
  return {
    next,
    /**
     * Every place of a slot the sequence has not given yet (`capacity` times the same slot), to fill
     * it: one more booking of it is refused with SLOT_TAKEN. The places left of a slot already begun are skipped.
     */
    wholeSlot(): BookingSlot[] {
      if (index % capacity !== 0) index += capacity - (index % capacity);
      return Array.from({ length: capacity }, next);
    },
  };
}
