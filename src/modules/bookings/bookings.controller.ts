import { Controller, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { formErrorPage } from '../../common/http/form-error-page.js';
import { answersWithPage, isFormPost, readFields, refererPath, safeRedirect } from '../../common/http/form-body.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { BOOKING_REDIRECT } from '@relining/contracts/booking-rules';
import { COMPANY } from '@relining/contracts/business';
import { BookingCreatedResponse, BookingRequestDto } from './dto/booking.dto.js';
import { BookingsService } from './bookings.service.js';

const KNOWN_FIELDS = new Set([
  'name', 'email', 'phone', 'suburb', 'address', 'preferred_date', 'preferred_time', 'how_heard_about_us', 'message',
  '_gotcha', 'state', 'postcode', 'subject', '_next', 'idempotency_key',
]);

@ApiTags('bookings')
@Controller('bookings')
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * A Clean & View booking request. JSON answers `201 {id}` (also to a form post whose Accept prefers
   * JSON); a plain form post (the prerendered form, without JavaScript) is answered with a redirect to
   * /thank-you, or a page listing the problems.
   */
  @Public()
  @Post()
  @RateLimit({
    perIp: { minute: 5, day: 30 },
    message: `You have sent several booking requests in a short time. Please try again later, or call us on ${COMPANY.phone}.`,
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: BookingRequestDto })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeating a request with the same key creates one booking.' })
  @ApiCreatedResponse({ type: BookingCreatedResponse })
  @ApiTooManyRequestsResponse()
  async create(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<BookingCreatedResponse | void> {
    // The encoding decides how fields are read (browser forms may carry fields we ignore); what the
    // client accepts decides the answer: a page for a browser's form post, JSON for an API client.
    const page = answersWithPage(request);
    const fields = await readFields(request);
    if (!isFormPost(request)) {
      const unknown = Object.keys(fields).filter((key) => !KNOWN_FIELDS.has(key));
      if (unknown.length > 0) throw DomainError.validation(unknown.map((field) => ({ field, message: `property ${field} should not exist` })));
    }
    const header = request.headers['idempotency-key'];
    const key = (typeof header === 'string' ? header : undefined) ?? (typeof fields.idempotency_key === 'string' && fields.idempotency_key ? fields.idempotency_key : undefined);
    try {
      const booking = await this.bookings.create(fields, key);
      if (page) {
        void reply.status(HttpStatus.SEE_OTHER).header('location', safeRedirect(fields._next, BOOKING_REDIRECT)).send();
        return;
      }
      // A replay with the same idempotency key answers like the original: the same booking, 201.
      void reply.status(HttpStatus.CREATED);
      return { id: booking.id };
    } catch (error) {
      if (page && error instanceof DomainError && error.errors) {
        void reply
          .status(HttpStatus.BAD_REQUEST)
          .type('text/html; charset=utf-8')
          .send(formErrorPage('Please check your booking', error.errors, `${refererPath(request, this.config.publicBaseUrl).split('#')[0]}#book`));
        return;
      }
      throw error;
    }
  }
}
