import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { bookingProblems, todayIn, type BookingInput } from '../../contracts/booking-rules.js';
import type { Place } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { firstName } from '../auth/auth.rules.js';
import { dateFormat, formatDateTimeIn } from '../../contracts/date-format.js';
import { placeLabel } from '../../contracts/place-label.js';
import { BookingsRepository } from './bookings.repository.js';

export interface BookingSubmission extends BookingInput {
  state?: unknown;
  postcode?: unknown;
  _gotcha?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Public booking requests: checked with the form's own rules, stored with state and postcode filled
 * from the suburb, and in the same transaction the customer's autoresponse and the company's notice
 * are queued (their delivery never affects the booking).
 */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger('Bookings');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: BookingsRepository,
    private readonly localities: LocalitiesRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async create(input: BookingSubmission, idempotencyKey?: string): Promise<{ id: string; created: boolean }> {
    if (text(input._gotcha)) {
      // A bot filled the hidden field: answer exactly like a success, keep and send nothing.
      this.logger.warn({ securityEvent: 'spam_trap' }, 'Booking spam trap filled; nothing stored');
      return { id: randomUUID(), created: true };
    }
    const problems = bookingProblems(input, todayIn(this.config.tzDisplay));
    if (problems.length > 0) throw DomainError.validation(problems.map(({ field, message }) => ({ field, message })));
    if (idempotencyKey !== undefined && (idempotencyKey.length < 8 || idempotencyKey.length > 200)) {
      throw DomainError.validation([{ field: 'idempotency_key', message: 'The idempotency key must be 8 to 200 characters' }]);
    }
    const place = await this.place(input);

    return this.dataSource.transaction(async (manager) => {
      const inserted = await this.repository.insert(manager, {
        fullName: text(input.name),
        email: text(input.email),
        phone: text(input.phone),
        address: text(input.address),
        suburb: place.suburb,
        state: place.state,
        postcode: place.postcode,
        preferredDate: text(input.preferred_date),
        preferredTime: text(input.preferred_time),
        briefDescription: text(input.message),
        howHeardAboutUs: text(input.how_heard_about_us) || null,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (!inserted) {
        // The same submission again (a double click, a retried request): the first booking stands.
        return { id: (await this.repository.findIdByIdempotencyKey(manager, idempotencyKey!))!, created: false };
      }
      const preferredDate = dateFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${text(input.preferred_date)}T00:00:00Z`),
      );
      const receivedAt = formatDateTimeIn(this.config.tzDisplay, inserted.createdAt);
      await this.notifications.enqueue(manager, {
        template: 'booking_autoresponse',
        to: text(input.email),
        variables: { customerName: firstName(text(input.name)), preferredDate, preferredTime: text(input.preferred_time), address: text(input.address), suburb: placeLabel(place) },
        dedupeKey: `booking:${inserted.id}:autoresponse`,
        entity: { type: 'booking', id: inserted.id },
      });
      await this.notifications.enqueue(manager, {
        template: 'booking_notice',
        to: this.config.companyEmail.replace(/^.*<([^>]+)>\s*$/, '$1'),
        variables: {
          customerName: text(input.name),
          email: text(input.email),
          phone: text(input.phone),
          address: text(input.address),
          suburb: place.suburb,
          state: place.state ?? '',
          postcode: place.postcode ?? '',
          preferredDate,
          preferredTime: text(input.preferred_time),
          howHeard: text(input.how_heard_about_us) || 'Not given',
          message: text(input.message),
          receivedAt,
          bookingsLink: `${this.config.publicBaseUrl}/admin/bookings`,
        },
        dedupeKey: `booking:${inserted.id}:notice`,
        entity: { type: 'booking', id: inserted.id },
      });
      return { id: inserted.id, created: true };
    });
  }

  /**
   * The suburb apart from its state and postcode: from its text ("Parramatta NSW 2150", as a picked
   * suggestion fills it) and the state and postcode the form sends beside it (addresses `place`).
   */
  private place(input: BookingSubmission): Promise<Place> {
    return this.localities.place(text(input.suburb), { state: input.state, postcode: input.postcode });
  }
}
