import type { AvailabilitySettings } from '@relining/contracts/availability';

/** One entry of the audit trail for a change of the availability settings (entity 'availability'). */
export interface AvailabilityAuditChange {
  /** What changed: a day ('2026-12-24'), a region ('VIC'), or a setting's name ('defaultCapacity', 'cutoff', 'closedWeekdays'). */
  entityId: string;
  action: 'capacity_changed' | 'close_day' | 'open_day' | 'update';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  details?: Record<string, unknown>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a save of the availability settings changed, one entry per thing staff think of: the default
 * capacity, a region's capacity, a day closed or opened (everywhere or in one region), the closed
 * weekdays, the notice cutoff. Saving the same settings again changes nothing (no entries).
 */
export function availabilityAuditChanges(before: AvailabilitySettings, after: AvailabilitySettings): AvailabilityAuditChange[] {
  const changes: AvailabilityAuditChange[] = [];
  if (before.defaultCapacity !== after.defaultCapacity) {
    changes.push({
      entityId: 'defaultCapacity',
      action: 'capacity_changed',
      before: { defaultCapacity: before.defaultCapacity },
      after: { defaultCapacity: after.defaultCapacity },
    });
  }
  const regions = [...new Set([...Object.keys(before.capacity), ...Object.keys(after.capacity)])].sort();
  for (const region of regions) {
    const old = (before.capacity as Record<string, unknown>)[region] ?? null;
    const now = (after.capacity as Record<string, unknown>)[region] ?? null;
    if (!same(old, now)) changes.push({ entityId: region, action: 'capacity_changed', before: { capacity: old }, after: { capacity: now } });
  }
  if (!same([...before.closedWeekdays].sort(), [...after.closedWeekdays].sort())) {
    changes.push({
      entityId: 'closedWeekdays',
      action: 'update',
      before: { closedWeekdays: before.closedWeekdays },
      after: { closedWeekdays: after.closedWeekdays },
    });
  }
  const scopes = [...new Set([...Object.keys(before.closedDates), ...Object.keys(after.closedDates)])].sort();
  for (const scope of scopes) {
    const old = new Set((before.closedDates as Record<string, string[] | undefined>)[scope] ?? []);
    const now = new Set((after.closedDates as Record<string, string[] | undefined>)[scope] ?? []);
    for (const day of [...now].filter((value) => !old.has(value)).sort()) {
      changes.push({ entityId: day, action: 'close_day', before: { closed: false }, after: { closed: true }, details: { region: scope } });
    }
    for (const day of [...old].filter((value) => !now.has(value)).sort()) {
      changes.push({ entityId: day, action: 'open_day', before: { closed: true }, after: { closed: false }, details: { region: scope } });
    }
  }
  if (before.cutoff !== after.cutoff)
    changes.push({ entityId: 'cutoff', action: 'update', before: { cutoff: before.cutoff }, after: { cutoff: after.cutoff } });
  return changes;
}
