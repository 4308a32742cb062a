import { describe, expect, it } from '@jest/globals';
import { APPOINTMENT_MESSAGES, type ManagedAppointment } from '@relining/contracts/api/appointments';
import { BOOKING_MESSAGES } from '@relining/contracts/booking-rules';
import { ApiError } from '@relining/contracts/client/http';
import {
  bookingApiPath,
  bookingAvailabilityPath,
  cancelReasonProblem,
  closedMessageOf,
  greetingOf,
  moveFieldErrorsOf,
  moveProblems,
  moveRefusalOf,
  notChangeableMessageOf,
  placeOf,
  reasonErrorOf,
} from './appointment';

const APPOINTMENT: ManagedAppointment = {
  status: 'confirmed',
  region: 'WA',
  timeZone: 'Australia/Perth',
  date: '2026-12-01',
  time: '9:00 AM',
  startsAt: '2026-12-01T01:00:00.000Z',
  label: 'Tuesday 1 December, 9:00 AM AWST',
  firstName: 'Sam',
  address: '12 Bay St',
  suburb: 'Cottesloe WA 6011',
  canChange: true,
  cancelReason: null,
};

const NEXT_SLOTS = [
  { date: '2026-12-02', time: '10:00 AM', label: 'Wednesday 2 December, 10:00 AM AWST' },
  { date: '2026-12-03', time: '8:00 AM', label: 'Thursday 3 December, 8:00 AM AWST' },
];

/** An API failure as the client throws it: the status, code, message, field errors and whole body. */
const failure = (status: number, code: string, message: string, extra: { errors?: Array<{ field: string; message: string }>; nextSlots?: unknown } = {}) =>
  new ApiError(status, code, message, extra.errors ?? [], { statusCode: status, code, message, correlationId: 'c', ...extra });

describe('the booking link API paths', () => {
  it('puts the token in the path, encoded', () => {
    expect(bookingApiPath('Zq3-x_9K')).toBe('/booking/Zq3-x_9K');
    expect(bookingApiPath('a/b?c')).toBe('/booking/a%2Fb%3Fc');
  });

  it("asks for the free times from today in the appointment's region, for so many days", () => {
    expect(bookingAvailabilityPath('Zq3-x_9K', '2026-11-30', 14)).toBe('/booking/Zq3-x_9K/availability?from=2026-11-30&days=14');
  });
});

describe('the appointment as the page shows it', () => {
  it.each([
    ['Sam', 'Hi Sam,'],
    ['  Sam ', 'Hi Sam,'],
    ['', 'Hello,'],
    ['   ', 'Hello,'],
  ])('greets %j with %j', (firstName, greeting) => {
    expect(greetingOf(firstName)).toBe(greeting);
  });

  it.each([
    ['12 Bay St', 'Cottesloe WA 6011', '12 Bay St, Cottesloe WA 6011'],
    ['12 Bay St, Cottesloe WA 6011', 'Cottesloe WA 6011', '12 Bay St, Cottesloe WA 6011'],
    ['12 Bay St, cottesloe wa 6011', 'Cottesloe WA 6011', '12 Bay St, cottesloe wa 6011'],
    ['12 Bay St', '', '12 Bay St'],
    ['', 'Cottesloe WA 6011', 'Cottesloe WA 6011'],
  ])('writes %j in %j as %j (the suburb once)', (address, suburb, place) => {
    expect(placeOf({ address, suburb })).toBe(place);
  });

  it('says why it can no longer be changed online: cancelled already, or too late', () => {
    expect(closedMessageOf({ status: 'cancelled' })).toBe(APPOINTMENT_MESSAGES.alreadyCancelled);
    expect(closedMessageOf({ status: 'confirmed' })).toBe(APPOINTMENT_MESSAGES.tooLate);
  });
});

describe('a new time, before it is sent', () => {
  it.each([
    [{ date: '', time: '' }, { preferred_date: BOOKING_MESSAGES.dateRequired }],
    [{ date: '', time: '10:00 AM' }, { preferred_date: BOOKING_MESSAGES.dateRequired }],
    [{ date: '2026-12-02', time: '' }, { preferred_time: BOOKING_MESSAGES.timeRequired }],
    [{ date: '2026-12-01', time: '9:00 AM' }, { preferred_time: APPOINTMENT_MESSAGES.sameTime }],
    [{ date: '2026-12-01', time: '10:00 AM' }, {}],
    [{ date: '2026-12-02', time: '9:00 AM' }, {}],
  ])('%j: %j', (choice, problems) => {
    expect(moveProblems(choice, APPOINTMENT)).toEqual(problems);
  });
});

