import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ServerRenderedPages } from '../../common/http/server-rendered-pages.js';
import { RateLimitGuard, rateLimitRoute } from '../../common/rate-limit/rate-limit.guard.js';
import { JOB_STATUS_RATE_LIMIT, JobStatusController } from './job-status.controller.js';
import { JobsService } from './jobs.service.js';

/**
 * The customer's tracking page (/job-status/{code}) is rendered by the server with its job, so the
 * customer sees their stage in the first paint; it counts against the job-status API's rate limit.
 */
@Injectable()
export class JobStatusPage implements OnModuleInit {
  constructor(
    private readonly pages: ServerRenderedPages,
    private readonly jobs: JobsService,
    private readonly rateLimits: RateLimitGuard,
  ) {}

  onModuleInit(): void {
    const route = rateLimitRoute(JobStatusController, JobStatusController.prototype.get);
    this.pages.register({
      pattern: '/job-status/:code',
      apiPath: ({ code = '' }) => `/job-status/${encodeURIComponent(code)}`,
      load: ({ code = '' }) => this.jobs.publicStatus(code.slice(0, 300)),
      limit: (request, reply) => this.rateLimits.enforce(route, JOB_STATUS_RATE_LIMIT, request, reply),
    });
  }
}
