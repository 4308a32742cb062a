import { todayIn } from '@relining/contracts/booking-rules';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes the zone's wall clock is ahead of UTC at this instant (daylight saving included). */
function zoneOffsetMinutes(timeZone: string, instant: number): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wallAsUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The calendar day `days` before a yyyy-MM-dd day (negative: after it). */
export function isoDayBefore(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The instant a wall clock in `timeZone` shows `minuteOfDay` on `isoDay` (the later reading in a repeated hour). */
export function wallClockInstant(timeZone: string, isoDay: string, minuteOfDay: number): Date {
  const naive = new Date(`${isoDay}T00:00:00Z`).getTime() + minuteOfDay * 60_000;
  const guess = naive - zoneOffsetMinutes(timeZone, naive) * 60_000;
  // Near a daylight-saving change the offset at the answer can differ from the offset at the guess.
  return new Date(naive - zoneOffsetMinutes(timeZone, guess) * 60_000);
}

/**
 * Demo dates as people at the company lived them: a number of days before today in the company's
 * zone (TZ_DISPLAY) at a wall-clock time, never in the future (a time later today than now moves
 * to the day before, so "today" items exist only once the day has begun).
 */
export class DemoClock {
  readonly today: string;

  constructor(
    readonly now: Date,
    readonly timeZone: string,
  ) {
    this.today = todayIn(timeZone, now);
  }

  day(daysAgo: number): string {
    return isoDayBefore(this.today, daysAgo);
  }

  at(daysAgo: number, minuteOfDay: number): Date {
    const instant = wallClockInstant(this.timeZone, this.day(daysAgo), minuteOfDay);
    return instant.getTime() <= this.now.getTime() ? instant : wallClockInstant(this.timeZone, this.day(daysAgo + 1), minuteOfDay);
  }
}
