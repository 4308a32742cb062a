import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import type { Place } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { DomainEvents, forgetOutdated } from '../../common/events/domain-events.js';
import { BookingCreated } from './booking.events.js';
import { BookingsRepository } from './bookings.repository.js';
import type { BookingCreatedResponse, BookingRequestDto } from './dto/booking.dto.js';

const text = (value: string | undefined): string => value?.trim() ?? '';

/** Preparing the e-mails again after a template changed under them: more than this never happens in practice. */
const MAX_ATTEMPTS = 3;

/**
 * Public booking requests, already checked with the form's own rules (the validation pipeline, see
 * BookingRequestDto): stored with state and postcode filled from the suburb, and announced
 * (BookingCreated): the e-mails (notifications' BookingMailer, a staged reaction) are written by the
 * same statement as the booking, one round trip; handlers that need the transaction, if any, run
 * inside one around it.
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

    const row = { ...booking, idempotencyKey: idempotencyKey ?? null, id: randomUUID(), createdAt: new Date() };
    const event = new BookingCreated({ ...booking, id: row.id, createdAt: row.createdAt });
    for (let attempt = 1; ; attempt += 1) {
      // The reactions (its e-mails) are prepared first and written by the booking's own statement.
      const writes = await this.events.stage(event);
      const outcome = this.events.handledInTransaction(BookingCreated)
        ? await this.dataSource.transaction(async (manager) => {
            const result = await this.repository.insert(manager, row, writes);
            if (result.stored) await this.events.publish(manager, event);
            return result;
          })
        : await this.repository.insert(this.dataSource, row, writes);
      if (!outcome.fresh) {
        // A template changed since it was read into memory: nothing was written; render again.
        forgetOutdated(writes);
        if (attempt < MAX_ATTEMPTS) continue;
        throw new Error('The booking e-mails kept being prepared from templates that had changed');
      }
      if (outcome.stored) return { id: row.id };
      // The same submission again (a double click, a retried request): the first booking stands.
      return { id: (await this.repository.findIdByIdempotencyKey(this.dataSource, idempotencyKey!))! };
    }
  }

  /**
   * The suburb apart from its state and postcode: from its text ("Parramatta NSW 2150", as a picked
   * suggestion fills it) and the state and postcode the form sends beside it (addresses `place`).
   */
  private place(input: BookingRequestDto): Promise<Place> {
    return this.localities.place(text(input.suburb), { state: input.state, postcode: input.postcode });
  }
}
