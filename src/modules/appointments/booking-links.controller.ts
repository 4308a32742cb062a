import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ManagedAppointment } from '@relining/contracts/api/appointments';
import type { AvailabilityAnswer } from '@relining/contracts/availability';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { BookingLinksService } from './booking-links.service.js';

/** Lookups and changes by booking link per IP, through the API and the server-rendered page together. */
export const BOOKING_LINK_RATE_LIMIT = { perIp: { minute: 30 } } as const satisfies RateLimitOptions;
/** Moves and cancellations: fewer still. */
export const BOOKING_LINK_CHANGE_RATE_LIMIT = { perIp: { minute: 10, hour: 30 } } as const satisfies RateLimitOptions;

const privatePage = (reply: FastifyReply) =>
  void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');

/** The customer's private booking link (`/booking/{token}`): their appointment only, nothing else. */
@ApiTags('booking link')
@Public()
@Controller('booking')
export class BookingLinksController {
  constructor(private readonly links: BookingLinksService) {}

  @Get(':token')
  @RateLimit(BOOKING_LINK_RATE_LIMIT)
  @ApiOkResponse({ description: 'ManagedAppointment: the appointment, labelled in the site time zone, and whether it can still be changed online.' })
  @ApiNotFoundResponse({ description: 'Unknown link.' })
  get(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<ManagedAppointment> {
    privatePage(reply);
    return this.links.managed(token);
  }

  @Get(':token/availability')
  @RateLimit(BOOKING_LINK_RATE_LIMIT)
  @ApiOkResponse({ description: "AvailabilityAnswer for the appointment's region (as GET /api/availability)." })
  availability(
    @Param('token') token: string,
    @Query('from') from: unknown,
    @Query('days') days: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AvailabilityAnswer> {
    privatePage(reply);
    return this.links.availability(token, { from, days });
  }

  @Post(':token/move')
  @HttpCode(HttpStatus.OK)
  @RateLimit(BOOKING_LINK_CHANGE_RATE_LIMIT)
  @ApiBody({
    schema: { required: ['date', 'time'], properties: { date: { type: 'string', example: '2026-12-02' }, time: { type: 'string', example: '11:00 AM' } } },
  })
  move(@Param('token') token: string, @Body() body: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<ManagedAppointment> {
    privatePage(reply);
    return this.links.move(token, body);
  }

  @Post(':token/cancel')
  @HttpCode(HttpStatus.OK)
  @RateLimit(BOOKING_LINK_CHANGE_RATE_LIMIT)
  @ApiBody({ schema: { required: ['reason'], properties: { reason: { type: 'string', example: 'The plumber fixed it' } } } })
  cancel(@Param('token') token: string, @Body() body: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<ManagedAppointment> {
    privatePage(reply);
    return this.links.cancel(token, body);
  }
}
