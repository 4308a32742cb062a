import { Injectable, type OnModuleInit } from '@nestjs/common';
import { perMinute } from '../../../common/dates/per-minute.js';
import { DomainEvents, type StagedWrite } from '../../../common/events/domain-events.js';
import type { AppConfig } from '../../../config/app-config.js';
import { InjectConfig } from '../../../config/config.module.js';
import { formatLongDateTimeIn, formatLongDay, slotTimeLabel } from '@relining/contracts/date-format';
import { isRegion, REGIONS } from '@relining/contracts/regions';
import { firstName } from '@relining/contracts/person-name';
import { placeLabel } from '@relining/contracts/place-label';
import { BookingCreated } from '../../bookings/booking.events.js';
import { NotificationsService } from '../notifications.service.js';
import { companyInbox } from './company-inbox.js';

/** The few days people ask for (the next weeks), each formatted once. */
const preferredDates = new Map<string, string>();

function preferredDateText(day: string): string {
  let text = preferredDates.get(day);
  if (text === undefined) {
    // 'Tuesday 1 December 2026': the calendar day the customer asked for, in e-mails' one date format.
    text = formatLongDay(day);
    if (preferredDates.size >= 1_000) preferredDates.clear();
    preferredDates.set(day, text);
  }
  return text;
}

/**
 * A booking's two e-mails, the customer's autoresponse and the company's notice (their delivery never
 * affects the booking), written by the very statement that stores the booking: a staged reaction to
 * BookingCreated, so they commit or roll back with it in one round trip.
 */
@Injectable()
export class BookingMailer implements OnModuleInit {
  /** When the booking arrived, to the minute in the display zone: worked out once a minute. */
  private readonly receivedAt = perMinute((instant) => formatLongDateTimeIn(this.config.tzDisplay, instant));

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.events.onStaged(BookingCreated, (event) => this.bookingCreated(event));
  }

  private bookingCreated({ booking }: BookingCreated): Promise<StagedWrite> {
    const preferredDate = preferredDateText(booking.preferredDate);
    // The time in the site's zone, labelled ('9:00 AM AWST'): the customer may be anywhere.
    const preferredTime = isRegion(booking.state)
      ? slotTimeLabel(REGIONS[booking.state].timeZone, booking.preferredDate, booking.preferredTime)
      : booking.preferredTime;
    return this.notifications.stage([
      {
        template: 'booking_autoresponse',
        to: booking.email,
        variables: {
          customerName: firstName(booking.fullName),
          preferredDate,
          preferredTime,
          address: booking.address,
          suburb: placeLabel(booking),
        },
        dedupeKey: `booking:${booking.id}:autoresponse`,
        entity: { type: 'booking', id: booking.id },
      },
      {
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
          preferredTime,
          howHeard: booking.howHeardAboutUs || 'Not given',
          message: booking.briefDescription,
          receivedAt: this.receivedAt(booking.createdAt),
          bookingsLink: `${this.config.publicBaseUrl}/admin/bookings`,
        },
        dedupeKey: `booking:${booking.id}:notice`,
        entity: { type: 'booking', id: booking.id },
      },
    ]);
  }
}
