/**
 * A text of an instant that can only change at a whole minute (a calendar day, a time to the minute
 * in any time zone: zone offsets and daylight-saving changes fall on whole minutes), worked out once
 * per minute instead of once per request: formatting with Intl costs far more than the lookup.
 */
export function perMinute(format: (instant: Date) => string): (instant?: Date) => string {
  let minute = Number.NaN;
  let text = '';
  return (instant = new Date()) => {
    const current = Math.floor(instant.getTime() / 60_000);
    if (current !== minute) {
      text = format(instant);
      minute = current;
    }
    return text;
  };
}
