import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ReviewInvitation, ReviewReceipt } from '@relining/contracts/api/reviews';
import { COMPANY } from '@relining/contracts/business';
import { Public } from '../../common/auth/auth.decorators.js';
import { ErrorResponseSchema } from '../../common/errors/error-response.schema.js';
import { FormBody } from '../../common/http/form-body.decorator.js';
import { safeRedirect } from '../../common/http/form-body.js';
import { FormPage } from '../../common/http/form-page.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { ReviewSubmissionDto } from './dto/review.dto.js';
import { ReviewsService } from './reviews.service.js';

/** Look-ups of a review link per IP (the page opens it once, a person retries a few times). */
export const REVIEW_LINK_RATE_LIMIT = { perIp: { minute: 30 } } as const satisfies RateLimitOptions;
/** Reviews sent per IP: as few as the other public forms allow. */
export const REVIEW_POST_RATE_LIMIT = {
  perIp: { minute: 5, day: 30 },
  message: `You have sent several reviews in a short time. Please try again later, or call us on ${COMPANY.phone}.`,
} as const satisfies RateLimitOptions;

const privateAnswer = (reply: FastifyReply) =>
  void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');

/** The customer's private review link (`/review/{token}`, from the review request e-mail). */
@ApiTags('reviews')
@Public()
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get(':token')
  @RateLimit(REVIEW_LINK_RATE_LIMIT)
  @ApiOkResponse({ description: 'ReviewInvitation: the first name, suburb and job number the form starts with.' })
  @ApiNotFoundResponse({ type: ErrorResponseSchema, description: 'REVIEW_LINK_UNKNOWN: not a link we sent.' })
  @ApiGoneResponse({ type: ErrorResponseSchema, description: 'REVIEW_LINK_USED: the review was already written.' })
  invitation(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReviewInvitation> {
    privateAnswer(reply);
    return this.reviews.invitation(token);
  }

  /**
   * The review, once. JSON answers `201 ReviewReceipt`; a plain form post (no JavaScript) is answered
   * with a redirect to `_next` (a path of this site, the home page by default) or a page listing the
   * problems.
   */
  @Post(':token')
  @RateLimit(REVIEW_POST_RATE_LIMIT)
  @FormPage<ReviewSubmissionDto>({ problemsTitle: 'Please check your review', next: (review) => safeRedirect(review._next, '/') })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: ReviewSubmissionDto })
  @ApiCreatedResponse({ description: 'ReviewReceipt {id, rating, consent}: stored, waiting for moderation.' })
  @ApiBadRequestResponse({ type: ErrorResponseSchema, description: 'VALIDATION_FAILED: errors lists each field with its message.' })
  @ApiNotFoundResponse({ type: ErrorResponseSchema, description: 'REVIEW_LINK_UNKNOWN' })
  @ApiGoneResponse({ type: ErrorResponseSchema, description: 'REVIEW_LINK_USED: the link was used (nothing more is stored).' })
  @ApiTooManyRequestsResponse()
  submit(
    @Param('token') token: string,
    @FormBody({ formPostUnknownFields: 'ignore' }) review: ReviewSubmissionDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReviewReceipt> {
    privateAnswer(reply);
    return this.reviews.submit(token, review);
  }
}
