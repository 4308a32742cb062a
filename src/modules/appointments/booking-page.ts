import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ServerRenderedPages } from '../../common/http/server-rendered-pages.js';
import type { RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { RateLimitGuard } from '../../common/rate-limit/rate-limit.guard.js';
import { AppointmentsService } from './appointments.service.js';

/**
 * Lookups and changes by booking link per IP: the link's API (GET /api/booking/:token, its
 * availability, move and cancel) and the server-rendered page (/booking/:token) count against it.
 */
export const BOOKING_LINK_RATE_LIMIT = { perIp: { minute: 30 } } as const satisfies RateLimitOptions;

/**
 * The counter the page shares with GET /api/booking/:token: that route's name as the rate-limit guard
 * keeps it (rateLimitRoute(controller, handler): `BookingLinkController.get`). Once the controller is
 * here, this is `rateLimitRoute(BookingLinkController, BookingLinkController.prototype.get)`, as the
 * job-status page does.
 */
export const BOOKING_LINK_RATE_LIMIT_ROUTE = 'BookingLinkController.get';

/**
 * The customer's booking link (/booking/{token}, issue 16) is rendered by the server with the
 * appointment, so the customer sees it in the first paint; it counts against the booking-link API's
 * rate limit (guessing tokens through the page gains nothing).
 */
@Injectable()
export class BookingPage implements OnModuleInit {
  constructor(
    private readonly pages: ServerRenderedPages,
    private readonly appointments: AppointmentsService,
    private readonly rateLimits: RateLimitGuard,
  ) {}

  onModuleInit(): void {
    this.pages.register({
      pattern: '/booking/:token',
      apiPath: ({ token = '' }) => `/booking/${encodeURIComponent(token)}`,
      load: ({ token = '' }) => this.appointments.managed(token.slice(0, 300)),
      limit: (request, reply) => this.rateLimits.enforce(BOOKING_LINK_RATE_LIMIT_ROUTE, BOOKING_LINK_RATE_LIMIT, request, reply),
    });
  }
}
