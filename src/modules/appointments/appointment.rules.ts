import { TZDate } from '@date-fns/tz';
import { APPOINTMENT_MESSAGES, type AppointmentStatus } from '@relining/contracts/api/appointments';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { REGIONS, type Region } from '@relining/contracts/regions';
import { addDays, firstBookableDay, type AvailabilitySettings, type SlotTime } from './availability.rules.js';

/** The reminder goes the day before the visit at this time of the site's clock. */
export const REMINDER_HOUR = 16;

/**
 * When an appointment's reminder is due: the day before, 4:00 PM in the site's time zone. None when
 * that moment has passed when it is confirmed or moved (the confirmation itself is then the latest
 * word): answers null.
 */
export function reminderDueAt(region: Region, day: string, now: Date): Date | null {
  const [year, month, date] = addDays(day, -1).split('-').map(Number) as [number, number, number];
  const due = new Date(new TZDate(year, month - 1, date, REMINDER_HOUR, 0, 0, REGIONS[region].timeZone).getTime());
  return due.getTime() > now.getTime() ? due : null;
}

export function isSlotTime(value: unknown): value is SlotTime {
  return typeof value === 'string' && (TIME_SLOTS as readonly string[]).includes(value);
}

/**
 * Why the customer's link can no longer change the appointment (then the page says to call), or null
 * when it can: a cancelled one cannot; and the same notice as a booking applies to the visit being
 * moved from: nothing today, and after the cut-off not the next business day.
 */
export function customerChangeRefusal(
  appointment: { status: AppointmentStatus; region: Region; day: string },
  now: Date,
  settings: AvailabilitySettings,
  holidayOn: (region: Region, day: string) => string | undefined,
): string | null {
  if (appointment.status === 'cancelled') return APPOINTMENT_MESSAGES.alreadyCancelled;
  if (appointment.day < firstBookableDay(appointment.region, now, settings, holidayOn)) return APPOINTMENT_MESSAGES.tooLate;
  return null;
}

/** The customer's first name for a greeting ('Alex' from 'Alex Citizen'). */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** What the audit trail keeps of an appointment: when and where, who comes, and its state. */
export interface AppointmentAuditFields {
  status: AppointmentStatus;
  region: Region;
  date: string;
  time: string;
  technician: string | null;
  overbooked: boolean;
  cancelReason: string | null;
}

export function appointmentAuditFields(row: {
  status: AppointmentStatus;
  region: Region;
  day: string;
  slot: string;
  technician: string | null;
  overbooked: boolean;
  cancelReason: string | null;
}): AppointmentAuditFields {
  return {
    status: row.status,
    region: row.region,
    date: row.day,
    time: row.slot,
    technician: row.technician,
    overbooked: row.overbooked,
    cancelReason: row.cancelReason,
  };
}

export type AppointmentAuditAction = 'confirm' | 'reschedule' | 'cancel' | 'update';

/**
 * The action an appointment's change is audited as, from its fields before (null: it is new) and
 * after; null when nothing changed (the same slot again writes no entry). A cancelled appointment
 * confirmed again is a confirmation; a new day or time is a reschedule; a new technician alone, an update.
 */
export function appointmentAuditAction(before: AppointmentAuditFields | null, after: AppointmentAuditFields): AppointmentAuditAction | null {
  if (before === null) return after.status === 'cancelled' ? 'cancel' : 'confirm';
  if (after.status === 'cancelled') return before.status === 'cancelled' ? null : 'cancel';
  if (before.status === 'cancelled') return 'confirm';
  if (before.region !== after.region || before.date !== after.date || before.time !== after.time) return 'reschedule';
  if (before.technician !== after.technician || before.overbooked !== after.overbooked) return 'update';
  return null;
}
