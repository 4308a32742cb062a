import { describe, expect, it } from '@jest/globals';
import { availabilityProblems, DEFAULT_AVAILABILITY, type AvailabilitySettings } from '@relining/contracts/availability';
import {
  capacityGrid,
  capacityOfGrid,
  dayLabel,
  draftOf,
  fieldLabel,
  messagesByField,
  messagesUnder,
  settingsOf,
  withClosedDate,
  withoutClosedDate,
  withoutMessagesUnder,
  withWeekday,
} from './availabilityForm';

const SETTINGS: AvailabilitySettings = {
  defaultCapacity: 3,
  capacity: { WA: { 1: 4, 6: 0 }, NSW: { 0: 1 } },
  closedWeekdays: [6, 0],
  closedDates: { all: ['2026-12-25', '2026-01-01'], WA: ['2026-06-01'] },
  cutoff: '15:30',
};

describe('the Availability page’s form', () => {
  it('reads the settings into the form and writes them back unchanged (dates and weekdays in order)', () => {
    const draft = draftOf(SETTINGS);
    expect(draft.defaultCapacity).toBe('3');
    expect(draft.closedWeekdays).toEqual([0, 6]);
    expect(draft.closedDates.all).toEqual(['2026-01-01', '2026-12-25']);
    expect(draft.closedDates.VIC).toEqual([]);
    expect(settingsOf(draft)).toEqual({
      ...SETTINGS,
      closedWeekdays: [0, 6],
      closedDates: { all: ['2026-01-01', '2026-12-25'], WA: ['2026-06-01'] },
    });
    expect(settingsOf(draftOf(DEFAULT_AVAILABILITY))).toEqual(DEFAULT_AVAILABILITY);
  });

  it('shows an override in its cell and the default as an empty cell; 0 is an override', () => {
    const grid = capacityGrid(SETTINGS.capacity);
    expect(grid.WA[1]).toBe('4');
    expect(grid.WA[6]).toBe('0');
    expect(grid.WA[2]).toBe('');
    expect(grid.VIC).toEqual({ 0: '', 1: '', 2: '', 3: '', 4: '', 5: '', 6: '' });
    expect(grid.NSW[0]).toBe('1');
  });

  it('a cleared cell removes its override, and a region left with none is left out', () => {
    const grid = capacityGrid(SETTINGS.capacity);
    grid.WA[1] = '';
    grid.NSW[0] = ' ';
    grid.QLD[3] = '7';
    expect(capacityOfGrid(grid)).toEqual({ WA: { 6: 0 }, QLD: { 3: 7 } });
  });

  it('leaves checking to the contract: a bad cell or an empty default is a problem at its field', () => {
    const draft = draftOf(SETTINGS);
    draft.capacity.SA[2] = '1.5';
    draft.capacity.TAS[5] = '51';
    draft.defaultCapacity = '';
    const messages = messagesByField(availabilityProblems(settingsOf(draft)));
    expect(Object.keys(messages).sort()).toEqual(['capacity.SA.2', 'capacity.TAS.5', 'defaultCapacity']);
    expect(messages['capacity.SA.2']).toBe('Capacity must be a whole number from 0 to 50');
    expect(messagesUnder(messages, 'capacity').map((item) => item.field)).toEqual(['capacity.SA.2', 'capacity.TAS.5']);
    expect(withoutMessagesUnder(messages, 'capacity')).toEqual({ defaultCapacity: messages.defaultCapacity });
    expect(fieldLabel('capacity.SA.2')).toBe('South Australia, Tuesday');
    expect(fieldLabel('closedDates.all')).toBe('All regions');
    expect(fieldLabel('cutoff')).toBe('');
  });

  it('closes and opens weekdays, in order; closing all seven is the contract’s problem', () => {
    expect(withWeekday([0], 6, true)).toEqual([0, 6]);
    expect(withWeekday([0, 6], 0, false)).toEqual([6]);
    expect(withWeekday([0, 6], 6, true)).toEqual([0, 6]);
    const all = [1, 2, 3, 4, 5, 6].reduce((days, day) => withWeekday(days, day as 1, true), withWeekday([], 0, true));
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(messagesByField(availabilityProblems({ closedWeekdays: all })).closedWeekdays).toMatch(/at least one day stays open/);
  });

  it('adds a closed date once, in order, and removes it; a region left with none is left out', () => {
    let closed = draftOf(SETTINGS).closedDates;
    closed = withClosedDate(closed, 'WA', '2026-03-02');
    closed = withClosedDate(closed, 'WA', '2026-03-02');
    expect(closed.WA).toEqual(['2026-03-02', '2026-06-01']);
    expect(closed.all).toEqual(['2026-01-01', '2026-12-25']);
    closed = withoutClosedDate(withoutClosedDate(closed, 'WA', '2026-03-02'), 'WA', '2026-06-01');
    expect(settingsOf({ ...draftOf(SETTINGS), closedDates: closed }).closedDates).toEqual({ all: ['2026-01-01', '2026-12-25'] });
  });

  it('writes a closed date with its weekday', () => {
    expect(dayLabel('2026-12-25')).toBe('Fri 25/12/2026');
    expect(dayLabel('2027-01-03')).toBe('Sun 03/01/2027');
  });
});
