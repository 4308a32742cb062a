import type { Region, Weekday } from './regions.js';
import { REGION_CODES } from './regions.js';
import { TIME_SLOTS } from './booking-rules.js';

/**
 * Availability settings (issue 16): GET/PUT /api/admin/settings/availability. Capacity is Clean & View
 * visits per time slot.
 */
export interface AvailabilitySettings {
  /** Visits per slot when nothing more specific is set (default 2). */
  defaultCapacity: number;
  /** Visits per slot for a region's weekday (0 Sunday … 6 Saturday), overriding the default. */
  capacity: Partial<Record<Region, Partial<Record<Weekday, number>>>>;
  /** Weekdays closed everywhere (Sunday by default). */
  closedWeekdays: Weekday[];
  /** Dates closed (yyyy-MM-dd): everywhere (`all`) or in one region. */
  closedDates: Partial<Record<Region | 'all', string[]>>;
  /**
   * Minimum notice: nothing today; a request after `cutoff` (the site's HH:mm) cannot take the next
   * business day either (default '14:00').
   */
  cutoff: string;
}

export const DEFAULT_AVAILABILITY: AvailabilitySettings = {
  defaultCapacity: 2,
  capacity: {},
  closedWeekdays: [0],
  closedDates: {},
  cutoff: '14:00',
};

/** GET /api/availability?suburb=…&from=yyyy-MM-dd&days=14: open days and free slots, never counts. */
export interface AvailabilityAnswer {
  region: Region;
  timeZone: string;
  days: Array<{ date: string; open: boolean; slots: Array<{ time: (typeof TIME_SLOTS)[number]; available: boolean }> }>;
}

export const MAX_CAPACITY = 50;
export const AVAILABILITY_DAYS_MAX = 62;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) => DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CAPACITY;

/** Every problem with availability settings as staff save them (field, message). */
export function availabilityProblems(input: Partial<Record<keyof AvailabilitySettings, unknown>>): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  if (input.defaultCapacity !== undefined && !isCount(input.defaultCapacity)) {
    problems.push({ field: 'defaultCapacity', message: `Capacity must be a whole number from 0 to ${MAX_CAPACITY}` });
  }
  if (input.capacity !== undefined) {
    const capacity = input.capacity;
    if (typeof capacity !== 'object' || capacity === null || Array.isArray(capacity)) {
      problems.push({ field: 'capacity', message: 'Capacity must list regions and weekdays' });
    } else {
      for (const [region, days] of Object.entries(capacity)) {
        if (!(REGION_CODES as readonly string[]).includes(region)) {
          problems.push({ field: `capacity.${region}`, message: `Unknown region ${region}` });
          continue;
        }
        for (const [weekday, count] of Object.entries((days ?? {}) as Record<string, unknown>)) {
          if (!/^[0-6]$/.test(weekday)) problems.push({ field: `capacity.${region}.${weekday}`, message: 'Weekdays are 0 (Sunday) to 6 (Saturday)' });
          else if (!isCount(count))
            problems.push({ field: `capacity.${region}.${weekday}`, message: `Capacity must be a whole number from 0 to ${MAX_CAPACITY}` });
        }
      }
    }
  }
  if (input.closedWeekdays !== undefined) {
    const days = input.closedWeekdays;
    if (!Array.isArray(days) || !days.every((day) => Number.isInteger(day) && day >= 0 && day <= 6) || days.length === 7) {
      problems.push({ field: 'closedWeekdays', message: 'Closed weekdays are 0 (Sunday) to 6 (Saturday), and at least one day stays open' });
    }
  }
  if (input.closedDates !== undefined) {
    const closed = input.closedDates;
    if (typeof closed !== 'object' || closed === null || Array.isArray(closed)) {
      problems.push({ field: 'closedDates', message: 'Closed dates must list regions (or all) and dates' });
    } else {
      for (const [region, dates] of Object.entries(closed)) {
        if (region !== 'all' && !(REGION_CODES as readonly string[]).includes(region))
          problems.push({ field: `closedDates.${region}`, message: `Unknown region ${region}` });
        else if (!Array.isArray(dates) || !dates.every((day) => typeof day === 'string' && realDay(day)) || dates.length > 366) {
          problems.push({ field: `closedDates.${region}`, message: 'Closed dates are real dates such as 2026-12-31' });
        }
      }
    }
  }
  if (input.cutoff !== undefined && (typeof input.cutoff !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.cutoff))) {
    problems.push({ field: 'cutoff', message: 'The cut-off is a time such as 14:00' });
  }
  return problems;
}
