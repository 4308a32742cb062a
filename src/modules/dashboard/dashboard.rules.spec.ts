import { addDays, groupByRegion, weekEndOf } from './dashboard.rules.js';

describe('weekEndOf: weeks run Monday to Sunday', () => {
  it.each([
    ['2026-11-23', 'Monday', '2026-11-29', '2026-11-30'],
    ['2026-11-26', 'Thursday', '2026-11-29', '2026-11-30'],
    ['2026-11-28', 'Saturday', '2026-11-29', '2026-11-30'],
    ['2026-11-29', 'Sunday (the last day of its week)', '2026-11-29', '2026-11-30'],
    ['2026-12-30', 'Wednesday across the year end', '2027-01-03', '2027-01-04'],
    ['2028-02-27', 'Sunday before a leap day', '2028-02-27', '2028-02-28'],
  ])('%s (%s) ends on %s, and the next week starts %s', (day, _name, sunday, nextMonday) => {
    expect(weekEndOf(day)).toEqual({ sunday, nextMonday });
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i = %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('groupByRegion', () => {
  const at = (id: string, region: 'NSW' | 'VIC' | 'WA') => ({ id, region, startsAt: `2026-11-26T0${id}:00:00.000Z`, customer: `C${id}`, suburb: 'S' });

  it("groups in the regions' order, keeping each region's order, and leaves out regions with none", () => {
    expect(groupByRegion([at('1', 'WA'), at('2', 'VIC'), at('3', 'NSW'), at('4', 'VIC')])).toEqual([
      { region: 'NSW', count: 1, items: [{ id: '3', startsAt: '2026-11-26T03:00:00.000Z', customer: 'C3', suburb: 'S' }] },
      {
        region: 'VIC',
        count: 2,
        items: [
          { id: '2', startsAt: '2026-11-26T02:00:00.000Z', customer: 'C2', suburb: 'S' },
          { id: '4', startsAt: '2026-11-26T04:00:00.000Z', customer: 'C4', suburb: 'S' },
        ],
      },
      { region: 'WA', count: 1, items: [{ id: '1', startsAt: '2026-11-26T01:00:00.000Z', customer: 'C1', suburb: 'S' }] },
    ]);
    expect(groupByRegion([])).toEqual([]);
  });
});
