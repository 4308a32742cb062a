import { describe, expect, it } from '@jest/globals';
import { DEFAULT_AVAILABILITY, type AvailabilitySettings } from '@relining/contracts/availability';
import { availabilityAuditChanges, type AvailabilityAuditChange } from './availability-audit.rules.js';

const base: AvailabilitySettings = { ...DEFAULT_AVAILABILITY, capacity: { VIC: { 1: 3 } }, closedDates: { all: ['2026-12-25'] } };

describe('availabilityAuditChanges: one audit entry per thing staff changed', () => {
  it.each<[string, Partial<AvailabilitySettings>, Array<Pick<AvailabilityAuditChange, 'entityId' | 'action'>>]>([
    ['nothing', {}, []],
    ['the same values again', { capacity: { VIC: { 1: 3 } }, closedDates: { all: ['2026-12-25'] } }, []],
    ['the default capacity', { defaultCapacity: 4 }, [{ entityId: 'defaultCapacity', action: 'capacity_changed' }]],
    ["a region's capacity", { capacity: { VIC: { 1: 3 }, WA: { 2: 1 } } }, [{ entityId: 'WA', action: 'capacity_changed' }]],
    ["a region's capacity removed", { capacity: {} }, [{ entityId: 'VIC', action: 'capacity_changed' }]],
    ['a day closed in one region', { closedDates: { all: ['2026-12-25'], NSW: ['2026-12-24'] } }, [{ entityId: '2026-12-24', action: 'close_day' }]],
    ['a day opened again', { closedDates: {} }, [{ entityId: '2026-12-25', action: 'open_day' }]],
    ['closed weekdays', { closedWeekdays: [0, 6] }, [{ entityId: 'closedWeekdays', action: 'update' }]],
    ['the cutoff', { cutoff: '12:00' }, [{ entityId: 'cutoff', action: 'update' }]],
  ])('%s', (_name, changes, expected) => {
    const sut = availabilityAuditChanges(base, { ...base, ...changes });
    expect(sut.map(({ entityId, action }) => ({ entityId, action }))).toEqual(expected);
  });

  it("keeps the day's region in the details and both values", () => {
    const [sut] = availabilityAuditChanges(base, { ...base, closedDates: { all: ['2026-12-25'], NSW: ['2026-12-24'] } });
    expect(sut).toEqual({ entityId: '2026-12-24', action: 'close_day', before: { closed: false }, after: { closed: true }, details: { region: 'NSW' } });
  });
});
