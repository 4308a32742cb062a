import { TZDate } from '@date-fns/tz';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { DEFAULT_AVAILABILITY, type AvailabilitySettings } from '@relining/contracts/availability';
import { REGIONS, type Region, type Weekday } from '@relining/contracts/regions';

/**
 * Real availability (issue 16), as pure rules: which days of a region are open, which of the spec's
 * ten hourly slots can still be booked, and the minimum notice. Times are the site's own (the region's
 * IANA time zone), so a daylight-saving change or a state without one never moves a slot.
 */

export type SlotTime = (typeof TIME_SLOTS)[number];

export type { AvailabilitySettings };
export { DEFAULT_AVAILABILITY };

/** Why a day is closed (none: open). */
export type ClosedReason = 'closed_weekday' | 'closed_date' | 'public_holiday';

/** 'yyyy-MM-dd' days and '8:00 AM' times as the site's clock reads them. */
function parseSlot(time: SlotTime): { hours: number; minutes: number } {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time)!;
  const hours12 = Number(match[1]) % 12;
  return { hours: match[3] === 'PM' ? hours12 + 12 : hours12, minutes: Number(match[2]) };
}

/** The instant a slot starts, in the region's time zone (a daylight-saving change is the zone's business). */
export function slotStart(region: Region, day: string, time: SlotTime): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const { hours, minutes } = parseSlot(time);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, 0, REGIONS[region].timeZone).getTime());
}

/** The region's calendar day and HH:mm of an instant. */
export function localClock(region: Region, instant: Date): { day: string; time: string } {
  const local = new TZDate(instant.getTime(), REGIONS[region].timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    day: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/** The weekday of a calendar day (the same wherever it is). */
export function weekdayOf(day: string): Weekday {
  return new Date(`${day}T12:00:00Z`).getUTCDay() as Weekday;
}

/** The calendar day `count` days after `day`. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Whether a region's day is closed, and why: a closed weekday, a closed date, or a public holiday (`holidayOn`). */
export function closedReason(
  region: Region,
  day: string,
  settings: AvailabilitySettings,
  holidayOn: (region: Region, day: string) => string | undefined,
): ClosedReason | null {
  if (settings.closedWeekdays.includes(weekdayOf(day))) return 'closed_weekday';
  if ((settings.closedDates.all ?? []).includes(day) || (settings.closedDates[region] ?? []).includes(day)) return 'closed_date';
  if (holidayOn(region, day) !== undefined) return 'public_holiday';
  return null;
}

/** Visits one slot of a region's weekday takes. */
export function capacityOf(region: Region, day: string, settings: AvailabilitySettings): number {
  return settings.capacity[region]?.[weekdayOf(day)] ?? settings.defaultCapacity;
}

/**
 * The first day that may be booked at `now` (minimum notice): never today; after the cut-off (in the
 * region's time), not the next business day either. Business days are the open ones.
 */
export function firstBookableDay(
  region: Region,
  now: Date,
  settings: AvailabilitySettings,
  holidayOn: (region: Region, day: string) => string | undefined,
): string {
  const clock = localClock(region, now);
  const open = (day: string) => closedReason(region, day, settings, holidayOn) === null;
  let day = addDays(clock.day, 1);
  // The next business day (a year of closed days at most: settings never close every day).
  for (let guard = 0; guard < 366 && !open(day); guard += 1) day = addDays(day, 1);
  if (clock.time >= settings.cutoff) {
    day = addDays(day, 1);
    for (let guard = 0; guard < 366 && !open(day); guard += 1) day = addDays(day, 1);
  }
  return day;
}

export interface DayAvailability {
  date: string;
  open: boolean;
  slots: Array<{ time: SlotTime; available: boolean }>;
}

/**
 * `days` days of a region from `from`: each day open or not (closed, a holiday, or within the minimum
 * notice), and each slot available while its bookings (`taken`, by 'yyyy-MM-dd|8:00 AM') are fewer than
 * its capacity. Counts are never part of the answer.
 */
export function availability(input: {
  region: Region;
  from: string;
  days: number;
  now: Date;
  settings: AvailabilitySettings;
  holidayOn: (region: Region, day: string) => string | undefined;
  taken: ReadonlyMap<string, number>;
}): DayAvailability[] {
  const first = firstBookableDay(input.region, input.now, input.settings, input.holidayOn);
  const result: DayAvailability[] = [];
  for (let index = 0; index < input.days; index += 1) {
    const date = addDays(input.from, index);
    const open = date >= first && closedReason(input.region, date, input.settings, input.holidayOn) === null;
    const capacity = capacityOf(input.region, date, input.settings);
    const slots = TIME_SLOTS.map((time) => ({ time, available: open && (input.taken.get(`${date}|${time}`) ?? 0) < capacity }));
    // Open but with no slot available: the page says 'No times left that day'.
    result.push({ date, open, slots });
  }
  return result;
}
