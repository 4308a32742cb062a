import { REGION_CODES, type Region } from '@relining/contracts/regions';
import type { TodayAppointment, TodayRegionAppointments } from '@relining/contracts/api/dashboard';

/** A calendar day (yyyy-MM-dd) moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The week a day belongs to ends on Sunday (Australian weeks run Monday to Sunday): the Sunday on or
 * after the day, and the Monday after it (when the week's time is up).
 */
export function weekEndOf(day: string): { sunday: string; nextMonday: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  return { sunday: addDays(day, toMonday - 1), nextMonday: addDays(day, toMonday) };
}

/** Appointments grouped by region, in the regions' order, each region's in the order given; regions with none left out. */
export function groupByRegion(appointments: ReadonlyArray<TodayAppointment & { region: Region }>): TodayRegionAppointments[] {
  return REGION_CODES.flatMap((region) => {
    const items = appointments.filter((appointment) => appointment.region === region).map(({ region: _region, ...item }) => item);
    return items.length === 0 ? [] : [{ region, count: items.length, items }];
  });
}
