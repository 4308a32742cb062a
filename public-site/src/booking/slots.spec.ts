import { describe, expect, it } from '@jest/globals';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { ApiError } from '@relining/contracts/client/http';
import { dateChoices, dayLabel, daysToCover, DAYS_STEP, keptChoice, lastDay, laterDays, regionOfSuburb, timeLabel, zoneAbbreviation } from './slots';
import { isSlotRefusal, nextSlotsOf } from './refusal';

type Day = AvailabilityAnswer['days'][number];

const open = (date: string, free: readonly string[] = TIME_SLOTS): Day => ({
  date,
  open: true,
  slots: TIME_SLOTS.map((time) => ({ time, available: free.includes(time) })),
});
const closed = (date: string): Day => ({ date, open: false, slots: [] });

/** Perth, from Sunday 29 November 2026: Sunday closed, Monday full, Tuesday two free times, Wednesday a holiday. */
const ANSWER: AvailabilityAnswer = {
  region: 'WA',
  timeZone: 'Australia/Perth',
  days: [closed('2026-11-29'), open('2026-11-30', []), open('2026-12-01', ['9:00 AM', '2:00 PM']), closed('2026-12-02'), open('2026-12-03')],
};

describe('the suburb chosen first', () => {
  it.each([
    ['Toowong QLD 4066', 'QLD'],
    ['Toowong QLD', 'QLD'],
    ['Perth wa 6000', 'WA'],
    ['  Braddon ACT 2612  ', 'ACT'],
    ['Darwin City, NT 0800', 'NT'],
  ])('%s names its state (%s), as the suggestions fill it', (text, region) => {
    expect(regionOfSuburb(text)).toBe(region);
  });

  it.each(['', 'Toowong', 'QLD', 'QLD 4066', 'Toowong 4066', 'Toowong QL', 'Toowong XYZ 4066', 'constructor'])('%j names no state yet', (text) => {
    expect(regionOfSuburb(text)).toBeNull();
  });
});

