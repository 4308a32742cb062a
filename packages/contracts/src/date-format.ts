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

/** '2026-11-21': the calendar day in the zone, as file names and filters write it. */
export function isoDayIn(timeZone: string, instant: Date | string | number = Date.now()): string {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** 'Melbourne time' for Australia/Melbourne: how a heading or a CSV column names the zone. */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  return `${city} time`;
}
