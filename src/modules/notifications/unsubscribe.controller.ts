import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SuppressionReason } from '@relining/contracts/api/email-preferences';
import { Public } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { readFields } from '../../common/http/form-body.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { UnsubscribeResponseDto } from './dto/email-preferences.dto.js';
import { isOneClickBody } from './email-preferences.rules.js';
import { EmailPreferencesService, type UnsubscribeOutcome } from './email-preferences.service.js';
import { resubscribedPage, unknownTokenPage, unsubscribedPage } from './unsubscribe-page.js';

/** Like the other public lookups by a secret in the address: enough for people, too few to guess tokens (128 bits anyway). */
export const UNSUBSCRIBE_RATE_LIMIT = { perIp: { minute: 30, hour: 200 } } as const satisfies RateLimitOptions;

/**
 * The unsubscribe page's routes sit outside /api (app.factory.ts excludes them from the prefix): the
 * address printed in marketing e-mails and sent as List-Unsubscribe is `/unsubscribe/{token}`.
 */
export const UNSUBSCRIBE_PAGE_ROUTES = { page: 'unsubscribe/:token', resubscribe: 'unsubscribe/:token/resubscribe' } as const;

/** An answer people read: never cached, indexed, or sent on as a referrer (the token is in the address). */
function page(reply: FastifyReply, status: number, html: string): string {
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
  return html;
}

/** The page for an outcome, or the not-valid page (404) for a token we never made. */
async function pageFor(reply: FastifyReply, work: () => Promise<UnsubscribeOutcome>, render: (outcome: UnsubscribeOutcome) => string): Promise<string> {
  try {
    return page(reply, HttpStatus.OK, render(await work()));
  } catch (error) {
    if (error instanceof DomainError && error.statusCode === HttpStatus.NOT_FOUND) return page(reply, HttpStatus.NOT_FOUND, unknownTokenPage());
    throw error;
  }
}

/**
 * One-click unsubscribe without sign-in (Spam Act 2003, RFC 8058). Opening the link unsubscribes at
 * once and asks for nothing; a mail program's unsubscribe button POSTs to the same address, from no
 * page of ours and with no cookie, so the route takes any body and has no same-origin check.
 */
@ApiTags('e-mail preferences')
@Controller()
export class UnsubscribePageController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Public()
  @Get(UNSUBSCRIBE_PAGE_ROUTES.page)
  @RateLimit(UNSUBSCRIBE_RATE_LIMIT)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Unsubscribed (at once, idempotent): the page says so, names the masked address and offers to subscribe again.' })
  @ApiNotFoundResponse({ description: 'Unknown token: a page saying how to unsubscribe anyway.' })
  unsubscribe(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return pageFor(
      reply,
      () => this.preferences.unsubscribe(token, SuppressionReason.UnsubscribeLink),
      (outcome) => unsubscribedPage(token, outcome.email),
    );
  }

  /** RFC 8058 one-click: `List-Unsubscribe=One-Click`, urlencoded or multipart, cross-site, no cookies. */
  @Public()
  @Post(UNSUBSCRIBE_PAGE_ROUTES.page)
  @HttpCode(HttpStatus.OK)
  @RateLimit(UNSUBSCRIBE_RATE_LIMIT)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Unsubscribed (reason one_click).' })
  @ApiNotFoundResponse({ description: 'Unknown token.' })
  async oneClick(@Param('token') token: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    // The token is the proof; the body only says which way it came (a form posted from elsewhere counts as the link).
    const body = await readFields(request).catch(() => ({}));
    const reason = isOneClickBody(body) ? SuppressionReason.OneClick : SuppressionReason.UnsubscribeLink;
    return pageFor(
      reply,
      () => this.preferences.unsubscribe(token, reason),
      (outcome) => unsubscribedPage(token, outcome.email),
    );
  }

  @Public()
  @Post(UNSUBSCRIBE_PAGE_ROUTES.resubscribe)
  @HttpCode(HttpStatus.OK)
  @RateLimit(UNSUBSCRIBE_RATE_LIMIT)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Subscribed again: the suppression is removed and the consent recorded (source unsubscribe_page).' })
  @ApiNotFoundResponse({ description: 'Unknown token.' })
  resubscribe(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return pageFor(
      reply,
      () => this.preferences.resubscribe(token),
      (outcome) => resubscribedPage(outcome.email),
    );
  }
}

/** The same unsubscribe for a client that speaks JSON: POST /api/unsubscribe/{token}. */
@ApiTags('e-mail preferences')
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  // The parameter is not called `token`: the page's one-click POST (same path outside /api) is excluded
  // from the prefix by its literal route, `unsubscribe/:token`, and this route must keep it.
  @Public()
  @Post(':unsubscribeToken')
  @HttpCode(HttpStatus.OK)
  @RateLimit(UNSUBSCRIBE_RATE_LIMIT)
  @ApiOkResponse({ type: UnsubscribeResponseDto, description: 'Unsubscribed (idempotent): the address masked.' })
  @ApiNotFoundResponse({ description: 'Unknown token.' })
  @ApiTooManyRequestsResponse()
  unsubscribe(@Param('unsubscribeToken') token: string): Promise<UnsubscribeResponseDto> {
    return this.preferences.unsubscribe(token, SuppressionReason.UnsubscribeLink);
  }
}
