import { Controller, Headers, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { REFERRAL_COOKIE } from '@relining/contracts/referral-rules';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { ErrorResponseSchema } from '../../common/errors/error-response.schema.js';
import { FormBody } from '../../common/http/form-body.decorator.js';
import { safeRedirect } from '../../common/http/form-body.js';
import { FormPage } from '../../common/http/form-page.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { BOOKING_REDIRECT } from '@relining/contracts/booking-rules';
import { COMPANY } from '@relining/contracts/business';
import { BookingCreatedResponse, BookingRequestDto } from './dto/booking.dto.js';
import { BookingsService } from './bookings.service.js';

@ApiTags('bookings')
@Controller('bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  /**
   * A Clean & View booking request. JSON answers `201 {id}` (also to a form post whose Accept prefers
   * JSON; a replay with the same idempotency key answers like the original); a plain form post (the
   * prerendered form, without JavaScript) is answered with a redirect to /thank-you (or `_next`), or
   * a page listing the problems. A form post may carry fields we ignore; a JSON body may not.
   */
  @Public()
  @Post()
  @RateLimit({
    perIp: { minute: 5, day: 30 },
    message: `You have sent several booking requests in a short time. Please try again later, or call us on ${COMPANY.phone}.`,
  })
  @FormPage<BookingRequestDto>({
    problemsTitle: 'Please check your booking',
    formAnchor: '#book',
    next: (booking) => safeRedirect(booking._next, BOOKING_REDIRECT),
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: BookingRequestDto })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeating a request with the same key creates one booking.' })
  @ApiCreatedResponse({ type: BookingCreatedResponse })
  @ApiBadRequestResponse({
    type: ErrorResponseSchema,
    description:
      "VALIDATION_FAILED (errors lists each field), or SLOT_CLOSED: the date is closed in the suburb's state or within the minimum notice (nextSlots lists the next free slots). A plain form post gets a page listing the same.",
  })
  @ApiConflictResponse({
    type: ErrorResponseSchema,
    description: 'SLOT_TAKEN: the last place of that time was just taken; nothing was stored (nextSlots lists the next free slots).',
  })
  @ApiTooManyRequestsResponse()
  create(
    @FormBody({ formPostUnknownFields: 'ignore' }) booking: BookingRequestDto,
    @Req() request: FastifyRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BookingCreatedResponse> {
    // The code remembered from the plumber's link (`/?ref=CODE`) counts when the form carries none.
    return this.bookings.create(booking, idempotencyKey, request.cookies?.[REFERRAL_COOKIE]);
  }
}
