import Holidays from 'date-holidays';
import { REGIONS, type Region } from '@relining/contracts/regions';

/**
 * Each state's public holidays from a maintained dataset (`date-holidays`), never a hand-typed list.
 * Only holidays that take the whole day close it: a part-day one (Christmas Eve from 6 PM in
 * Queensland, 7 PM in South Australia) starts after the last visit has ended.
 */
const cache = new Map<string, ReadonlyMap<string, string>>();

export function publicHolidays(region: Region, year: number): ReadonlyMap<string, string> {
  const key = `${region}:${year}`;
  let days = cache.get(key);
  if (!days) {
    const calendar = new Holidays('AU', region, { timezone: REGIONS[region].timeZone, types: ['public'] });
    days = new Map(
      (calendar.getHolidays(year) || [])
        .filter((holiday) => holiday.type === 'public' && holiday.date.endsWith(' 00:00:00'))
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name] as const),
    );
    cache.set(key, days);
  }
  return days;
}

/** The public holiday on a day (yyyy-MM-dd) in a region, if any. */
export function holidayOn(region: Region, day: string): string | undefined {
  return publicHolidays(region, Number(day.slice(0, 4))).get(day);
}
