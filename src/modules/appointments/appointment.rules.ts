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
