import { APPOINTMENT_MESSAGES, type ManagedAppointment } from '@relining/contracts/api/appointments';
import { BOOKING_MESSAGES } from '@relining/contracts/booking-rules';
import { isSlotRefusal, nextSlotsOf, type Refusal } from '../booking/refusal';

/**
 * The customer's booking link (issue 16: /booking/{token}, from every appointment confirmation): what
 * the page asks the API and what it makes of the answers. Pure: AppointmentPage.tsx fetches and renders.
 */

/** GET /api/booking/:token (the appointment), and the base of its move, cancel and availability paths. */
export function bookingApiPath(token: string): string {
  return `/booking/${encodeURIComponent(token)}`;
}

/** GET /api/booking/:token/availability: the appointment's region's free times, `days` days from `from`. */
export function bookingAvailabilityPath(token: string, from: string, days: number): string {
  return `${bookingApiPath(token)}/availability?from=${encodeURIComponent(from)}&days=${days}`;
}

/** 'Hi Sam,' or, with no first name on the booking, 'Hello,'. */
export function greetingOf(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

/** Where the visit is: the street address and the suburb, the suburb once ('12 Bay St, Toowong QLD 4066'). */
export function placeOf({ address, suburb }: Pick<ManagedAppointment, 'address' | 'suburb'>): string {
  const street = address.trim();
  const area = suburb.trim();
  if (!area || street.toLowerCase().includes(area.toLowerCase())) return street;
  return street ? `${street}, ${area}` : area;
}

/** Why the appointment can no longer be changed online (the page adds the phone number). */
export function closedMessageOf(appointment: Pick<ManagedAppointment, 'status'>): string {
  return appointment.status === 'cancelled' ? APPOINTMENT_MESSAGES.alreadyCancelled : APPOINTMENT_MESSAGES.tooLate;
}

export type SlotErrors = { preferred_date?: string; preferred_time?: string };

/** What is wrong with a new time before it is sent: none chosen, or the appointment's own time. */
export function moveProblems(choice: { date: string; time: string }, appointment: Pick<ManagedAppointment, 'date' | 'time'>): SlotErrors {
  if (!choice.date) return { preferred_date: BOOKING_MESSAGES.dateRequired };
  if (!choice.time) return { preferred_time: BOOKING_MESSAGES.timeRequired };
  if (choice.date === appointment.date && choice.time === appointment.time) return { preferred_time: APPOINTMENT_MESSAGES.sameTime };
  return {};
}

/** The cancellation's reason as the server checks it: required. */
export function cancelReasonProblem(reason: string): string | undefined {
  return reason.trim() ? undefined : APPOINTMENT_MESSAGES.reasonRequired;
}

type FieldErrors = { errors?: unknown } | null | undefined;

/** The API's field errors (`errors: [{field, message}]`) of a failure, the well-formed ones. */
function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  const errors = (error as FieldErrors)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is { field: string; message: string } =>
      typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/** The request's `date` and `time` are the picker's `preferred_date` and `preferred_time`. */
const PICKER_FIELD: Readonly<Record<string, keyof SlotErrors>> = {
  date: 'preferred_date',
  preferred_date: 'preferred_date',
  time: 'preferred_time',
  preferred_time: 'preferred_time',
};

/**
 * A move refused because the new time was just taken (409 SLOT_TAKEN) or cannot be booked (400
 * SLOT_CLOSED): its message, at the field it names (the time unless the date), and the next free slots.
 */
export function moveRefusalOf(error: unknown): Refusal | undefined {
  if (!isSlotRefusal(error)) return undefined;
  const field = fieldErrorsOf(error).some((item) => PICKER_FIELD[item.field] === 'preferred_date') ? 'preferred_date' : 'preferred_time';
  return { field, message: error.message, nextSlots: nextSlotsOf(error) };
}

/** The server's other objections to the new date or time (a validation failure), at the picker's fields. */
export function moveFieldErrorsOf(error: unknown): SlotErrors {
  const found: SlotErrors = {};
  for (const item of fieldErrorsOf(error)) {
    const field = Object.hasOwn(PICKER_FIELD, item.field) ? PICKER_FIELD[item.field] : undefined;
    if (field) found[field] ??= item.message;
  }
  return found;
}

/** The server's word on the reason of a cancellation (400: 'Please tell us why you are cancelling'). */
export function reasonErrorOf(error: unknown): string | undefined {
  return fieldErrorsOf(error).find((item) => item.field === 'reason')?.message;
}

/**
 * 409 NOT_CHANGEABLE: the appointment can no longer be changed online (too late, or already
 * cancelled): the server's message, to show instead of the forms.
 */
export function notChangeableMessageOf(error: unknown): string | undefined {
  const failure = error as { code?: unknown; message?: unknown } | null | undefined;
  if (failure?.code !== 'NOT_CHANGEABLE') return undefined;
  return typeof failure.message === 'string' && failure.message ? failure.message : APPOINTMENT_MESSAGES.tooLate;
}
