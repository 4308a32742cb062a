import { formatDateIn, formatDateTimeIn, formatLongDateIn, formatLongDateTimeIn, formatLongDay, isoDayIn, slotTimeLabel, zoneLabel } from './date-format.js';

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

  describe("e-mails' one date format: 'Wednesday 2 December 2026'", () => {
    it.each([
      // No leading zero on the day; the day boundary in the zone; daylight saving and standard time.
      ['Australia/Melbourne', '2026-12-01T22:41:00Z', 'Wednesday 2 December 2026', 'Wednesday 2 December 2026, 9:41 am AEDT'],
      ['Australia/Melbourne', '2026-12-02T12:59:00Z', 'Wednesday 2 December 2026', 'Wednesday 2 December 2026, 11:59 pm AEDT'],
      ['Australia/Melbourne', '2026-12-02T13:00:00Z', 'Thursday 3 December 2026', 'Thursday 3 December 2026, 12:00 am AEDT'],
      ['Australia/Melbourne', '2026-07-01T02:05:00Z', 'Wednesday 1 July 2026', 'Wednesday 1 July 2026, 12:05 pm AEST'],
      ['Australia/Perth', '2026-12-01T22:41:00Z', 'Wednesday 2 December 2026', 'Wednesday 2 December 2026, 6:41 am AWST'],
      ['Etc/GMT+12', '2026-12-01T22:41:00Z', 'Tuesday 1 December 2026', 'Tuesday 1 December 2026, 10:41 am GMT-12'],
      ['Australia/Melbourne', Date.UTC(2031, 0, 2, 3, 4), 'Thursday 2 January 2031', 'Thursday 2 January 2031, 2:04 pm AEDT'],
    ])('%s at %s: %s', (zone, instant, date, dateTime) => {
      expect(formatLongDateIn(zone, instant)).toBe(date);
      expect(formatLongDateTimeIn(zone, instant)).toBe(dateTime);
    });

    it.each([
      ['2026-12-02', 'Wednesday 2 December 2026'],
      ['2026-01-01', 'Thursday 1 January 2026'],
      ['2028-02-29', 'Tuesday 29 February 2028'],
      ['2026-12-31', 'Thursday 31 December 2026'],
    ])('the calendar day %s is %s, whatever the machine zone', (day, text) => {
      const previous = process.env.TZ;
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Melbourne']) {
        process.env.TZ = zone;
        try {
          expect(formatLongDay(day)).toBe(text);
        } finally {
          process.env.TZ = previous;
        }
      }
    });

    it.each(['2/12/2026', '2026-12-2', '', '2026-02-30'])('refuses %j as a calendar day', (day) => {
      expect(() => formatLongDay(day)).toThrow(RangeError);
    });
  });
});

describe('slotTimeLabel: a slot labelled with its site zone on the day', () => {
  it.each([
    ['Australia/Perth', '2026-12-01', '9:00 AM', '9:00 AM AWST'],
    ['Australia/Sydney', '2026-12-01', '9:00 AM', '9:00 AM AEDT'],
    ['Australia/Sydney', '2027-06-01', '9:00 AM', '9:00 AM AEST'],
    ['Australia/Brisbane', '2026-12-01', '8:00 AM', '8:00 AM AEST'],
    ['Australia/Adelaide', '2026-12-01', '5:00 PM', '5:00 PM ACDT'],
    ['Australia/Darwin', '2026-12-01', '12:00 PM', '12:00 PM ACST'],
    ['Australia/Hobart', '2027-04-04', '9:00 AM', '9:00 AM AEST'], // daylight saving ended at 3 AM that day
    ['Australia/Melbourne', '2027-10-03', '9:00 AM', '9:00 AM AEDT'], // and began at 2 AM that day
  ])('%s on %s: %s → %s', (zone, day, time, label) => {
    expect(slotTimeLabel(zone, day, time)).toBe(label);
  });
});
