import { REGION_CODES, type Region } from '@relining/contracts/regions';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import {
  addDays,
  availability,
  capacityOf,
  closedReason,
  DEFAULT_AVAILABILITY,
  firstBookableDay,
  localClock,
  slotStart,
  weekdayOf,
  type AvailabilitySettings,
} from './availability.rules.js';
import { holidayOn, publicHolidays } from './public-holidays.js';

const settings: AvailabilitySettings = DEFAULT_AVAILABILITY;

describe('public holidays come from the maintained dataset, per state', () => {
  it.each([
    // Nationwide.
    ...REGION_CODES.map((region) => [region, '2026-01-26', true] as const),
    ...REGION_CODES.map((region) => [region, '2026-12-25', true] as const),
    // Differ between states.
    ['VIC', '2026-11-03', true], // Melbourne Cup
    ['NSW', '2026-11-03', false],
    ['WA', '2026-06-01', true], // Western Australia Day
    ['VIC', '2026-06-01', false],
    ['VIC', '2026-03-09', true], // Labour Day in Victoria…
    ['NSW', '2026-03-09', false], // …in October in New South Wales
    ['NSW', '2026-10-05', true],
    ['QLD', '2026-05-04', true], // Labour Day in Queensland
    ['ACT', '2026-03-09', true], // Canberra Day
  ] as Array<readonly [Region, string, boolean]>)('%s %s → %s', (region, day, holiday) => {
    expect(holidayOn(region, day) !== undefined).toBe(holiday);
  });

  it("keeps a part-day holiday's business hours open (Christmas Eve from the evening in Queensland and South Australia)", () => {
    expect(holidayOn('QLD', '2026-12-24')).toBeUndefined();
    expect(holidayOn('SA', '2026-12-24')).toBeUndefined();
    expect(publicHolidays('QLD', 2026).size).toBeGreaterThan(8);
  });
});

describe('closedReason', () => {
  const holidays = (region: Region, day: string) => holidayOn(region, day);
  it.each([
    ['NSW', '2026-11-29', 'closed_weekday'], // a Sunday
    ['NSW', '2026-11-30', null], // a Monday
    ['NSW', '2026-11-28', null], // Saturdays are open unless closed by staff
    ['VIC', '2026-11-03', 'public_holiday'],
    ['NSW', '2026-11-03', null],
  ] as const)('%s %s → %s', (region, day, reason) => {
    expect(closedReason(region, day, settings, holidays)).toBe(reason);
  });

  it('closes dates staff chose, everywhere or in one region', () => {
    const closed: AvailabilitySettings = { ...settings, closedDates: { all: ['2026-12-30'], WA: ['2026-12-01'] } };
    expect(closedReason('NSW', '2026-12-30', closed, holidays)).toBe('closed_date');
    expect(closedReason('WA', '2026-12-01', closed, holidays)).toBe('closed_date');
    expect(closedReason('SA', '2026-12-01', closed, holidays)).toBeNull();
  });
});

describe('slot times are the site’s own', () => {
  it.each([
    // Sydney: AEDT (UTC+11) from the first Sunday of October 2026; AEST (UTC+10) before.
    ['NSW', '2026-10-02', '8:00 AM', '2026-10-01T22:00:00.000Z'],
    ['NSW', '2026-10-05', '8:00 AM', '2026-10-04T21:00:00.000Z'],
    // Perth keeps AWST (UTC+8) all year; Brisbane AEST (UTC+10); Adelaide ACDT (UTC+10:30) in summer.
    ['WA', '2026-10-05', '8:00 AM', '2026-10-05T00:00:00.000Z'],
    ['QLD', '2026-12-01', '5:00 PM', '2026-12-01T07:00:00.000Z'],
    ['SA', '2026-12-01', '12:00 PM', '2026-12-01T01:30:00.000Z'],
    ['NT', '2026-12-01', '9:00 AM', '2026-11-30T23:30:00.000Z'],
  ] as const)('%s %s %s starts at %s', (region, day, time, instant) => {
    expect(slotStart(region, day, time).toISOString()).toBe(instant);
  });

  it('reads an instant on the site’s clock', () => {
    expect(localClock('WA', new Date('2026-11-30T07:30:00Z'))).toEqual({ day: '2026-11-30', time: '15:30' });
    expect(localClock('NSW', new Date('2026-11-30T14:30:00Z'))).toEqual({ day: '2026-12-01', time: '01:30' });
  });
});

