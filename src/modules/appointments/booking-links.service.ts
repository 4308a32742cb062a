import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { APPOINTMENT_MESSAGES, type ManagedAppointment } from '@relining/contracts/api/appointments';
import type { AvailabilityAnswer } from '@relining/contracts/availability';
import { REGIONS } from '@relining/contracts/regions';
import { DomainError, type FieldError } from '../../common/errors/domain-error.js';
import { isCalendarDate } from '../../common/react-admin/list-filters.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { LinkMinters, type LinkMinter, type MintedLink } from '../notifications/link-minters.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { AppointmentRow } from './appointment.entity.js';
import { APPOINTMENT_LINK_MINTER, AppointmentNotices } from './appointment-notices.js';
import { customerChangeRefusal, firstNameOf, isSlotTime, reminderDueAt } from './appointment.rules.js';
import { parseReason } from './appointments-admin.service.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';
import { slotStart, type SlotTime } from './availability.rules.js';
import { holidayOn } from './public-holidays.js';

/** A link's token: 32 random bytes, base64url (43 characters). Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The customer's private link to their appointment (`/booking/{token}`, issue 16): see it, move it to
 * another free slot, or cancel it with a reason. The link does nothing else (no account, no other
 * booking). Its tokens are made when an e-mail carrying it is delivered (a LinkMinter) and kept only
 * hashed; every one of them opens the appointment for as long as it exists.
 */
@Injectable()
export class BookingLinksService implements LinkMinter, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AppointmentsRepository,
    private readonly appointments: AppointmentsService,
    private readonly bookings: BookingsAdminService,
    private readonly settings: SettingsService,
    private readonly notices: AppointmentNotices,
    private readonly notifications: NotificationsService,
    private readonly minters: LinkMinters,
  ) {}

  onModuleInit(): void {
    this.minters.register(APPOINTMENT_LINK_MINTER, this);
  }

  /** A new token for an appointment's e-mail (at its delivery): its hash kept, the token answered once. */
  async mint(ref: string): Promise<MintedLink> {
    if (!/^[0-9a-f-]{36}$/i.test(ref)) return { kind: 'withdrawn', reason: 'its appointment is unknown.' };
    return this.dataSource.transaction(async (manager) => {
      const appointment = await this.repository.findById(ref, manager);
      if (!appointment) return { kind: 'withdrawn', reason: 'its appointment no longer exists.' };
      const secret = randomBytes(32).toString('base64url');
      await this.repository.addLink(manager, appointment.id, linkTokenHash(secret));
      return { kind: 'minted', secret, to: appointment.email };
    });
  }

  /** GET /api/booking/:token. */
  async managed(token: string, now: Date = new Date()): Promise<ManagedAppointment> {
    return this.toManaged(await this.find(token), now);
  }

  /** GET /api/booking/:token/availability: the free slots of the appointment's region. */
  async availability(token: string, query: { from?: unknown; days?: unknown }, now: Date = new Date()): Promise<AvailabilityAnswer> {
    const appointment = await this.find(token);
    return this.appointments.forRegion(appointment.region, query, now);
  }

  /** POST /api/booking/:token/move {date, time}: another free slot; the customer gets the new time, staff are told. */
  async move(token: string, body: unknown, now: Date = new Date()): Promise<ManagedAppointment> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    if (!isCalendarDate(input.date)) errors.push({ field: 'date', message: 'Please choose a date' });
    if (!isSlotTime(input.time)) errors.push({ field: 'time', message: 'Please choose a time' });
    if (errors.length > 0) throw DomainError.validation(errors);
    const date = input.date as string;
    const time = input.time as SlotTime;
    const row = await this.dataSource.transaction(async (manager) => {
      const existing = await this.findForChange(manager, token, now);
      if (existing.day === date && existing.slot === time) throw DomainError.validation([{ field: 'time', message: APPOINTMENT_MESSAGES.sameTime }]);
      await this.appointments.holdPlace(manager, { bookingId: existing.bookingId, region: existing.region, day: date, time, now, by: 'customer' });
      const moved = await this.repository.move(manager, existing.id, {
        region: existing.region,
        day: date,
        slot: time,
        startsAt: slotStart(existing.region, date, time),
        overbooked: false,
        reminderDueAt: reminderDueAt(existing.region, date, now),
      });
      const previous = this.notices.label(existing);
      await this.notifications.enqueue(manager, this.notices.moved(moved, previous));
      await this.notifications.enqueue(manager, this.notices.changedByCustomer(moved, `Moved from ${previous} to ${this.notices.label(moved)}.`));
      await this.appointments.recordChange(manager, existing, moved);
      return moved;
    });
    return this.toManaged(row, now);
  }

  /** POST /api/booking/:token/cancel {reason}: the appointment and its booking cancelled, the place freed, staff told. */
  async cancel(token: string, body: unknown, now: Date = new Date()): Promise<ManagedAppointment> {
    const reason = parseReason((typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}).reason);
    const row = await this.dataSource.transaction(async (manager) => {
      const existing = await this.findForChange(manager, token, now);
      const cancelled = await this.repository.cancel(manager, existing.id, { reason, by: 'customer' });
      await this.appointments.recordChange(manager, existing, cancelled);
      await this.bookings.setStatusIn(manager, existing.bookingId, 'cancelled');
      await this.notifications.enqueue(manager, this.notices.cancelled(cancelled));
      await this.notifications.enqueue(manager, this.notices.changedByCustomer(cancelled, `Cancelled ${this.notices.label(cancelled)}. Reason: ${reason}`));
      return cancelled;
    });
    return this.toManaged(row, now);
  }

  private async find(token: string, manager?: EntityManager, forUpdate = false): Promise<AppointmentRow> {
    const appointment = TOKEN.test(token) ? await this.repository.findByLinkHash(linkTokenHash(token), manager, forUpdate) : null;
    if (!appointment) throw DomainError.notFound(APPOINTMENT_MESSAGES.linkUnknown);
    return appointment;
  }

  private async findForChange(manager: EntityManager, token: string, now: Date): Promise<AppointmentRow> {
    const appointment = await this.find(token, manager, true);
    const refusal = customerChangeRefusal(appointment, now, await this.settings.availabilitySettings(manager), holidayOn);
    if (refusal) throw new DomainError('NOT_CHANGEABLE', refusal, HttpStatus.CONFLICT);
    return appointment;
  }

  private async toManaged(row: AppointmentRow, now: Date): Promise<ManagedAppointment> {
    const startsAt = new Date(row.startsAt);
    return {
      status: row.status,
      region: row.region,
      timeZone: REGIONS[row.region].timeZone,
      date: row.day,
      time: row.slot,
      startsAt: startsAt.toISOString(),
      label: this.notices.label(row),
      firstName: firstNameOf(row.customerName),
      address: row.address,
      suburb: row.suburb,
      canChange: customerChangeRefusal(row, now, await this.settings.availabilitySettings(), holidayOn) === null,
      cancelReason: row.cancelReason,
    };
  }
}
