import { describe, expect, it } from '@jest/globals';
import { APPOINTMENT_MESSAGES } from '@relining/contracts/api/appointments';
import { DEFAULT_AVAILABILITY } from '@relining/contracts/availability';
import type { Region } from '@relining/contracts/regions';
import { appointmentAuditAction, customerChangeRefusal, firstNameOf, reminderDueAt, type AppointmentAuditFields } from './appointment.rules.js';

const noHolidays = () => undefined;

describe('reminderDueAt: the day before at 4:00 PM in the site time zone', () => {
  it.each<[Region, string, string]>([
    // Perth (AWST, UTC+8, no daylight saving): 4 PM is 08:00 UTC.
    ['WA', '2026-12-02', '2026-12-01T08:00:00.000Z'],
    // Sydney in summer (AEDT, UTC+11): 4 PM is 05:00 UTC.
    ['NSW', '2026-12-02', '2026-12-01T05:00:00.000Z'],
    // Brisbane keeps AEST (UTC+10) all year.
    ['QLD', '2026-12-02', '2026-12-01T06:00:00.000Z'],
    // Adelaide in summer (ACDT, UTC+10:30).
    ['SA', '2026-12-02', '2026-12-01T05:30:00.000Z'],
    // Darwin (ACST, UTC+9:30, no daylight saving).
    ['NT', '2026-12-02', '2026-12-01T06:30:00.000Z'],
    // Melbourne in winter (AEST, UTC+10).
    ['VIC', '2027-07-02', '2027-07-01T06:00:00.000Z'],
    // The visit is the Monday after daylight saving ends (Sunday 4 April 2027, 3 AM AEDT → 2 AM AEST):
    // the reminder on the Sunday at 4 PM is already AEST.
    ['NSW', '2027-04-05', '2027-04-04T06:00:00.000Z'],
    // The visit is the Monday after daylight saving starts (Sunday 3 October 2027): 4 PM AEDT on the Sunday.
    ['TAS', '2027-10-04', '2027-10-03T05:00:00.000Z'],
  ])('%s visit on %s → reminder at %s', (region, day, expected) => {
    expect(reminderDueAt(region, day, new Date('2026-11-26T00:00:00Z'))?.toISOString()).toBe(expected);
  });

  it('is none when the moment has passed (confirmed the evening before)', () => {
    expect(reminderDueAt('WA', '2026-12-02', new Date('2026-12-01T08:00:00Z'))).toBeNull();
    expect(reminderDueAt('WA', '2026-12-02', new Date('2026-12-01T07:59:59Z'))?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });
});

describe('customerChangeRefusal', () => {
  // Thursday 26 November 2026, 10:00 AM AWST (02:00 UTC) and 3:00 PM AWST (07:00 UTC).
  const morning = new Date('2026-11-26T02:00:00Z');
  const afternoon = new Date('2026-11-26T07:00:00Z');
  it.each<[string, 'confirmed' | 'cancelled', string, Date, string | null]>([
    ['a cancelled appointment', 'cancelled', '2026-12-10', morning, APPOINTMENT_MESSAGES.alreadyCancelled],
    ['a visit today', 'confirmed', '2026-11-26', morning, APPOINTMENT_MESSAGES.tooLate],
    ['a visit tomorrow, asked before the 2 PM cut-off', 'confirmed', '2026-11-27', morning, null],
    ['a visit tomorrow, asked after the cut-off', 'confirmed', '2026-11-27', afternoon, APPOINTMENT_MESSAGES.tooLate],
    ['a visit on Saturday, asked Thursday after the cut-off', 'confirmed', '2026-11-28', afternoon, null],
    ['a visit next month', 'confirmed', '2026-12-15', afternoon, null],
  ])('%s', (_name, status, day, now, expected) => {
    expect(customerChangeRefusal({ status, region: 'WA', day }, now, DEFAULT_AVAILABILITY, noHolidays)).toBe(expected);
  });
});

describe('firstNameOf', () => {
  it.each([
    ['Alex Citizen', 'Alex'],
    ['  Jo  ', 'Jo'],
    ['Mary Anne Smith', 'Mary'],
  ])('%s → %s', (name, expected) => expect(firstNameOf(name)).toBe(expected));
});

describe('appointmentAuditAction: what an appointment change is audited as', () => {
  const at: AppointmentAuditFields = {
    status: 'confirmed',
    region: 'VIC',
    date: '2026-12-02',
    time: '09:00',
    technician: null,
    overbooked: false,
    cancelReason: null,
  };
  it.each<[string, AppointmentAuditFields | null, AppointmentAuditFields, string | null]>([
    ['a new appointment', null, at, 'confirm'],
    ['the same slot again', at, { ...at }, null],
    ['another day', at, { ...at, date: '2026-12-03' }, 'reschedule'],
    ['another time', at, { ...at, time: '11:00' }, 'reschedule'],
    ['a technician named', at, { ...at, technician: 'Sam' }, 'update'],
    ['cancelled', at, { ...at, status: 'cancelled', cancelReason: 'Away' }, 'cancel'],
    ['cancelled again', { ...at, status: 'cancelled' }, { ...at, status: 'cancelled' }, null],
    ['a cancelled one confirmed anew', { ...at, status: 'cancelled' }, { ...at, date: '2026-12-09' }, 'confirm'],
  ])('%s', (_name, before, after, expected) => {
    expect(appointmentAuditAction(before, after)).toBe(expected);
  });
});
