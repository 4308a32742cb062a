import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUOTE_MESSAGES, type PublicQuote, type QuoteAcceptRequest, type QuoteDeclineRequest } from '@relining/contracts/api/inspections';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { JOB_STATUS_RATE_LIMIT, privateAnswer } from '../jobs/job-status.controller.js';
import { QUOTE_RULE_MESSAGES } from './quote.rules.js';
import { QuotesService } from './quotes.service.js';

/** Accepting or declining per IP: a customer does it once; a few retries are plenty. */
export const QUOTE_ANSWER_RATE_LIMIT = { perIp: { minute: 10, hour: 60 } } as const satisfies RateLimitOptions;

/** The customer's quote on the tracking page, once unlocked (403 until then). */
@ApiTags('job status')
@Controller('job-status')
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Public()
  @Get(':code/quote')
  @RateLimit(JOB_STATUS_RATE_LIMIT)
  @ApiOkResponse({ description: 'The latest published version.' })
  @ApiForbiddenResponse({ description: QUOTE_MESSAGES.locked })
  @ApiNotFoundResponse({ description: QUOTE_RULE_MESSAGES.notPublished })
  get(@Param('code') code: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PublicQuote> {
    privateAnswer(reply);
    return this.quotes.publicQuote(code, request);
  }

  @Public()
  @Post(':code/quote/accept')
  @HttpCode(HttpStatus.OK)
  @RateLimit(QUOTE_ANSWER_RATE_LIMIT)
  @ApiOkResponse({ description: '{fullName, agree: true, version, mediaConsent?} → the quote, accepted (accepting twice changes nothing).' })
  @ApiConflictResponse({ description: QUOTE_MESSAGES.outdated })
  accept(
    @Param('code') code: string,
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicQuote> {
    privateAnswer(reply);
    return this.quotes.accept(code, body as unknown as QuoteAcceptRequest, request);
  }

  @Public()
  @Post(':code/quote/decline')
  @HttpCode(HttpStatus.OK)
  @RateLimit(QUOTE_ANSWER_RATE_LIMIT)
  @ApiOkResponse({ description: '{reason?} → the quote, declined; staff are told.' })
  @ApiConflictResponse({ description: QUOTE_RULE_MESSAGES.acceptedAlready })
  decline(
    @Param('code') code: string,
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicQuote> {
    privateAnswer(reply);
    return this.quotes.decline(code, body as unknown as QuoteDeclineRequest, request);
  }
}
