import { describe, expect, it } from '@jest/globals';
import { APPOINTMENT_MESSAGES, type AppointmentRecord } from '@relining/contracts/api/appointments';
import { ApiError } from '@relining/contracts/client/http';
import { cancelledByText, currentAppointment, slotFull } from './appointmentFormat';

const record = (id: string, status: AppointmentRecord['status'], updatedAt: string) => ({ id, status, updatedAt }) as AppointmentRecord;

describe("a booking's appointment", () => {
  it('is the confirmed one, else the one changed last', () => {
    expect(currentAppointment(undefined)).toBeUndefined();
    expect(currentAppointment([])).toBeUndefined();
    const cancelledLater = record('a', 'cancelled', '2026-12-02T00:00:00Z');
    const confirmed = record('b', 'confirmed', '2026-12-01T00:00:00Z');
    expect(currentAppointment([cancelledLater, confirmed])?.id).toBe('b');
    expect(currentAppointment([record('c', 'cancelled', '2026-11-01T00:00:00Z'), cancelledLater])?.id).toBe('a');
  });

  it('says who cancelled', () => {
    expect(cancelledByText({ cancelledBy: 'customer' })).toBe('by the customer');
    expect(cancelledByText({ cancelledBy: 'staff' })).toBe('by staff');
    expect(cancelledByText({ cancelledBy: null })).toBe('');
  });
});

describe('a full slot', () => {
  const body = {
    statusCode: 409,
    code: 'SLOT_FULL',
    message: APPOINTMENT_MESSAGES.slotFull,
    nextSlots: [
      { date: '2026-12-01', time: '10:00 AM', label: 'Tuesday 1 December, 10:00 AM AWST' },
      { date: '2026-12-01', time: '10:30 AM', label: 'not a slot' },
    ],
  };

  it('is recognised by its code, with the free times offered (slots only)', () => {
    const full = slotFull(new ApiError(409, 'SLOT_FULL', body.message, [], body));
    expect(full).toEqual({ message: APPOINTMENT_MESSAGES.slotFull, nextSlots: [body.nextSlots[0]] });
    expect(slotFull(new ApiError(409, 'SLOT_FULL', body.message))).toEqual({ message: body.message, nextSlots: [] });
  });

  it('is no other failure', () => {
    expect(slotFull(new ApiError(400, 'SLOT_CLOSED', 'That day is closed.'))).toBeNull();
    expect(slotFull(new ApiError(409, 'SLOT_TAKEN', 'Taken'))).toBeNull();
    expect(slotFull(new Error('SLOT_FULL'))).toBeNull();
  });
});
