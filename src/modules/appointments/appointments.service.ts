import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { dateFormat } from '@relining/contracts/date-format';
import { REGIONS, isRegion, type Region } from '@relining/contracts/regions';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { BookingCreated, BookingStatusChanged } from '../bookings/booking.events.js';
import { SettingsService } from '../settings/settings.service.js';
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
  const zone = dateFormat('en-AU', { timeZone: REGIONS[region].timeZone, timeZoneName: 'short' })
    .formatToParts(slotStart(region, day, time))
    .find((part) => part.type === 'timeZoneName')?.value;
  const date = dateFormat('en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day}T12:00:00Z`));
  return `${date}, ${time}${zone ? ` ${zone}` : ''}`;
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
  ) {}

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
    const region = place.state;
    const days = query.days === undefined ? 14 : Number(query.days);
    if (!Number.isInteger(days) || days < 1 || days > AVAILABILITY_DAYS_MAX) {
      throw DomainError.validation([{ field: 'days', message: `days must be a whole number from 1 to ${AVAILABILITY_DAYS_MAX}` }]);
    }
    const from = query.from === undefined ? localClock(region, now).day : String(query.from);
    if (!DAY.test(from) || new Date(`${from}T12:00:00Z`).toISOString().slice(0, 10) !== from) {
      throw DomainError.validation([{ field: 'from', message: 'from must be a date such as 2026-12-01' }]);
    }
    return { region, timeZone: REGIONS[region].timeZone, days: await this.daysOf(region, from, days, now) };
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
