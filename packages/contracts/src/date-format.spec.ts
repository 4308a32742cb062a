import { formatDateIn, formatDateTimeIn, isoDayIn, zoneLabel } from './date-format.js';

describe('one clock for people', () => {
  it.each([
    // Summer (daylight saving) and winter in Melbourne; zones without daylight saving; the day boundary.
    ['Australia/Melbourne', '2026-11-21T22:41:00Z', '22/11/2026, 9:41 am AEDT', '22/11/2026', '2026-11-22'],
    ['Australia/Melbourne', '2026-07-01T02:05:00Z', '01/07/2026, 12:05 pm AEST', '01/07/2026', '2026-07-01'],
    ['Australia/Melbourne', '2026-11-21T12:59:00Z', '21/11/2026, 11:59 pm AEDT', '21/11/2026', '2026-11-21'],
    ['Australia/Melbourne', '2026-11-21T13:00:00Z', '22/11/2026, 12:00 am AEDT', '22/11/2026', '2026-11-22'],
    ['Australia/Perth', '2026-11-21T22:41:00Z', '22/11/2026, 6:41 am AWST', '22/11/2026', '2026-11-22'],
    ['Australia/Brisbane', '2026-11-21T22:41:00Z', '22/11/2026, 8:41 am AEST', '22/11/2026', '2026-11-22'],
    ['Etc/GMT+12', '2026-11-21T22:41:00Z', '21/11/2026, 10:41 am GMT-12', '21/11/2026', '2026-11-21'],
  ])('%s at %s: %s', (zone, instant, dateTime, date, day) => {
    expect(formatDateTimeIn(zone, instant)).toBe(dateTime);
    expect(formatDateIn(zone, instant)).toBe(date);
    expect(isoDayIn(zone, instant)).toBe(day);
  });

  it('never depends on the machine zone, and always writes a four-digit year', () => {
    const previous = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDateTimeIn('Australia/Melbourne', Date.UTC(2031, 0, 2, 3, 4))).toBe('02/01/2031, 2:04 pm AEDT');
    } finally {
      process.env.TZ = previous;
    }
  });

  it.each([
    ['Australia/Melbourne', 'Melbourne time'],
    ['Australia/Lord_Howe', 'Lord Howe time'],
    ['UTC', 'UTC time'],
  ])('names %s "%s"', (zone, label) => {
    expect(zoneLabel(zone)).toBe(label);
  });
});