describe('minimum notice', () => {
  const holidays = (region: Region, day: string) => holidayOn(region, day);
  it.each([
    // Monday 30 Nov 2026, 10:00 in Sydney: tomorrow.
    ['NSW', '2026-11-29T23:00:00Z', '2026-12-01'],
    // 15:00 in Sydney: past the cut-off, so not tomorrow: Wednesday.
    ['NSW', '2026-11-30T04:00:00Z', '2026-12-02'],
    // The same instant is 12:00 in Perth: before its cut-off.
    ['WA', '2026-11-30T04:00:00Z', '2026-12-01'],
    // Saturday 28 Nov, 11:00 Melbourne: Sunday is closed, so Monday.
    ['VIC', '2026-11-28T00:00:00Z', '2026-11-30'],
    // Saturday after the cut-off: Monday is the next business day, so Tuesday.
    ['VIC', '2026-11-28T04:00:00Z', '2026-12-01'],
    // Friday 23 Oct 2026 after 2 PM Melbourne: Saturday is next, then Monday (Sunday closed).
    ['VIC', '2026-10-23T04:00:00Z', '2026-10-26'],
    // Across the daylight-saving change (Sydney, Sunday 4 Oct 2026): Saturday 3 Oct 15:00 AEST → Tuesday 6 Oct
    // (Sunday closed, Monday 5 Oct Labour Day, so the next business day is Tuesday, after the cut-off Wednesday).
    ['NSW', '2026-10-03T05:00:00Z', '2026-10-07'],
    // Christmas: Thursday 24 Dec at 10:00 Sydney → Tuesday 29 Dec (25th, 26th substitute 28th holidays; 27th Sunday).
    ['NSW', '2026-12-23T23:00:00Z', '2026-12-29'],
  ] as const)('%s at %s → first bookable day %s', (region, now, day) => {
    expect(firstBookableDay(region, new Date(now), settings, holidays)).toBe(day);
  });
});

describe('availability', () => {
  const holidays = (region: Region, day: string) => holidayOn(region, day);
  const now = new Date('2026-11-29T23:00:00Z'); // Monday 10:00 in Sydney

  it('shows only open days within notice, and a full slot as taken, never a count', () => {
    const taken = new Map([
      ['2026-12-01|9:00 AM', 2],
      ['2026-12-01|10:00 AM', 1],
    ]);
    const sut = availability({ region: 'NSW', from: '2026-11-30', days: 7, now, settings, holidayOn: holidays, taken });
    expect(sut.map((day) => [day.date, day.open])).toEqual([
      ['2026-11-30', false], // today
      ['2026-12-01', true],
      ['2026-12-02', true],
      ['2026-12-03', true],
      ['2026-12-04', true],
      ['2026-12-05', true],
      ['2026-12-06', false], // Sunday
    ]);
    const tuesday = sut[1]!;
    expect(tuesday.slots).toHaveLength(TIME_SLOTS.length);
    expect(tuesday.slots.find((slot) => slot.time === '9:00 AM')).toEqual({ time: '9:00 AM', available: false });
    expect(tuesday.slots.find((slot) => slot.time === '10:00 AM')).toEqual({ time: '10:00 AM', available: true });
    expect(JSON.stringify(sut)).not.toMatch(/count|capacity|taken/);
  });

  it("keeps a full day open with no times left (the page says 'No times left that day')", () => {
    const taken = new Map(TIME_SLOTS.map((time) => [`2026-12-01|${time}`, 2] as const));
    const [day] = availability({ region: 'NSW', from: '2026-12-01', days: 1, now, settings, holidayOn: holidays, taken });
    expect(day).toMatchObject({ date: '2026-12-01', open: true });
    expect(day!.slots.every((slot) => !slot.available)).toBe(true);
  });

  it('uses the capacity of the region’s weekday', () => {
    const custom: AvailabilitySettings = { ...settings, capacity: { NSW: { 2: 1 } } };
    expect(capacityOf('NSW', '2026-12-01', custom)).toBe(1); // a Tuesday
    expect(capacityOf('NSW', '2026-12-02', custom)).toBe(2);
    expect(capacityOf('VIC', '2026-12-01', custom)).toBe(2);
    const taken = new Map([['2026-12-01|8:00 AM', 1]]);
    const [day] = availability({ region: 'NSW', from: '2026-12-01', days: 1, now, settings: custom, holidayOn: holidays, taken });
    expect(day!.slots[0]).toEqual({ time: '8:00 AM', available: false });
  });

  it('counts days as calendars do', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-29')).toBe(0);
  });
});
