import { Injectable } from '@nestjs/common';
import { APPOINTMENT_MINUTES } from '@relining/contracts/api/appointments';
import { COMPANY } from '@relining/contracts/business';
import { formatLongDay, slotTimeLabel } from '@relining/contracts/date-format';
import { REGIONS } from '@relining/contracts/regions';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { SECRET_LINK_PLACEHOLDER } from '../notifications/link-minters.js';
import { companyInbox } from '../notifications/mailers/company-inbox.js';
import { messageIdDomain } from '../notifications/notification.rules.js';
import type { EmailRequest } from '../notifications/notifications.service.js';
import { appointmentCalendarAttachment, googleCalendarLink, outlookCalendarLink, type CalendarMethod } from './appointment-calendar.js';
import type { AppointmentRow } from './appointment.entity.js';
import { firstNameOf } from './appointment.rules.js';

/** The name the notifications worker knows the customer's private booking links by. */
export const APPOINTMENT_LINK_MINTER = 'appointment-link';

/** 'Name <address>' or 'address' → its parts (the .ics organizer is MAIL_FROM). */
export function mailboxParts(mailbox: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailbox);
  return match ? { name: match[1]!.trim() || COMPANY.name, email: match[2]!.trim() } : { name: COMPANY.name, email: mailbox.trim() };
}

/**
 * The e-mails about an appointment (issue 16): the customer's confirmation, new time, cancellation
 * and reminder, and the company's notice of a change the customer made. Each carries the site's date
 * and time labelled with its zone ('9:00 AM AWST'); the customer's carry their private link (minted
 * at delivery, never stored) and, but the reminder, the calendar invitation.
 */
@Injectable()
export class AppointmentNotices {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** 'Tuesday 1 December 2026' and '9:00 AM AWST'. */
  when(appointment: Pick<AppointmentRow, 'region' | 'day' | 'slot'>): { date: string; time: string } {
    return { date: formatLongDay(appointment.day), time: slotTimeLabel(REGIONS[appointment.region].timeZone, appointment.day, appointment.slot) };
  }

  label(appointment: Pick<AppointmentRow, 'region' | 'day' | 'slot'>): string {
    const { date, time } = this.when(appointment);
    return `${date}, ${time}`;
  }

  confirmed(appointment: AppointmentRow): EmailRequest<'appointment_confirmed'> {
    const { date, time } = this.when(appointment);
    return {
      template: 'appointment_confirmed',
      to: appointment.email,
      variables: {
        customerName: firstNameOf(appointment.customerName),
        date,
        time,
        address: this.place(appointment),
        technician: appointment.technician ? `Your technician: ${appointment.technician}` : '',
        manageLink: this.manageLink(),
        ...this.calendarLinks(appointment),
      },
      dedupeKey: `appointment-confirmed:${appointment.id}:${appointment.sequence}`,
      entity: { type: 'booking', id: appointment.bookingId },
      secretLink: { minter: APPOINTMENT_LINK_MINTER, ref: appointment.id },
      attachments: [this.invitation(appointment, 'REQUEST')],
    };
  }

  moved(appointment: AppointmentRow, previous: string): EmailRequest<'appointment_moved'> {
    const { date, time } = this.when(appointment);
    return {
      template: 'appointment_moved',
      to: appointment.email,
      variables: {
        customerName: firstNameOf(appointment.customerName),
        date,
        time,
        previous,
        address: this.place(appointment),
        manageLink: this.manageLink(),
        ...this.calendarLinks(appointment),
      },
      dedupeKey: `appointment-moved:${appointment.id}:${appointment.sequence}`,
      entity: { type: 'booking', id: appointment.bookingId },
      secretLink: { minter: APPOINTMENT_LINK_MINTER, ref: appointment.id },
      attachments: [this.invitation(appointment, 'REQUEST')],
    };
  }

