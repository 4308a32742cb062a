import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUOTE_MESSAGES } from '@relining/contracts/api/inspections';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { PublicJobStatusResponse, UnlockJobDto } from './dto/job.dto.js';
import { JobAccessService } from './job-access.service.js';
import { JobsService } from './jobs.service.js';

/** Lookups by tracking code per IP, through the API and the server-rendered page together (one counter). */
export const JOB_STATUS_RATE_LIMIT = { perIp: { minute: 60 } } as const satisfies RateLimitOptions;
/** Unlock tries per IP across every job (each job also takes at most five wrong an hour). */
export const JOB_UNLOCK_RATE_LIMIT = { perIp: { minute: 20, hour: 100 } } as const satisfies RateLimitOptions;

/** Private by link: never cached, indexed or leaked through referrers. */
export function privateAnswer(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
}

@ApiTags('job status')
@Controller('job-status')
export class JobStatusController {
  constructor(
    private readonly jobs: JobsService,
    private readonly access: JobAccessService,
  ) {}

  /** The customer's tracking page: stages and dates for anyone with the link; whether a report or quote waits behind the unlock. */
  @Public()
  @Get(':code')
  @RateLimit(JOB_STATUS_RATE_LIMIT)
  @ApiOkResponse({ type: PublicJobStatusResponse })
  @ApiNotFoundResponse({ description: 'Unknown code (and the literal "invalid"): "The job ID provided is not valid or has expired."' })
  async get(@Param('code') code: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PublicJobStatusResponse> {
    privateAnswer(reply);
    return this.jobs.publicStatus(code.slice(0, 300), request);
  }

  /** The site's postcode or the phone's last four digits → 204 and an HttpOnly cookie for this job only. */
  @Public()
  @Post(':code/unlock')
  @HttpCode(204)
  @RateLimit(JOB_UNLOCK_RATE_LIMIT)
  @ApiNoContentResponse({ description: 'Unlocked: sets the HttpOnly `job_access` cookie (path /api/job-status/{code}).' })
  @ApiTooManyRequestsResponse({ description: QUOTE_MESSAGES.unlockLimited })
  async unlock(
    @Param('code') code: string,
    @Body() body: UnlockJobDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    privateAnswer(reply);
    await this.access.unlock(code, body, request, reply);
  }
}
