import type { AppointmentRecord, AppointmentStatus } from '@relining/contracts/api/appointments';
import type { ApiErrorBody } from '@relining/contracts/api/errors';
import { ApiError } from '@relining/contracts/client/http';
import { isSlotTime, type SlotTime } from './appointmentTime';

export const APPOINTMENT_STATUS_COLOURS: Record<AppointmentStatus, 'success' | 'default'> = { confirmed: 'success', cancelled: 'default' };

/**
 * The appointment a booking's page shows among those made for it (GET /api/admin/appointments?filter=
 * {"bookingId":…}): the confirmed one, else the one changed last (a cancelled visit, kept with its reason).
 */
export function currentAppointment(records: readonly AppointmentRecord[] | undefined): AppointmentRecord | undefined {
  if (!records || records.length === 0) return undefined;
  const latest = (list: readonly AppointmentRecord[]) => list.reduce((best, record) => (record.updatedAt > best.updatedAt ? record : best));
  const confirmed = records.filter((record) => record.status === 'confirmed');
  return latest(confirmed.length > 0 ? confirmed : records);
}

/** 'by the customer' / 'by staff' for a cancellation. */
export function cancelledByText(record: Pick<AppointmentRecord, 'cancelledBy'>): string {
  return record.cancelledBy === 'customer' ? 'by the customer' : record.cancelledBy === 'staff' ? 'by staff' : '';
}

/** A free time the server offers with a refusal (409 SLOT_FULL's `nextSlots`). */
export interface FreeSlot {
  date: string;
  time: SlotTime;
  label: string;
}

/**
 * A full slot (409 SLOT_FULL): the server's message and the next free times it offers; null for any
 * other failure. Staff may still take the slot, but only on a second, deliberate request (overbook).
 */
export function slotFull(error: unknown): { message: string; nextSlots: FreeSlot[] } | null {
  if (!(error instanceof ApiError) || error.code !== 'SLOT_FULL') return null;
  const offered = (error.body as Partial<ApiErrorBody> | undefined)?.nextSlots;
  const nextSlots = (Array.isArray(offered) ? offered : []).filter(
    (slot): slot is FreeSlot => typeof slot?.date === 'string' && isSlotTime(slot.time) && typeof slot.label === 'string',
  );
  return { message: error.message, nextSlots };
}
