import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { APPOINTMENT_MESSAGES, APPOINTMENT_MINUTES } from '@relining/contracts/api/appointments';
import { isRegion, REGIONS } from '@relining/contracts/regions';
import { DomainError, type FieldError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { isCalendarDate } from '../../common/react-admin/list-filters.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { BookingStatusChanged } from '../bookings/booking.events.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { AppointmentRow } from './appointment.entity.js';
import { AppointmentNotices } from './appointment-notices.js';
import { isSlotTime, reminderDueAt } from './appointment.rules.js';
import { APPOINTMENT_LIST, AppointmentsRepository, type ConfirmedAppointment } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';
import { slotStart, type SlotTime } from './availability.rules.js';

const TECHNICIAN_MAX = 120;
const REASON_MAX = 1000;

interface SlotChoice {
  date: string;
  time: SlotTime;
  notify: boolean;
  overbook: boolean;
  /** undefined: keep the technician; null: none. */
  technician?: string | null;
}

/** The request's date, time, technician and choices, or every problem with them (field errors). */
export function parseSlotChoice(body: unknown, { technician }: { technician: boolean }): SlotChoice {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (!isCalendarDate(input.date)) errors.push({ field: 'date', message: 'Please choose a date (yyyy-MM-dd)' });
  if (!isSlotTime(input.time)) errors.push({ field: 'time', message: 'Please choose one of the times from 8:00 AM to 5:00 PM' });
  if (typeof input.notify !== 'boolean') errors.push({ field: 'notify', message: APPOINTMENT_MESSAGES.notifyRequired });
  if (input.overbook !== undefined && typeof input.overbook !== 'boolean') errors.push({ field: 'overbook', message: 'overbook must be true or false' });
  let name: string | null | undefined;
  if (technician && input.technician !== undefined && input.technician !== null) {
    if (typeof input.technician !== 'string' || input.technician.trim().length > TECHNICIAN_MAX) {
      errors.push({ field: 'technician', message: `The technician's name must be text of at most ${TECHNICIAN_MAX} characters` });
    } else name = input.technician.trim() || null;
  } else if (technician && input.technician === null) name = null;
  if (errors.length > 0) throw DomainError.validation(errors);
  return { date: input.date as string, time: input.time as SlotTime, notify: input.notify as boolean, overbook: input.overbook === true, technician: name };
}

/** What is wrong with a cancellation's reason (required, at most 1,000 characters once trimmed), or null. */
function reasonProblem(value: unknown): FieldError | null {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) return { field: 'reason', message: APPOINTMENT_MESSAGES.reasonRequired };
  if (reason.length > REASON_MAX) return { field: 'reason', message: `Please keep the reason under ${REASON_MAX} characters` };
  return null;
}

/** A cancellation's reason, trimmed; a 400 naming the field when it is missing or too long. */
export function parseReason(value: unknown): string {
  const problem = reasonProblem(value);
  if (problem) throw DomainError.validation([problem]);
  return String(value).trim();
}

/**
 * Staff's side of appointments (issue 16): confirm a booking as an appointment (it becomes Scheduled),
 * move it, cancel it, list them for the calendar. Every change holds the booking's place, writes the
 * appointment, sets the booking's status and queues the customer's e-mail in one transaction.
 */
