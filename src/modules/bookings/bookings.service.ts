import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import type { Place } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { BookingCreated } from './booking.events.js';
import { BookingsRepository } from './bookings.repository.js';
import type { BookingCreatedResponse, BookingRequestDto } from './dto/booking.dto.js';

const text = (value: string | undefined): string => value?.trim() ?? '';

/**
 * Public booking requests, already checked with the form's own rules (the validation pipeline, see
 * BookingRequestDto): stored with state and postcode filled from the suburb, and announced
 * (BookingCreated) inside the same transaction, where the e-mails are queued (notifications'
 * BookingMailer).
 */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: BookingsRepository,
    private readonly localities: LocalitiesRepository,
    private readonly events: DomainEvents,
  ) {}

  /**
   * `idempotencyKeyHeader`: the Idempotency-Key header; a form post can send it as the `idempotency_key`
   * field instead. A replay with the same key answers the first booking's id.
   */
  async create(input: BookingRequestDto, idempotencyKeyHeader?: string): Promise<BookingCreatedResponse> {
    if (text(input._gotcha)) {
      // A bot filled the hidden field: answer exactly like a success, keep and send nothing.
      this.logger.warn({ securityEvent: 'spam_trap' }, 'Booking spam trap filled; nothing stored');
      return { id: randomUUID() };
    }
    const idempotencyKey = idempotencyKeyHeader ?? (input.idempotency_key || undefined);
    if (idempotencyKey !== undefined && (idempotencyKey.length < 8 || idempotencyKey.length > 200)) {
      throw DomainError.validation([{ field: 'idempotency_key', message: 'The idempotency key must be 8 to 200 characters' }]);
    }
    const place = await this.place(input);
    const booking = {
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
    };

    return this.dataSource.transaction(async (manager) => {
      const inserted = await this.repository.insert(manager, { ...booking, idempotencyKey: idempotencyKey ?? null });
      if (!inserted) {
        // The same submission again (a double click, a retried request): the first booking stands.
        return { id: (await this.repository.findIdByIdempotencyKey(manager, idempotencyKey!))! };
      }
      await this.events.publish(manager, new BookingCreated({ ...booking, id: inserted.id, createdAt: inserted.createdAt }));
      return { id: inserted.id };
    });
  }

  /**
   * The suburb apart from its state and postcode: from its text ("Parramatta NSW 2150", as a picked
   * suggestion fills it) and the state and postcode the form sends beside it (addresses `place`).
   */
  private place(input: BookingRequestDto): Promise<Place> {
    return this.localities.place(text(input.suburb), { state: input.state, postcode: input.postcode });
  }
}
