import { describe, expect, it } from '@jest/globals';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { REGIONS } from '@relining/contracts/regions';
import {
  addDays,
  busiestRegion,
  dayOf,
  rangeFilter,
  slotAt,
  slotHour,
  slotInstant,
  slotLabel,
  slotOfHour,
  slotTimeLabel,
  toCalendarEvent,
  visibleDays,
  wallClock,
  wallDay,
  wallInstant,
} from './appointmentTime';

const PERTH = REGIONS.WA.timeZone;
const SYDNEY = REGIONS.NSW.timeZone;
const ADELAIDE = REGIONS.SA.timeZone;

/** A wall-clock Date's fields, as the calendar reads them. */
const fields = (wall: Date) => [wall.getFullYear(), wall.getMonth() + 1, wall.getDate(), wall.getHours(), wall.getMinutes()];

// The browser's zone must not matter: these answers hold in any zone the tests run in (the zone is
// the process's: `TZ=America/New_York npm test -- admin-ui/src/appointments` checks one far away).
describe(`appointment times with the browser in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`, () => {
  it('reads an instant on the site clock', () => {
    // 1 December 2026 01:00 UTC: 9 AM in Perth (UTC+8), noon in Sydney (daylight saving, UTC+11).
    expect(fields(wallClock('2026-12-01T01:00:00Z', PERTH))).toEqual([2026, 12, 1, 9, 0]);
    expect(fields(wallClock('2026-12-01T01:00:00Z', SYDNEY))).toEqual([2026, 12, 1, 12, 0]);
    // Winter in Sydney (UTC+10) and Adelaide (UTC+9:30).
    expect(fields(wallClock('2026-07-14T23:00:00Z', SYDNEY))).toEqual([2026, 7, 15, 9, 0]);
    expect(fields(wallClock('2026-07-14T23:30:00Z', ADELAIDE))).toEqual([2026, 7, 15, 9, 0]);
  });

  it.each([
    [SYDNEY, '2026-10-04'], // daylight saving starts that morning
    [SYDNEY, '2026-04-05'], // and ends
    [ADELAIDE, '2026-12-01'],
    [PERTH, '2026-12-01'],
  ])('every slot of %s on %s reads back as itself', (zone, day) => {
    for (const time of TIME_SLOTS) {
      const wall = wallClock(slotInstant(zone, day, time), zone);
      expect(fields(wall)).toEqual([...day.split('-').map(Number), slotHour(time), 0]);
      expect(slotAt(wall)).toEqual({ date: day, time });
      expect(wallInstant(wall, zone).toISOString()).toBe(slotInstant(zone, day, time).toISOString());
    }
  });

  it('takes the instant of a slot from the site zone', () => {
    expect(slotInstant(PERTH, '2026-12-01', '9:00 AM').toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(slotInstant(SYDNEY, '2026-12-01', '9:00 AM').toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(slotInstant(SYDNEY, '2026-07-15', '5:00 PM').toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('refuses a drop that is not the start of a slot hour', () => {
    expect(slotAt(new Date(2026, 11, 1, 7, 0))).toBeNull();
    expect(slotAt(new Date(2026, 11, 1, 18, 0))).toBeNull();
    expect(slotAt(new Date(2026, 11, 1, 9, 30))).toBeNull();
    expect(slotAt(new Date(2026, 11, 1, 0, 0))).toBeNull(); // the all-day row
    expect(slotAt(new Date(2026, 11, 1, 17, 0))).toEqual({ date: '2026-12-01', time: '5:00 PM' });
  });

  it('labels slots as the server does, in the site zone of that day', () => {
    expect(slotLabel(PERTH, '2026-12-01', '9:00 AM')).toBe('Tuesday 1 December, 9:00 AM AWST');
    expect(slotLabel(SYDNEY, '2026-12-01', '1:00 PM')).toBe('Tuesday 1 December, 1:00 PM AEDT');
    expect(slotTimeLabel(SYDNEY, '2026-07-15', '8:00 AM')).toBe('8:00 AM AEST');
    expect(slotTimeLabel(ADELAIDE, '2026-12-01', '8:00 AM')).toBe('8:00 AM ACDT');
  });

  it('draws an appointment at its site time', () => {
    const appointment = {
      id: 'a1',
      startsAt: '2026-12-01T01:00:00Z',
      endsAt: '2026-12-01T02:00:00Z',
      time: '9:00 AM',
      customerName: 'Sam Lee',
      suburb: 'Subiaco',
    };
    const event = toCalendarEvent(appointment as AppointmentRecord, PERTH);
    expect(fields(event.start)).toEqual([2026, 12, 1, 9, 0]);
    expect(fields(event.end)).toEqual([2026, 12, 1, 10, 0]);
    expect(event.timeLabel).toBe('9:00 AM AWST');
    expect(event.title).toBe('9:00 AM AWST Sam Lee, Subiaco');
    // Read in another zone, the same instant at that zone's time.
    expect(toCalendarEvent(appointment as AppointmentRecord, SYDNEY).timeLabel).toBe('12:00 PM AEDT');
  });

  it('finds the days a view shows (weeks from Monday)', () => {
    const sunday = wallDay('2026-12-06');
    expect(dayOf(sunday)).toBe('2026-12-06');
    expect(visibleDays('week', sunday)).toEqual({ first: '2026-11-30', last: '2026-12-06' });
    expect(visibleDays('week', wallDay('2026-11-30'))).toEqual({ first: '2026-11-30', last: '2026-12-06' });
    expect(visibleDays('day', sunday)).toEqual({ first: '2026-12-06', last: '2026-12-06' });
    expect(visibleDays('agenda', sunday)).toEqual({ first: '2026-12-06', last: '2026-12-19' });
  });
});

describe('slots and ranges', () => {
  it('maps slot hours both ways', () => {
    expect(TIME_SLOTS.map(slotHour)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(slotOfHour(12)).toBe('12:00 PM');
    expect(slotOfHour(0)).toBeNull();
    expect(slotOfHour(7)).toBeNull();
    expect(slotOfHour(18)).toBeNull();
  });

  it('asks the list for a day either side of the view', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(rangeFilter({ first: '2026-11-30', last: '2026-12-06' })).toEqual({ from: '2026-11-29', to: '2026-12-07' });
  });

  it('chooses the busiest region, NSW when there is none', () => {
    expect(busiestRegion([])).toBe('NSW');
    expect(busiestRegion([{ region: 'WA' }, { region: 'VIC' }, { region: 'WA' }])).toBe('WA');
    // A tie goes to the first in the regions' order.
    expect(busiestRegion([{ region: 'WA' }, { region: 'VIC' }])).toBe('VIC');
  });
});
