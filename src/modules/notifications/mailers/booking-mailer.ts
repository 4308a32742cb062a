import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { AppConfig } from '../../../config/app-config.js';
import { InjectConfig } from '../../../config/config.module.js';
import { dateFormat, formatDateTimeIn } from '@relining/contracts/date-format';
import { firstName } from '@relining/contracts/person-name';
import { placeLabel } from '@relining/contracts/place-label';
import { BookingCreated } from '../../bookings/booking.events.js';
import { NotificationsService } from '../notifications.service.js';
import { companyInbox } from './company-inbox.js';

/**
 * A booking's two e-mails, queued in the booking's transaction: the customer's autoresponse and the
 * company's notice (their delivery never affects the booking).
 */
@Injectable()
export class BookingMailer implements OnModuleInit {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.events.on(BookingCreated, (event, manager) => this.bookingCreated(event, manager));
  }

  private async bookingCreated({ booking }: BookingCreated, manager: EntityManager): Promise<void> {
    const preferredDate = dateFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${booking.preferredDate}T00:00:00Z`),
    );
    await this.notifications.enqueue(manager, {
      template: 'booking_autoresponse',
      to: booking.email,
      variables: { customerName: firstName(booking.fullName), preferredDate, preferredTime: booking.preferredTime, address: booking.address, suburb: placeLabel(booking) },
      dedupeKey: `booking:${booking.id}:autoresponse`,
      entity: { type: 'booking', id: booking.id },
    });
    await this.notifications.enqueue(manager, {
      template: 'booking_notice',
      to: companyInbox(this.config),
      variables: {
        customerName: booking.fullName,
        email: booking.email,
        phone: booking.phone,
        address: booking.address,
        suburb: booking.suburb,
        state: booking.state ?? '',
        postcode: booking.postcode ?? '',
        preferredDate,
        preferredTime: booking.preferredTime,
        howHeard: booking.howHeardAboutUs || 'Not given',
        message: booking.briefDescription,
        receivedAt: formatDateTimeIn(this.config.tzDisplay, booking.createdAt),
        bookingsLink: `${this.config.publicBaseUrl}/admin/bookings`,
      },
      dedupeKey: `booking:${booking.id}:notice`,
      entity: { type: 'booking', id: booking.id },
    });
  }
}
