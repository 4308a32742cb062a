import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { PublicJobStatusResponse } from './dto/job.dto.js';
import { JobsService } from './jobs.service.js';

/** Lookups by tracking code per IP, through the API and the server-rendered page together (one counter). */
export const JOB_STATUS_RATE_LIMIT = { perIp: { minute: 60 } } as const satisfies RateLimitOptions;

@ApiTags('job status')
@Controller('job-status')
export class JobStatusController {
  constructor(private readonly jobs: JobsService) {}

  /** The customer's tracking page. Private by link: never cached, indexed or leaked through referrers. */
  @Public()
  @Get(':code')
  @RateLimit(JOB_STATUS_RATE_LIMIT)
  @ApiOkResponse({ type: PublicJobStatusResponse })
  @ApiNotFoundResponse({ description: 'Unknown code (and the literal "invalid"): "The job ID provided is not valid or has expired."' })
  async get(@Param('code') code: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<PublicJobStatusResponse> {
    void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    return this.jobs.publicStatus(code.slice(0, 300));
  }
}
