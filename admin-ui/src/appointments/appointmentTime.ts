import { TZDateMini } from '@date-fns/tz';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { dateFormat } from '@relining/contracts/date-format';
import { REGION_CODES, type Region } from '@relining/contracts/regions';

/**
 * An appointment's time as the site's clock reads it (issue 16), whatever the browser's zone: the
 * region's IANA zone, never the reader's. Pure: no React, no clock unless given.
 *
 * The calendar (react-big-calendar) lays events out with the browser's Date getters, so it is given
 * "wall clock" Dates: plain Dates whose local fields (year … minutes) read as the site's clock reads
 * the instant. A drop on the calendar is such a Date too, and is read back the same way.
 */

export type SlotTime = (typeof TIME_SLOTS)[number];

export function isSlotTime(value: unknown): value is SlotTime {
  return typeof value === 'string' && (TIME_SLOTS as readonly string[]).includes(value);
}

/** '9:00 AM' → 9, '1:00 PM' → 13: the hour a slot starts on the site's clock. */
export function slotHour(time: SlotTime): number {
  const match = /^(\d{1,2}):00 (AM|PM)$/.exec(time)!;
  return (Number(match[1]) % 12) + (match[2] === 'PM' ? 12 : 0);
}

/** 13 → '1:00 PM'; null for an hour no slot starts at (before 8 AM, from 6 PM). */
export function slotOfHour(hour: number): SlotTime | null {
  return TIME_SLOTS.find((time) => slotHour(time) === hour) ?? null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall clock of an instant in a zone (see above). */
export function wallClock(instant: string | number | Date, timeZone: string): Date {
  const site = new TZDateMini(new Date(instant).getTime(), timeZone);
  return new Date(site.getFullYear(), site.getMonth(), site.getDate(), site.getHours(), site.getMinutes(), site.getSeconds());
}

/** The instant a wall-clock Date stands for in the zone (the reverse of `wallClock`). */
export function wallInstant(wall: Date, timeZone: string): Date {
  const site = new TZDateMini(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds(), timeZone);
  return new Date(site.getTime());
}

/** A wall-clock Date's day, 'yyyy-MM-dd' (its own fields: the site's day). */
export function dayOf(wall: Date): string {
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** The wall clock of a day's start ('2026-12-01' → 1 December 00:00 on the Date's own fields). */
export function wallDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * Where a drop landed, as the API takes a slot: the site's day and one of the ten slots; null when it
 * is not the start of a slot hour (an all-day row, 7 AM, 6 PM, half past).
 */
export function slotAt(wall: Date): { date: string; time: SlotTime } | null {
  if (wall.getMinutes() !== 0 || wall.getSeconds() !== 0 || wall.getMilliseconds() !== 0) return null;
  const time = slotOfHour(wall.getHours());
  return time ? { date: dayOf(wall), time } : null;
}

/** The instant a slot starts in the zone (a daylight-saving change is the zone's business). */
export function slotInstant(timeZone: string, day: string, time: SlotTime): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDateMini(year, month - 1, date, slotHour(time), 0, 0, timeZone).getTime());
}

/** 'AEDT', 'AWST': the zone's short name at that instant (daylight saving included). */
export function zoneAbbreviation(timeZone: string, instant: string | number | Date): string {
  return (
    dateFormat('en-AU', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** '9:00 AM AWST': a slot's time, labelled with the site's zone on that day. */
export function slotTimeLabel(timeZone: string, day: string, time: SlotTime): string {
  const zone = zoneAbbreviation(timeZone, slotInstant(timeZone, day, time));
  return zone ? `${time} ${zone}` : time;
}

/** 'Tuesday 1 December, 9:00 AM AWST': a slot as the server labels an appointment. */
export function slotLabel(timeZone: string, day: string, time: SlotTime): string {
  const date = dateFormat('en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day}T12:00:00Z`));
  return `${date}, ${slotTimeLabel(timeZone, day, time)}`;
}

/** The calendar day `count` days after `day` (both 'yyyy-MM-dd'). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export type CalendarView = 'day' | 'week' | 'agenda';

/** How many days the agenda lists. */
export const AGENDA_DAYS = 14;

/** The first and last day a view shows around a wall-clock date; weeks start on Monday (en-AU). */
export function visibleDays(view: CalendarView, wall: Date): { first: string; last: string } {
  const day = dayOf(wall);
  if (view === 'day') return { first: day, last: day };
  if (view === 'agenda') return { first: day, last: addDays(day, AGENDA_DAYS - 1) };
  const monday = addDays(day, -((wall.getDay() + 6) % 7));
  return { first: monday, last: addDays(monday, 6) };
}

/**
 * The list filter for the days a view shows. The contract names `from` and `to` without saying
 * whether they are the site's days (inclusive or not) or instants: a day either side covers every
 * reading, and the calendar draws only its own range.
 */
export function rangeFilter(days: { first: string; last: string }): { from: string; to: string } {
  return { from: addDays(days.first, -1), to: addDays(days.last, 1) };
}

/** The region with the most appointments (the first in the regions' order on a tie), or `fallback` for none. */
export function busiestRegion(records: ReadonlyArray<Pick<AppointmentRecord, 'region'>>, fallback: Region = 'NSW'): Region {
  const counts = new Map<Region, number>();
  for (const record of records) counts.set(record.region, (counts.get(record.region) ?? 0) + 1);
  let best: Region = fallback;
  let most = 0;
  for (const region of REGION_CODES) {
    const count = counts.get(region) ?? 0;
    if (count > most) {
      best = region;
      most = count;
    }
  }
  return best;
}

/** An appointment as the calendar draws it, in `timeZone` (the region's). */
export interface CalendarEvent {
  id: string;
  /** '9:00 AM AEDT': its time on the site's clock, labelled. */
  timeLabel: string;
  title: string;
  start: Date;
  end: Date;
  appointment: AppointmentRecord;
}

export function toCalendarEvent(appointment: AppointmentRecord, timeZone: string): CalendarEvent {
  const start = wallClock(appointment.startsAt, timeZone);
  const zone = zoneAbbreviation(timeZone, appointment.startsAt);
  const time = `${start.getHours() % 12 || 12}:${pad(start.getMinutes())} ${start.getHours() < 12 ? 'AM' : 'PM'}`;
  const timeLabel = zone ? `${time} ${zone}` : time;
  return {
    id: appointment.id,
    timeLabel,
    title: `${timeLabel} ${appointment.customerName}, ${appointment.suburb}`,
    start,
    end: wallClock(appointment.endsAt, timeZone),
    appointment,
  };
}