describe('dates and times as the form offers them', () => {
  it("writes a day 'Tue 1 Dec', the calendar day itself whatever the reader's zone", () => {
    expect(dayLabel('2026-12-01')).toBe('Tue 1 Dec');
    expect(dayLabel('2027-01-31')).toBe('Sun 31 Jan');
  });

  it.each([
    ['Australia/Perth', '2026-12-01', 'AWST'],
    ['Australia/Perth', '2026-06-01', 'AWST'],
    ['Australia/Sydney', '2026-12-01', 'AEDT'],
    ['Australia/Sydney', '2026-06-01', 'AEST'],
    ['Australia/Brisbane', '2026-12-01', 'AEST'],
    ['Australia/Adelaide', '2026-12-01', 'ACDT'],
    ['Australia/Adelaide', '2026-06-01', 'ACST'],
    ['Australia/Darwin', '2026-12-01', 'ACST'],
    ['Australia/Hobart', '2026-12-01', 'AEDT'],
  ])("names %s's zone on %s %s", (timeZone, date, zone) => {
    expect(zoneAbbreviation(timeZone, date)).toBe(zone);
  });

  it('names the zone of the day itself on the days daylight saving starts and ends (at 2 or 3 AM)', () => {
    expect(zoneAbbreviation('Australia/Sydney', '2026-10-04')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2026-04-05')).toBe('AEST');
    expect(zoneAbbreviation('Australia/Adelaide', '2026-10-04')).toBe('ACDT');
  });

  it("labels a time with the site's zone: '9:00 AM AWST' in Perth", () => {
    expect(timeLabel('9:00 AM', 'Australia/Perth', '2026-12-01')).toBe('9:00 AM AWST');
    expect(timeLabel('2:00 PM', 'Australia/Melbourne', '2026-07-01')).toBe('2:00 PM AEST');
  });

  it('offers the open days only, each with its free times (a full day has none)', () => {
    expect(dateChoices(ANSWER)).toEqual([
      { date: '2026-11-30', label: 'Mon 30 Nov', times: [] },
      { date: '2026-12-01', label: 'Tue 1 Dec', times: ['9:00 AM', '2:00 PM'] },
      { date: '2026-12-03', label: 'Thu 3 Dec', times: [...TIME_SLOTS] },
    ]);
    expect(lastDay(ANSWER)).toBe('2026-12-03');
  });
});

describe('a chosen date and time, once availability is known', () => {
  const can = true;

  it('keeps a free time of an open day', () => {
    expect(keptChoice(ANSWER, { date: '2026-12-01', time: '2:00 PM' }, can)).toEqual({ date: '2026-12-01', time: '2:00 PM' });
  });

  it('keeps the day but not a time that is no longer free', () => {
    expect(keptChoice(ANSWER, { date: '2026-12-01', time: '10:00 AM' }, can)).toEqual({ date: '2026-12-01', time: '' });
  });

  it("keeps a full open day (it says 'No times left that day'), without a time", () => {
    expect(keptChoice(ANSWER, { date: '2026-11-30', time: '9:00 AM' }, can)).toEqual({ date: '2026-11-30', time: '' });
  });

  it('drops a closed day, a past day and a day the answer does not know', () => {
    expect(keptChoice(ANSWER, { date: '2026-12-02', time: '9:00 AM' }, can)).toEqual({ date: '', time: '' });
    expect(keptChoice(ANSWER, { date: '2026-11-01', time: '9:00 AM' }, can)).toEqual({ date: '', time: '' });
  });

  it('keeps a later day while later days can be loaded for it, and drops it once they cannot', () => {
    expect(keptChoice(ANSWER, { date: '2026-12-20', time: '9:00 AM' }, true)).toEqual({ date: '2026-12-20', time: '9:00 AM' });
    expect(keptChoice(ANSWER, { date: '2026-12-20', time: '9:00 AM' }, false)).toEqual({ date: '', time: '' });
  });

  it('leaves an empty choice alone', () => {
    const empty = { date: '', time: '' };
    expect(keptChoice(ANSWER, empty, can)).toBe(empty);
  });
});

describe('later dates', () => {
  it('asks for DAYS_STEP more each time, up to what the server gives', () => {
    expect(laterDays(DAYS_STEP)).toBe(2 * DAYS_STEP);
    expect(laterDays(AVAILABILITY_DAYS_MAX - 1)).toBe(AVAILABILITY_DAYS_MAX);
    expect(laterDays(AVAILABILITY_DAYS_MAX)).toBe(AVAILABILITY_DAYS_MAX);
  });

  it('asks for enough whole steps to show a wanted date past the answer, never fewer days than before', () => {
    // The answer starts on 29 November: 20 December is its 22nd day.
    expect(daysToCover(ANSWER, '2026-12-20', 14)).toBe(28);
    expect(daysToCover(ANSWER, '2026-12-12', 14)).toBe(14);
    expect(daysToCover(ANSWER, '2026-12-12', 5)).toBe(14);
    expect(daysToCover(ANSWER, '2027-06-01', 14)).toBe(AVAILABILITY_DAYS_MAX);
  });

  it('keeps the days asked for when the date is shown already, empty or not a date', () => {
    expect(daysToCover(ANSWER, '2026-12-01', 14)).toBe(14);
    expect(daysToCover(ANSWER, '', 28)).toBe(28);
    expect(daysToCover(ANSWER, 'soon', 14)).toBe(14);
  });
});

describe("the server's refusal of a taken or closed time", () => {
  const nextSlots = [
    { date: '2026-12-01', time: '9:00 AM', label: 'Tuesday 1 December, 9:00 AM AWST' },
    { date: '2026-12-01', time: '2:00 PM', label: 'Tuesday 1 December, 2:00 PM AWST' },
  ];
  const body = (code: string, extra: object = {}) => ({
    statusCode: 409,
    code,
    message: 'Sorry, that time has just been taken.',
    correlationId: 'x',
    ...extra,
  });

  it('is told apart by its code: 409 SLOT_TAKEN and 400 SLOT_CLOSED', () => {
    expect(isSlotRefusal(new ApiError(409, 'SLOT_TAKEN', 'taken', [], body('SLOT_TAKEN')))).toBe(true);
    expect(isSlotRefusal(new ApiError(400, 'SLOT_CLOSED', 'closed', [], body('SLOT_CLOSED')))).toBe(true);
    expect(isSlotRefusal(new ApiError(400, 'VALIDATION_FAILED', 'bad'))).toBe(false);
    expect(isSlotRefusal(new ApiError(0, 'NETWORK', 'offline'))).toBe(false);
    expect(isSlotRefusal(new Error('boom'))).toBe(false);
    expect(isSlotRefusal(undefined)).toBe(false);
  });

  it('offers the next free slots its body lists', () => {
    expect(nextSlotsOf(new ApiError(409, 'SLOT_TAKEN', 'taken', [], body('SLOT_TAKEN', { nextSlots })))).toEqual(nextSlots);
  });

  it('offers nothing when the body lists none, or lists them malformed', () => {
    expect(nextSlotsOf(new ApiError(409, 'SLOT_TAKEN', 'taken', [], body('SLOT_TAKEN')))).toEqual([]);
    expect(nextSlotsOf(new ApiError(409, 'SLOT_TAKEN', 'taken'))).toEqual([]);
    expect(nextSlotsOf(new ApiError(409, 'SLOT_TAKEN', 'taken', [], body('SLOT_TAKEN', { nextSlots: 'soon' })))).toEqual([]);
    expect(nextSlotsOf(new ApiError(409, 'SLOT_TAKEN', 'taken', [], body('SLOT_TAKEN', { nextSlots: [null, { date: 1 }, nextSlots[0]] })))).toEqual([
      nextSlots[0],
    ]);
    expect(nextSlotsOf(null)).toEqual([]);
  });
});
