import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../errors/domain-error.js';
import { PgRateLimitStore } from './pg-rate-limit.store.js';
import { RATE_LIMIT, RATE_LIMIT_WINDOWS, type RateLimitOptions, type RateLimitWindow } from './rate-limit.decorator.js';

/**
 * Applies `@RateLimit` limits, counted in PostgreSQL so every server instance shares them, and answers
 * 429 in the global error format with `Retry-After`. Routes without a limit never touch the store.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: PgRateLimitStore,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.rateLimits) return true;
    const options = this.reflector.getAllAndOverride<RateLimitOptions | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!options) return true;
    const http = context.switchToHttp();
    await this.enforce(rateLimitRoute(context.getClass(), context.getHandler()), options, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    return true;
  }

  /**
   * Counts one request against a route's limits and throws the 429 (with `Retry-After` set on the
   * reply) when one is spent. Routes served outside Nest (the server-rendered job-status page) call
   * it with the route name of their API, so both count against the same limits.
   */
  async enforce(route: string, options: RateLimitOptions, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!this.config.rateLimits) return;
    const checks: Array<{ key: string; window: RateLimitWindow; limit: number }> = [];
    for (const [window, limit] of entries(options.perIp)) {
      checks.push({ key: `${route}:ip:${request.ip}:${window}`, window, limit });
    }
    const subject = options.perSubject?.by(request)?.trim().toLowerCase();
    if (options.perSubject && subject) {
      // Hashed: the store never holds the e-mail address itself.
      const hashed = createHash('sha256').update(subject).digest('base64url');
      for (const [window, limit] of entries(options.perSubject.limits)) {
        checks.push({ key: `${route}:subject:${hashed}:${window}`, window, limit });
      }
    }
    for (const check of checks) {
      const result = await this.store.hit(check.key, RATE_LIMIT_WINDOWS[check.window], check.limit);
      if (result.blocked) {
        void reply.header('retry-after', String(result.retryAfterSeconds));
        throw new DomainError('RATE_LIMITED', options.message ?? tooManyRequestsMessage(result.retryAfterSeconds), HttpStatus.TOO_MANY_REQUESTS);
      }
    }
  }
}

/** The name a route's counters are kept under: `JobStatusController.get`. */
export function rateLimitRoute(controller: { name: string }, handler: { name: string }): string {
  return `${controller.name}.${handler.name}`;
}

function entries(limits: Partial<Record<RateLimitWindow, number>> | undefined): Array<[RateLimitWindow, number]> {
  return Object.entries(limits ?? {}) as Array<[RateLimitWindow, number]>;
}

export function tooManyRequestsMessage(secondsToWait: number): string {
  if (secondsToWait <= 60) return 'Too many requests. Please wait a minute and try again.';
  const minutes = Math.ceil(secondsToWait / 60);
  if (minutes < 120) return `Too many requests. Please try again in ${minutes} minutes.`;
  return `Too many requests. Please try again in ${Math.ceil(minutes / 60)} hours.`;
}