describe("the server's answer to a move", () => {
  it('is a refusal with the next free slots when the time was just taken (409 SLOT_TAKEN), at the time', () => {
    const taken = failure(409, 'SLOT_TAKEN', 'Sorry, that time has just been taken. Please choose another time.', { nextSlots: NEXT_SLOTS });
    expect(moveRefusalOf(taken)).toEqual({
      field: 'preferred_time',
      message: 'Sorry, that time has just been taken. Please choose another time.',
      nextSlots: NEXT_SLOTS,
    });
  });

  it('is a refusal at the date when a closed day is named (400 SLOT_CLOSED), whichever name the field has', () => {
    for (const field of ['date', 'preferred_date']) {
      const closed = failure(400, 'SLOT_CLOSED', 'That time cannot be booked.', { errors: [{ field, message: 'That time cannot be booked.' }] });
      expect(moveRefusalOf(closed)).toEqual({ field: 'preferred_date', message: 'That time cannot be booked.', nextSlots: [] });
    }
  });

  it('is no refusal otherwise', () => {
    expect(moveRefusalOf(failure(409, 'NOT_CHANGEABLE', APPOINTMENT_MESSAGES.tooLate))).toBeUndefined();
    expect(moveRefusalOf(failure(429, 'RATE_LIMITED', 'Too many requests.'))).toBeUndefined();
    expect(moveRefusalOf(new ApiError(0, 'NETWORK', 'offline'))).toBeUndefined();
    expect(moveRefusalOf(undefined)).toBeUndefined();
  });

  it("puts the server's field errors at the picker's fields, the first of each", () => {
    const invalid = failure(400, 'VALIDATION_FAILED', 'bad', {
      errors: [
        { field: 'date', message: 'date must be a date such as 2026-12-01' },
        { field: 'date', message: 'second' },
        { field: 'time', message: 'time must be one of the slots' },
        { field: 'notify', message: 'ignored' },
        { field: 'constructor', message: 'ignored' },
      ],
    });
    expect(moveFieldErrorsOf(invalid)).toEqual({ preferred_date: 'date must be a date such as 2026-12-01', preferred_time: 'time must be one of the slots' });
    expect(moveFieldErrorsOf(failure(429, 'RATE_LIMITED', 'Too many requests.'))).toEqual({});
    expect(moveFieldErrorsOf(new Error('boom'))).toEqual({});
  });
});

describe("the server's answer to a cancellation", () => {
  it.each([
    ['', APPOINTMENT_MESSAGES.reasonRequired],
    ['  \n ', APPOINTMENT_MESSAGES.reasonRequired],
    ['Fixed it myself', undefined],
  ])('checks the reason %j as the server does', (reason, problem) => {
    expect(cancelReasonProblem(reason)).toBe(problem);
  });

  it("reads the server's word on the reason (400 with errors [{field: 'reason'}])", () => {
    const refused = failure(400, 'VALIDATION_FAILED', APPOINTMENT_MESSAGES.reasonRequired, {
      errors: [{ field: 'reason', message: APPOINTMENT_MESSAGES.reasonRequired }],
    });
    expect(reasonErrorOf(refused)).toBe(APPOINTMENT_MESSAGES.reasonRequired);
    expect(reasonErrorOf(failure(400, 'VALIDATION_FAILED', 'bad', { errors: [{ field: 'other', message: 'x' }] }))).toBeUndefined();
    expect(reasonErrorOf(null)).toBeUndefined();
  });
});

describe('an appointment that can no longer be changed (409 NOT_CHANGEABLE)', () => {
  it("gives the server's message: too late, or already cancelled", () => {
    expect(notChangeableMessageOf(failure(409, 'NOT_CHANGEABLE', APPOINTMENT_MESSAGES.tooLate))).toBe(APPOINTMENT_MESSAGES.tooLate);
    expect(notChangeableMessageOf(failure(409, 'NOT_CHANGEABLE', APPOINTMENT_MESSAGES.alreadyCancelled))).toBe(APPOINTMENT_MESSAGES.alreadyCancelled);
  });

  it('says it is too late when the server gave no message', () => {
    expect(notChangeableMessageOf({ code: 'NOT_CHANGEABLE', message: '' })).toBe(APPOINTMENT_MESSAGES.tooLate);
  });

  it('is not any other failure', () => {
    expect(notChangeableMessageOf(failure(409, 'SLOT_TAKEN', 'taken'))).toBeUndefined();
    expect(notChangeableMessageOf(failure(404, 'NOT_FOUND', APPOINTMENT_MESSAGES.linkUnknown))).toBeUndefined();
    expect(notChangeableMessageOf(undefined)).toBeUndefined();
  });
});
