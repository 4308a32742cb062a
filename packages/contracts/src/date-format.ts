/**
 * Intl.DateTimeFormat instances, made once per locale and options: building one costs far more than
 * formatting with it (it was a tenth of a booking request's CPU).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * One clock for people: every date and time a person reads (console, CSV, e-mails) is shown in the
 * display zone (TZ_DISPLAY, Australia/Melbourne by default), never the reader's or the server's, with
 * a four-digit year, and labelled with the zone where a time could be misread.
 */

/** '21/11/2026, 9:41 am AEDT': day, month, four-digit year, time and the zone's short name. */
export function formatDateTimeIn(timeZone: string, instant: Date | string | number): string {
  return dateFormat('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(instant),
  );
}

/** '21/11/2026': the calendar day the instant falls on in the zone. */
export function formatDateIn(timeZone: string, instant: Date | string | number): string {
  return dateFormat('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(instant));
}

/**
 * 'Wednesday 2 December 2026': the one way an e-mail writes a date (weekday, day without a leading
 * zero, month name, four-digit year), the calendar day the instant falls on in the zone. Built from
 * the parts rather than `dateStyle: 'full'`, which puts a comma after the weekday in some ICU versions.
 */
export function formatLongDateIn(timeZone: string, instant: Date | string | number): string {
  const parts = dateFormat('en-AU', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** 'Wednesday 2 December 2026, 9:41 am AEDT': the long date and the time in the zone, labelled. */
export function formatLongDateTimeIn(timeZone: string, instant: Date | string | number): string {
  const time = dateFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(instant));
  return `${formatLongDateIn(timeZone, instant)}, ${time}`;
}

/**
 * 'Wednesday 2 December 2026' for a calendar day written 'yyyy-MM-dd' (a preferred booking date): the
 * day itself, in no zone (read at noon UTC, it is that day everywhere the format could look).
 */
export function formatLongDay(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  // The pattern, and the day it parsed to (Date rolls '2026-02-30' over into March).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(noon.getTime()) || noon.toISOString().slice(0, 10) !== day) {
    throw new RangeError(`Not a calendar day (yyyy-MM-dd): ${day}`);
  }
  return formatLongDateIn('UTC', noon);
}

/** '2026-11-21': the calendar day in the zone, as file names and filters write it. */
export function isoDayIn(timeZone: string, instant: Date | string | number = Date.now()): string {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** 'Melbourne time' for Australia/Melbourne: how a heading or a CSV column names the zone. */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  return `${city} time`;
}

/**
 * 'AWST', 'AEDT': a zone's abbreviation during the working hours of a calendar day (read at 04:00 UTC,
 * between noon and 3 PM in every Australian zone; daylight saving changes at 2 or 3 AM, before the
 * first appointment of the day).
 */
export function zoneAbbreviationOn(timeZone: string, day: string): string {
  return (
    dateFormat('en-AU', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(`${day}T04:00:00Z`))
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** '9:00 AM AWST': a slot's time labelled with its site's zone on that day. */
export function slotTimeLabel(timeZone: string, day: string, time: string): string {
  const zone = zoneAbbreviationOn(timeZone, day);
  return zone ? `${time} ${zone}` : time;
}
