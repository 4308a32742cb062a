import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ServerRenderedPages } from '../../common/http/server-rendered-pages.js';
import { RateLimitGuard, rateLimitRoute } from '../../common/rate-limit/rate-limit.guard.js';
import { BOOKING_LINK_RATE_LIMIT, BookingLinksController } from './booking-links.controller.js';
import { BookingLinksService } from './booking-links.service.js';

/**
 * The customer's booking link (/booking/{token}, issue 16) is rendered by the server with the
 * appointment, so the customer sees it in the first paint; it counts against GET /api/booking/:token's
 * rate limit (one counter: guessing tokens through the page gains nothing).
 */
@Injectable()
export class BookingPage implements OnModuleInit {
  constructor(
    private readonly pages: ServerRenderedPages,
    private readonly links: BookingLinksService,
    private readonly rateLimits: RateLimitGuard,
  ) {}

  onModuleInit(): void {
    const route = rateLimitRoute(BookingLinksController, BookingLinksController.prototype.get);
    this.pages.register({
      pattern: '/booking/:token',
      apiPath: ({ token = '' }) => `/booking/${encodeURIComponent(token)}`,
      load: ({ token = '' }) => this.links.managed(token.slice(0, 300)),
      limit: (request, reply) => this.rateLimits.enforce(route, BOOKING_LINK_RATE_LIMIT, request, reply),
    });
  }
}
