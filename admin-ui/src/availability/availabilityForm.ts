import type { AvailabilitySettings } from '@relining/contracts/availability';
import { formatDateIn } from '@relining/contracts/date-format';
import { REGION_CODES, REGIONS, type Region, type Weekday } from '@relining/contracts/regions';

/**
 * The Availability page's form (issue 16) as plain data: what staff type (text in number boxes, a
 * closed date per region) and the settings GET/PUT /api/admin/settings/availability read and write.
 * Checking stays with the contract (`availabilityProblems`); these helpers only convert.
 */

/** The week as the table's columns and the checkboxes show it: Monday first, as Australian calendars print it. */
export const WEEK: ReadonlyArray<{ day: Weekday; short: string; long: string }> = [
  { day: 1, short: 'Mon', long: 'Monday' },
  { day: 2, short: 'Tue', long: 'Tuesday' },
  { day: 3, short: 'Wed', long: 'Wednesday' },
  { day: 4, short: 'Thu', long: 'Thursday' },
  { day: 5, short: 'Fri', long: 'Friday' },
  { day: 6, short: 'Sat', long: 'Saturday' },
  { day: 0, short: 'Sun', long: 'Sunday' },
];

/** Where a date is closed: everywhere, or in one region. */
export type Scope = Region | 'all';
export const SCOPES: readonly Scope[] = ['all', ...REGION_CODES];
export const scopeName = (scope: Scope): string => (scope === 'all' ? 'All regions' : REGIONS[scope].name);

/** One cell per region and weekday: the override as typed, '' for none (the default applies). */
export type CapacityGrid = Record<Region, Record<Weekday, string>>;

/** The page's state: numbers as their boxes hold them, closed dates sorted per scope. */
export interface AvailabilityDraft {
  defaultCapacity: string;
  capacity: CapacityGrid;
  closedWeekdays: Weekday[];
  closedDates: Record<Scope, string[]>;
  cutoff: string;
}

/** A number box's text as a number: '' (or only spaces) is not a number, not 0. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

export function capacityGrid(capacity: AvailabilitySettings['capacity']): CapacityGrid {
  return Object.fromEntries(
    REGION_CODES.map((region) => [
      region,
      Object.fromEntries(WEEK.map(({ day }) => [day, capacity[region]?.[day] === undefined ? '' : String(capacity[region]?.[day])])),
    ]),
  ) as CapacityGrid;
}

/** The overrides the grid holds: an empty cell is none, and a region without any is left out. */
export function capacityOfGrid(grid: CapacityGrid): AvailabilitySettings['capacity'] {
  const capacity: AvailabilitySettings['capacity'] = {};
  for (const region of REGION_CODES) {
    const days: Partial<Record<Weekday, number>> = {};
    for (const { day } of WEEK) {
      const text = grid[region][day];
      if (text.trim() !== '') days[day] = numberOf(text);
    }
    if (Object.keys(days).length > 0) capacity[region] = days;
  }
  return capacity;
}

const byNumber = (a: number, b: number) => a - b;

/** A list of days sorted, each once. */
const sortedDays = (days: readonly string[]): string[] => [...new Set(days)].sort();

export function draftOf(settings: AvailabilitySettings): AvailabilityDraft {
  return {
    defaultCapacity: String(settings.defaultCapacity),
    capacity: capacityGrid(settings.capacity),
    closedWeekdays: [...settings.closedWeekdays].sort(byNumber),
    closedDates: Object.fromEntries(SCOPES.map((scope) => [scope, sortedDays(settings.closedDates[scope] ?? [])])) as Record<Scope, string[]>,
    cutoff: settings.cutoff,
  };
}

/** The whole settings, as PUT takes them (a scope without dates is left out, which reopens them all). */
export function settingsOf(draft: AvailabilityDraft): AvailabilitySettings {
  const closedDates: AvailabilitySettings['closedDates'] = {};
  for (const scope of SCOPES) if (draft.closedDates[scope].length > 0) closedDates[scope] = sortedDays(draft.closedDates[scope]);
  return {
    defaultCapacity: numberOf(draft.defaultCapacity),
    capacity: capacityOfGrid(draft.capacity),
    closedWeekdays: [...draft.closedWeekdays].sort(byNumber),
    closedDates,
    cutoff: draft.cutoff,
  };
}

/** The closed weekdays with `day` closed or opened. */
export function withWeekday(days: readonly Weekday[], day: Weekday, closed: boolean): Weekday[] {
  return [...days.filter((item) => item !== day), ...(closed ? [day] : [])].sort(byNumber);
}

/** The closed dates with `day` added to `scope` (once, in order). */
export function withClosedDate(closed: Record<Scope, string[]>, scope: Scope, day: string): Record<Scope, string[]> {
  return { ...closed, [scope]: sortedDays([...closed[scope], day]) };
}

export function withoutClosedDate(closed: Record<Scope, string[]>, scope: Scope, day: string): Record<Scope, string[]> {
  return { ...closed, [scope]: closed[scope].filter((item) => item !== day) };
}

/** Problems (the contract's or the server's) by field, the first message of each. */
export function messagesByField(problems: ReadonlyArray<{ field: string; message: string }>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { field, message } of problems) messages[field] ??= message;
  return messages;
}

/** The messages of a field and of everything under it ('capacity' → 'capacity', 'capacity.WA.1', …). */
export function messagesUnder(messages: Record<string, string>, field: string): Array<{ field: string; message: string }> {
  return Object.entries(messages)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([key, message]) => ({ field: key, message }));
}

/** The messages left once staff change a field (its own and those under it go). */
export function withoutMessagesUnder(messages: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => key !== field && !key.startsWith(`${field}.`)));
}

/** A capacity cell's field as the contract names it, and how a person reads it. */
export const capacityField = (region: Region, day: Weekday): string => `capacity.${region}.${day}`;

export function fieldLabel(field: string): string {
  const [root, scope, day] = field.split('.');
  const weekday = WEEK.find((item) => String(item.day) === day);
  if (root === 'capacity' && scope && Object.hasOwn(REGIONS, scope))
    return weekday ? `${scopeName(scope as Region)}, ${weekday.long}` : scopeName(scope as Region);
  if (root === 'closedDates' && scope && (scope === 'all' || Object.hasOwn(REGIONS, scope))) return scopeName(scope as Scope);
  return '';
}

/** 'Fri 25/12/2026': a closed date as the list shows it. */
export function dayLabel(day: string): string {
  const weekday = WEEK.find((item) => item.day === new Date(`${day}T12:00:00Z`).getUTCDay());
  return `${weekday?.short ?? ''} ${formatDateIn('UTC', `${day}T12:00:00Z`)}`.trim();
}
