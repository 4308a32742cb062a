import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import type { Place } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { DomainEvents, forgetOutdated } from '../../common/events/domain-events.js';
import { normaliseReferralCode } from '@relining/contracts/referral-rules';
import { phoneMatchKey } from '@relining/contracts/phone';
import { UsersService } from '../users/users.service.js';
import { BookingCreated, BookingReferred, type CreatedBooking } from './booking.events.js';
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
    private readonly users: UsersService,
  ) {}

  /**
   * `idempotencyKeyHeader`: the Idempotency-Key header; a form post can send it as the `idempotency_key`
   * field instead. A replay with the same key answers the first booking's id.
   */
  async create(input: BookingRequestDto, idempotencyKeyHeader?: string, rememberedReferralCode?: string): Promise<BookingCreatedResponse> {
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
    const referral = await this.referralOf(input, rememberedReferralCode);
    const booking: Omit<CreatedBooking, 'id' | 'createdAt'> = {
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
      ...referral,
      // Consent is only what the person ticked: anything but true (a form's 'on' is read as true) is none.
      marketingConsent: input.marketing_consent === true,
    };

    const row = { ...booking, idempotencyKey: idempotencyKey ?? null, id: randomUUID(), createdAt: new Date() };
    const event = new BookingCreated({ ...booking, id: row.id, createdAt: row.createdAt });
    for (let attempt = 1; ; attempt += 1) {
      // The reactions (its e-mails) are prepared first and written by the booking's own statement.
      const writes = await this.events.stage(event);
      // A booking with a referral code is also announced as referred (the plumber's referral is made in its transaction).
      const referred = booking.referralCode !== null && this.events.handledInTransaction(BookingReferred);
      const outcome =
        this.events.handledInTransaction(BookingCreated) || referred
          ? await this.dataSource.transaction(async (manager) => {
              const result = await this.repository.insert(manager, row, writes);
              if (result.stored) await this.events.publish(manager, event);
              if (result.stored && referred) await this.events.publish(manager, new BookingReferred(event.booking));
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
   * The referral code the form carried (or, when it carries no such field, the one remembered from the
   * plumber's link), and what became
   * of it: `attributed` to its plumber, `unknown` (kept and flagged for staff: it never blocks a
   * booking), or `self` (the plumber booking for themselves is not a referral).
   */
  private async referralOf(
    input: BookingRequestDto,
    remembered: string | undefined,
  ): Promise<Pick<CreatedBooking, 'referralCode' | 'referralCodeStatus' | 'referrerId'>> {
    // A form that carries the field decides (emptied: no code); only a request without it falls back to the link's cookie.
    const code = input.referral_code !== undefined ? normaliseReferralCode(input.referral_code) : normaliseReferralCode(remembered);
    if (!code) return { referralCode: null, referralCodeStatus: null, referrerId: null };
    const plumber = await this.users.referrerByCode(code);
    if (!plumber) return { referralCode: code, referralCodeStatus: 'unknown', referrerId: null };
    const phone = phoneMatchKey(text(input.phone));
    const self = plumber.email.toLowerCase() === text(input.email).toLowerCase() || (phone !== '' && phone === phoneMatchKey(plumber.phone));
    return { referralCode: code, referralCodeStatus: self ? 'self' : 'attributed', referrerId: plumber.id };
  }

  /**
   * The suburb apart from its state and postcode: from its text ("Parramatta NSW 2150", as a picked
   * suggestion fills it) and the state and postcode the form sends beside it (addresses `place`).
   */
  private place(input: BookingRequestDto): Promise<Place> {
    return this.localities.place(text(input.suburb), { state: input.state, postcode: input.postcode });
  }
}