@Injectable()
export class AppointmentsAdminService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AppointmentsRepository,
    private readonly appointments: AppointmentsService,
    private readonly bookings: BookingsAdminService,
    private readonly notices: AppointmentNotices,
    private readonly notifications: NotificationsService,
    private readonly events: DomainEvents,
  ) {}

  /** The confirmed appointments on these days (yyyy-MM-dd), in order of time (read-only, for the console's Today page). */
  confirmedOnDays(days: readonly string[]): Promise<ConfirmedAppointment[]> {
    return this.repository.confirmedOnDays(days);
  }

  onModuleInit(): void {
    // A booking staff cancel from its status also cancels its appointment (its place is freed by AppointmentsService).
    this.events.on(BookingStatusChanged, async (event, manager) => {
      if (event.status !== 'cancelled') return;
      const appointment = await this.repository.findByBooking(event.bookingId, manager, true);
      if (appointment?.status !== 'confirmed') return;
      const cancelled = await this.repository.cancel(manager, appointment.id, { reason: 'The booking was cancelled', by: 'staff' });
      await this.appointments.recordChange(manager, appointment, cancelled);
    });
  }

  toRecord(row: AppointmentRow): AppointmentRecord {
    return {
      id: row.id,
      bookingId: row.bookingId,
      region: row.region,
      timeZone: REGIONS[row.region].timeZone,
      date: row.day,
      time: row.slot,
      startsAt: new Date(row.startsAt).toISOString(),
      endsAt: new Date(new Date(row.startsAt).getTime() + APPOINTMENT_MINUTES * 60_000).toISOString(),
      label: this.notices.label(row),
      technician: row.technician,
      status: row.status,
      overbooked: row.overbooked,
      customerName: row.customerName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      suburb: row.suburb,
      cancelReason: row.cancelReason,
      cancelledBy: row.cancelledBy,
      cancelledAt: row.cancelledAt ? new Date(row.cancelledAt).toISOString() : null,
      confirmedAt: new Date(row.confirmedAt).toISOString(),
      reminderDueAt: row.reminderDueAt ? new Date(row.reminderDueAt).toISOString() : null,
      reminderQueuedAt: row.reminderQueuedAt ? new Date(row.reminderQueuedAt).toISOString() : null,
      updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }

  async list(params: ListParams): Promise<{ rows: AppointmentRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, APPOINTMENT_LIST);
    const [rows, total] = await this.repository.list(list);
    return { rows: rows.map((row) => this.toRecord(row)), total, offset: list.offset };
  }

  async get(id: string): Promise<AppointmentRecord> {
    const row = await this.repository.findById(id);
    if (!row) throw DomainError.notFound('Appointment not found.');
    return this.toRecord(row);
  }

  /**
   * POST /api/admin/bookings/:id/confirm: the booking's appointment at this date and time (its place
   * taken, or kept when it is the same slot); the booking becomes Scheduled. Confirming a booking
   * already confirmed moves its appointment; a cancelled one is confirmed anew.
   */
  async confirm(actorId: string, bookingId: string, body: unknown, now: Date = new Date()): Promise<AppointmentRecord> {
    const choice = parseSlotChoice(body, { technician: true });
    const booking = await this.bookings.findRecord(bookingId);
    if (!booking) throw DomainError.notFound('Booking not found.');
    const region = booking.state;
    if (!isRegion(region)) {
      throw new DomainError(
        'REGION_UNKNOWN',
        "This booking's suburb has no state, so its time zone is unknown. Please check the address with the customer.",
        HttpStatus.BAD_REQUEST,
      );
    }
    const row = await this.dataSource.transaction(async (manager) => {
      // Scheduled first: it locks the booking, so two confirmations of one booking run one after the other.
      await this.bookings.setStatusIn(manager, bookingId, 'scheduled');
      const existing = await this.repository.findByBooking(bookingId, manager, true);
      const { overbooked } = await this.appointments.holdPlace(manager, {
        bookingId,
        region,
        day: choice.date,
        time: choice.time,
        now,
        by: 'staff',
        overbook: choice.overbook,
        overbooked: existing?.status === 'confirmed' ? existing.overbooked : false,
      });
      const reminder = reminderDueAt(region, choice.date, now);
      if (!existing) {
        const created = await this.repository.insert(manager, {
          bookingId,
          region,
          day: choice.date,
          slot: choice.time,
          startsAt: slotStart(region, choice.date, choice.time),
          customerName: booking.fullName,
          email: booking.email,
          phone: booking.phone,
          address: booking.address,
          suburb: booking.suburb,
          technician: choice.technician ?? null,
          overbooked,
          confirmedBy: actorId,
          reminderDueAt: reminder,
        });
        if (choice.notify) await this.notifications.enqueue(manager, this.notices.confirmed(created));
        await this.appointments.recordChange(manager, null, created);
        return created;
      }
      const wasConfirmed = existing.status === 'confirmed';
      const sameTime = wasConfirmed && existing.day === choice.date && existing.slot === choice.time;
      const moved = await this.repository.move(manager, existing.id, {
        region,
        day: choice.date,
        slot: choice.time,
        startsAt: slotStart(region, choice.date, choice.time),
        technician: choice.technician,
        overbooked,
        reminderDueAt: sameTime ? existing.reminderDueAt : reminder,
        confirmedBy: wasConfirmed ? undefined : actorId,
      });
      if (sameTime && existing.reminderQueuedAt) await this.repository.markReminderQueued(manager, existing.id);
      if (choice.notify) {
        await this.notifications.enqueue(
          manager,
          wasConfirmed && !sameTime ? this.notices.moved(moved, this.notices.label(existing)) : this.notices.confirmed(moved),
        );
      }
      await this.appointments.recordChange(manager, existing, moved);
      return moved;
    });
    return this.toRecord(row);
  }

  /** POST /api/admin/appointments/:id/reschedule (the calendar's drag): a new time, the customer told if staff say so. */
  async reschedule(id: string, body: unknown, now: Date = new Date()): Promise<AppointmentRecord> {
    const choice = parseSlotChoice(body, { technician: true });
    const row = await this.dataSource.transaction(async (manager) => {
      const existing = await this.repository.findById(id, manager, true);
      if (!existing) throw DomainError.notFound('Appointment not found.');
      if (existing.status === 'cancelled') {
        throw DomainError.conflict('APPOINTMENT_CANCELLED', 'This appointment has been cancelled. Confirm the booking again to give it a new time.');
      }
      if (existing.day === choice.date && existing.slot === choice.time && choice.technician === undefined) return existing;
      const { overbooked } = await this.appointments.holdPlace(manager, {
        bookingId: existing.bookingId,
        region: existing.region,
        day: choice.date,
        time: choice.time,
        now,
        by: 'staff',
        overbook: choice.overbook,
        overbooked: existing.overbooked,
      });
      const sameTime = existing.day === choice.date && existing.slot === choice.time;
      const moved = await this.repository.move(manager, existing.id, {
        region: existing.region,
        day: choice.date,
        slot: choice.time,
        startsAt: slotStart(existing.region, choice.date, choice.time),
        technician: choice.technician,
        overbooked,
        reminderDueAt: sameTime ? existing.reminderDueAt : reminderDueAt(existing.region, choice.date, now),
      });
      if (sameTime && existing.reminderQueuedAt) await this.repository.markReminderQueued(manager, existing.id);
      if (choice.notify) {
        await this.notifications.enqueue(manager, sameTime ? this.notices.confirmed(moved) : this.notices.moved(moved, this.notices.label(existing)));
      }
      await this.appointments.recordChange(manager, existing, moved);
      return moved;
    });
    return this.toRecord(row);
  }

  /** POST /api/admin/appointments/:id/cancel: the appointment and its booking cancelled, the place freed. */
  async cancel(id: string, body: unknown): Promise<AppointmentRecord> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors = [reasonProblem(input.reason)].filter((problem): problem is FieldError => problem !== null);
    if (typeof input.notify !== 'boolean') errors.push({ field: 'notify', message: APPOINTMENT_MESSAGES.notifyRequired });
    if (errors.length > 0) throw DomainError.validation(errors);
    const row = await this.dataSource.transaction(async (manager) => {
      const existing = await this.repository.findById(id, manager, true);
      if (!existing) throw DomainError.notFound('Appointment not found.');
      if (existing.status === 'cancelled') throw DomainError.conflict('APPOINTMENT_CANCELLED', APPOINTMENT_MESSAGES.alreadyCancelled);
      const cancelled = await this.repository.cancel(manager, id, { reason: String(input.reason).trim(), by: 'staff' });
      await this.appointments.recordChange(manager, existing, cancelled);
      await this.bookings.setStatusIn(manager, existing.bookingId, 'cancelled');
      if (input.notify === true) await this.notifications.enqueue(manager, this.notices.cancelled(cancelled));
      return cancelled;
    });
    return this.toRecord(row);
  }
}
