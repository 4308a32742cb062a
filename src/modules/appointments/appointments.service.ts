import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { APPOINTMENT_MESSAGES } from '@relining/contracts/api/appointments';
import { dateFormat, slotTimeLabel } from '@relining/contracts/date-format';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { REGIONS, isRegion, type Region } from '@relining/contracts/regions';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { BookingCreated, BookingStatusChanged } from '../bookings/booking.events.js';
import { SettingsService } from '../settings/settings.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { AppointmentRow } from './appointment.entity.js';
import { appointmentAuditAction, appointmentAuditFields } from './appointment.rules.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { addDays, availability, capacityOf, closedReason, firstBookableDay, localClock, slotStart, type SlotTime } from './availability.rules.js';
import { holidayOn } from './public-holidays.js';

export const SLOT_TAKEN_MESSAGE = 'Sorry, that time has just been taken. Please choose another time.';
export const SLOT_CLOSED_MESSAGE = 'That time cannot be booked. Please choose one of the free times.';
export const REGION_NEEDED_MESSAGE = 'Please choose your suburb from the list, so we can show the times we can come';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A slot as people read it: 'Tuesday 1 December, 9:00 AM AEDT' (the site's time zone, labelled), with
 * formats made once (`dateFormat`): building one costs far more than formatting with it.
 */
export function slotLabel(region: Region, day: string, time: SlotTime): string {
  const date = dateFormat('en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day}T12:00:00Z`));
  return `${date}, ${slotTimeLabel(REGIONS[region].timeZone, day, time)}`;
}

/**
 * Real availability and the booked places of each slot (issue 16). A booking takes its place in its
 * own transaction (BookingCreated): when the slot is full it fails with 409 SLOT_TAKEN and nothing is
 * stored; a cancelled booking frees its place.
 */
@Injectable()
export class AppointmentsService implements OnModuleInit {
  constructor(
    private readonly repository: AppointmentsRepository,
    private readonly settings: SettingsService,
    private readonly localities: LocalitiesRepository,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
  ) {}

  /**
   * Records an appointment's change in the audit trail, in the change's transaction (by staff, the
   * customer through their link, or the system, whoever is acting): confirmed, moved, cancelled,
   * its technician changed. Nothing when nothing changed.
   */
  async recordChange(manager: EntityManager, before: AppointmentRow | null, after: AppointmentRow): Promise<void> {
    const previous = before ? appointmentAuditFields(before) : null;
    const next = appointmentAuditFields(after);
    const action = appointmentAuditAction(previous, next);
    if (action === null) return;
    await this.audit.record(manager, {
      entity: 'appointment',
      entityId: after.id,
      action,
      before: previous as Record<string, unknown> | null,
      after: next as unknown as Record<string, unknown>,
      details: { bookingId: after.bookingId },
    });
  }

  onModuleInit(): void {
    this.events.on(BookingCreated, (event, manager) => this.takeSlot(event.booking, manager));
    this.events.on(BookingStatusChanged, async (event, manager) => {
      if (event.status === 'cancelled') await this.repository.release(manager, event.bookingId);
    });
  }

  /** GET /api/availability: a region's open days and free slots from `from` (default: today there), never counts. */
  async forSuburb(query: { suburb?: unknown; from?: unknown; days?: unknown }, now: Date = new Date()): Promise<AvailabilityAnswer> {
    const suburb = typeof query.suburb === 'string' ? query.suburb.trim() : '';
    if (!suburb) throw DomainError.validation([{ field: 'suburb', message: 'Please choose a suburb first' }]);
    const place = await this.localities.place(suburb);
    if (!isRegion(place.state)) throw DomainError.validation([{ field: 'suburb', message: REGION_NEEDED_MESSAGE }]);
    return this.forRegion(place.state, query, now);
  }

  /** A region's days from `from` (the customer's booking link asks for its appointment's region). */
  async forRegion(region: Region, query: { from?: unknown; days?: unknown }, now: Date = new Date()): Promise<AvailabilityAnswer> {
    const { from, days } = this.range(region, query, now);
    return { region, timeZone: REGIONS[region].timeZone, days: await this.daysOf(region, from, days, now) };
  }

  private range(region: Region, query: { from?: unknown; days?: unknown }, now: Date): { from: string; days: number } {
    const days = query.days === undefined ? 14 : Number(query.days);
    if (!Number.isInteger(days) || days < 1 || days > AVAILABILITY_DAYS_MAX) {
      throw DomainError.validation([{ field: 'days', message: `days must be a whole number from 1 to ${AVAILABILITY_DAYS_MAX}` }]);
    }
    const from = query.from === undefined ? localClock(region, now).day : String(query.from);
    if (!DAY.test(from) || new Date(`${from}T12:00:00Z`).toISOString().slice(0, 10) !== from) {
      throw DomainError.validation([{ field: 'from', message: 'from must be a date such as 2026-12-01' }]);
    }
    return { from, days };
  }

  /**
   * Holds a booking's place at a region's day and time, in the caller's transaction, for an appointment
   * staff confirm or move (`staff`) or the customer moves (`customer`). The booking's current place is
   * kept when it is the same slot, otherwise released and the new one taken:
   * - a closed day or public holiday: 400 SLOT_CLOSED (for the customer also within the minimum notice);
   * - a full slot: for the customer 409 SLOT_TAKEN with the next free slots; for staff 409 SLOT_FULL
   *   unless they overbook on purpose (`overbook`), which takes an extra place.
   * Answers whether the place is an overbooked one.
   */
  async holdPlace(
    manager: EntityManager,
    request: { bookingId: string; region: Region; day: string; time: SlotTime; now: Date; by: 'staff' | 'customer'; overbook?: boolean; overbooked?: boolean },
  ): Promise<{ overbooked: boolean }> {
    const { region, day, time, now } = request;
    const settings = await this.settings.availabilitySettings(manager);
    const start = slotStart(region, day, time);
    const closed = closedReason(region, day, settings, holidayOn);
    const tooSoon = request.by === 'customer' ? day < firstBookableDay(region, now, settings, holidayOn) : start.getTime() <= now.getTime();
    if (closed !== null || tooSoon) {
      const message =
        request.by === 'staff'
          ? closed === 'public_holiday'
            ? `${holidayOn(region, day) ?? 'A public holiday'} is a public holiday in ${region}. Please choose another day.`
            : closed !== null
              ? 'That day is closed for bookings. Please choose another day, or open it in the availability settings.'
              : 'That time has already passed. Please choose a time still ahead.'
          : SLOT_CLOSED_MESSAGE;
      const details = request.by === 'customer' ? { nextSlots: await this.nextFree(region, now, 5, manager) } : undefined;
      throw new DomainError('SLOT_CLOSED', message, HttpStatus.BAD_REQUEST, [{ field: 'date', message }], undefined, details);
    }
    const current = await this.repository.placeOf(manager, request.bookingId);
    if (current && current.region === region && current.day === day && current.slot === time) return { overbooked: request.overbooked ?? false };
    if (current) await this.repository.release(manager, request.bookingId);
    const capacity = capacityOf(region, day, settings);
    const place = await this.repository.reserve(manager, { bookingId: request.bookingId, region, day, time, startsAt: start, capacity });
    if (place !== null) return { overbooked: false };
    if (request.by === 'customer') {
      throw new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, HttpStatus.CONFLICT, undefined, undefined, {
        nextSlots: await this.nextFree(region, now, 5, manager),
      });
    }
    if (!request.overbook)
      throw new DomainError('SLOT_FULL', APPOINTMENT_MESSAGES.slotFull, HttpStatus.CONFLICT, [{ field: 'time', message: APPOINTMENT_MESSAGES.slotFull }]);
    await this.repository.reserve(manager, { bookingId: request.bookingId, region, day, time, startsAt: start, capacity, overbook: true });
    return { overbooked: true };
  }

  private async daysOf(region: Region, from: string, days: number, now: Date, manager?: EntityManager): Promise<AvailabilityAnswer['days']> {
    const settings = await this.settings.availabilitySettings(manager);
    const taken = await this.repository.takenBetween(region, from, addDays(from, days - 1), manager);
    return availability({ region, from, days, now, settings, holidayOn, taken });
  }

  /** The next free slots of a region (for a refusal to offer), as people read them. */
  async nextFree(region: Region, now: Date, count = 5, manager?: EntityManager): Promise<Array<{ date: string; time: string; label: string }>> {
    const settings = await this.settings.availabilitySettings(manager);
    const from = firstBookableDay(region, now, settings, holidayOn);
    const days = await this.daysOf(region, from, 21, now, manager);
    // Only the slots offered are labelled. Labelling every free slot of three weeks (hundreds, two new
    // formats each) took 25 ms of CPU per refused booking: 200 customers refused at once kept the
    // others' transactions waiting on the event loop until their database connections timed out (503).
    return days
      .flatMap((day) => day.slots.filter((slot) => slot.available).map((slot) => ({ date: day.date, time: slot.time })))
      .slice(0, count)
      .map((slot) => ({ ...slot, label: slotLabel(region, slot.date, slot.time) }));
  }

  /** The booking's place in its slot, in the booking's transaction; refused (nothing stored) when it cannot be had. */
  private async takeSlot(booking: BookingCreated['booking'], manager: EntityManager): Promise<void> {
    const region = booking.state;
    if (!isRegion(region)) throw DomainError.validation([{ field: 'suburb', message: REGION_NEEDED_MESSAGE }]);
    const day = booking.preferredDate;
    const time = booking.preferredTime as SlotTime;
    if (!(TIME_SLOTS as readonly string[]).includes(time)) throw DomainError.validation([{ field: 'preferred_time', message: SLOT_CLOSED_MESSAGE }]);
    const now = booking.createdAt;
    const settings = await this.settings.availabilitySettings(manager);
    const bookable = day >= firstBookableDay(region, now, settings, holidayOn) && closedReason(region, day, settings, holidayOn) === null;
    if (!bookable) {
      const next = await this.nextFree(region, now, 5, manager);
      throw new DomainError(
        'SLOT_CLOSED',
        SLOT_CLOSED_MESSAGE,
        HttpStatus.BAD_REQUEST,
        [{ field: 'preferred_date', message: SLOT_CLOSED_MESSAGE }],
        undefined,
        {
          nextSlots: next,
        },
      );
    }
    const place = await this.repository.reserve(manager, {
      bookingId: booking.id,
      region,
      day,
      time,
      startsAt: slotStart(region, day, time),
      capacity: capacityOf(region, day, settings),
    });
    if (place === null) {
      const next = await this.nextFree(region, now, 5, manager);
      throw new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, HttpStatus.CONFLICT, undefined, undefined, { nextSlots: next });
    }
  }
}
