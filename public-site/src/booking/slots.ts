import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { dateFormat } from '@relining/contracts/date-format';
import { isRegion, type Region } from '@relining/contracts/regions';

/**
 * The booking form's dates and times (issue 16): what GET /api/availability answered, as the form
 * offers it. Pure: the picker (SlotPicker.tsx) fetches and renders, these decide.
 */

/** How many days the form asks for at first, and how many more each 'Later dates' adds. */
export const DAYS_STEP = 14;

export interface DateChoice {
  /** yyyy-MM-dd, the field's value. */
  date: string;
  /** 'Tue 1 Dec'. */
  label: string;
  /** The free times of the day ('9:00 AM'); none: 'No times left that day'. */
  times: string[];
}

/**
 * The region a suburb names, as the address suggestions fill it ('Toowong QLD 4066', 'Toowong QLD'),
 * or null while it names none ('Toowong'): the server reads the state the same way.
 */
export function regionOfSuburb(text: string): Region | null {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length > 1 && /^\d{4}$/.test(words[words.length - 1]!)) words.pop();
  if (words.length < 2) return null;
  const state = words[words.length - 1]!.toUpperCase();
  return isRegion(state) ? state : null;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** 'Tue 1 Dec' for '2026-12-01': the calendar day itself, in no zone. */
export function dayLabel(date: string): string {
  const parts = dateFormat('en-AU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).formatToParts(noon(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/**
 * The zone's short name on a day ('AEDT', 'AEST', 'ACDT', 'AWST'), as en-AU writes it. Read at 02:00
 * UTC, which is late morning to early afternoon of that same day in every Australian zone: after the
 * 2 or 3 AM daylight-saving change, within the business day the slots belong to.
 */
export function zoneAbbreviation(timeZone: string, date: string): string {
  const instant = new Date(`${date}T02:00:00Z`);
  return (
    dateFormat('en-AU', { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** '9:00 AM AWST': a slot as the time list shows it, in the site's zone. */
export function timeLabel(time: string, timeZone: string, date: string): string {
  const zone = zoneAbbreviation(timeZone, date);
  return zone ? `${time} ${zone}` : time;
}

/** The open days of an answer, each with its free times (closed days are not offered at all). */
export function dateChoices(answer: AvailabilityAnswer): DateChoice[] {
  return answer.days
    .filter((day) => day.open)
    .map((day) => ({ date: day.date, label: dayLabel(day.date), times: day.slots.filter((slot) => slot.available).map((slot) => slot.time) }));
}

/** The last day an answer covers ('' when it covers none). */
export function lastDay(answer: AvailabilityAnswer): string {
  return answer.days[answer.days.length - 1]?.date ?? '';
}

function daysBetween(from: string, to: string): number {
  return Math.round((noon(to).getTime() - noon(from).getTime()) / 86_400_000);
}

/**
 * How many days to ask for so that `date` is among them, from the answer's first day: whole steps of
 * DAYS_STEP, at most what the server gives; `current` when it already is (or there is no date).
 */
export function daysToCover(answer: AvailabilityAnswer, date: string, current: number): number {
  const first = answer.days[0]?.date;
  if (!first || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(noon(date).getTime()) || date <= lastDay(answer)) return current;
  const needed = Math.ceil((daysBetween(first, date) + 1) / DAYS_STEP) * DAYS_STEP;
  return Math.max(current, Math.min(AVAILABILITY_DAYS_MAX, needed));
}

/** The next step of 'Later dates'; `current` once the server's limit is reached. */
export function laterDays(current: number): number {
  return Math.min(AVAILABILITY_DAYS_MAX, current + DAYS_STEP);
}

/**
 * What stays of a chosen date and time once availability is known: an open day stays (a full one says
 * 'No times left that day'), a closed or past one goes; a time that is not free that day goes. A date
 * past the answer's last day stays while later days can still be loaded for it.
 */
export function keptChoice(answer: AvailabilityAnswer, choice: { date: string; time: string }, canLoadMore: boolean): { date: string; time: string } {
  if (!choice.date) return choice;
  if (choice.date > lastDay(answer)) return canLoadMore ? choice : { date: '', time: '' };
  const day = answer.days.find((item) => item.date === choice.date);
  if (!day?.open) return { date: '', time: '' };
  const free = day.slots.some((slot) => slot.available && slot.time === choice.time);
  return free || !choice.time ? choice : { date: choice.date, time: '' };
}