  cancelled(appointment: AppointmentRow): EmailRequest<'appointment_cancelled'> {
    const { date, time } = this.when(appointment);
    return {
      template: 'appointment_cancelled',
      to: appointment.email,
      variables: { customerName: firstNameOf(appointment.customerName), date, time, address: this.place(appointment), reason: appointment.cancelReason ?? '' },
      dedupeKey: `appointment-cancelled:${appointment.id}:${appointment.sequence}`,
      entity: { type: 'booking', id: appointment.bookingId },
      attachments: [this.invitation(appointment, 'CANCEL')],
    };
  }

  reminder(appointment: AppointmentRow): EmailRequest<'appointment_reminder'> {
    const { date, time } = this.when(appointment);
    return {
      template: 'appointment_reminder',
      to: appointment.email,
      variables: { customerName: firstNameOf(appointment.customerName), date, time, address: this.place(appointment), manageLink: this.manageLink() },
      // One reminder per visit time: a visit moved after its reminder is reminded of its new time.
      dedupeKey: `appointment-reminder:${appointment.id}:${appointment.startsAt.toISOString()}`,
      entity: { type: 'booking', id: appointment.bookingId },
      secretLink: { minter: APPOINTMENT_LINK_MINTER, ref: appointment.id },
    };
  }

  /** The company is told what the customer changed through their link. */
  changedByCustomer(appointment: AppointmentRow, change: string): EmailRequest<'appointment_changed_notice'> {
    return {
      template: 'appointment_changed_notice',
      to: companyInbox(this.config),
      variables: {
        customerName: appointment.customerName,
        suburb: appointment.suburb,
        change,
        bookingLink: `${this.config.publicBaseUrl}/admin/bookings/${appointment.bookingId}/show`,
      },
      dedupeKey: `appointment-changed:${appointment.id}:${appointment.sequence}`,
      entity: { type: 'booking', id: appointment.bookingId },
    };
  }

  /** The calendar entry's words (the .ics, the add-to-calendar links and the staff feed). */
  calendarEntry(appointment: AppointmentRow): { title: string; description: string; location: string } {
    return {
      title: `Clean & View drain inspection (${COMPANY.name})`,
      description: `Clean & View drain inspection at ${this.place(appointment)}.${appointment.technician ? ` Technician: ${appointment.technician}.` : ''} Questions or changes: ${COMPANY.phone}.`,
      location: this.place(appointment),
    };
  }

  /** An appointment's stable calendar id, the same in its e-mails' invitations and the staff feeds. */
  calendarUid(appointmentId: string): string {
    return `${appointmentId}@${messageIdDomain(this.config.mailFrom)}`;
  }

  private place(appointment: Pick<AppointmentRow, 'address' | 'suburb' | 'region'>): string {
    return `${appointment.address}, ${appointment.suburb} ${appointment.region}`;
  }

  private manageLink(): string {
    return `${this.config.publicBaseUrl}/booking/${SECRET_LINK_PLACEHOLDER}`;
  }

  private calendarLinks(appointment: AppointmentRow): { googleLink: string; outlookLink: string } {
    const input = {
      start: appointment.startsAt,
      durationMinutes: APPOINTMENT_MINUTES,
      timeZone: REGIONS[appointment.region].timeZone,
      ...this.calendarEntry(appointment),
    };
    return { googleLink: googleCalendarLink(input), outlookLink: outlookCalendarLink(input) };
  }

  private invitation(appointment: AppointmentRow, method: CalendarMethod) {
    return appointmentCalendarAttachment({
      uid: this.calendarUid(appointment.id),
      start: appointment.startsAt,
      durationMinutes: APPOINTMENT_MINUTES,
      timeZone: REGIONS[appointment.region].timeZone,
      ...this.calendarEntry(appointment),
      organizer: mailboxParts(this.config.mailFrom),
      attendee: { name: appointment.customerName, email: appointment.email },
      sequence: appointment.sequence,
      method,
    });
  }
}
