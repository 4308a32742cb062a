import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../errors/domain-error.js';

/** @nestjs/throttler's metadata key for a route's own limit (`THROTTLER:LIMIT` + window name). */
const ROUTE_LIMIT_KEY = 'THROTTLER:LIMIT';

/**
 * Applies `@RateLimit` limits, counted in PostgreSQL, and answers 429 in the global error format.
 * Routes that set no limit are never counted.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  protected override async shouldSkip(): Promise<boolean> {
    return !this.config.rateLimits;
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, throttler } = request;
    const routeLimit = this.reflector.getAllAndOverride<unknown>(`${ROUTE_LIMIT_KEY}${throttler.name}`, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (routeLimit === undefined) return true;
    return super.handleRequest(request);
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new DomainError('RATE_LIMITED', tooManyRequestsMessage(detail.timeToBlockExpire), HttpStatus.TOO_MANY_REQUESTS);
  }
}

export function tooManyRequestsMessage(secondsToWait: number): string {
  if (secondsToWait <= 60) return 'Too many requests. Please wait a minute and try again.';
  const minutes = Math.ceil(secondsToWait / 60);
  if (minutes < 120) return `Too many requests. Please try again in ${minutes} minutes.`;
  return `Too many requests. Please try again in ${Math.ceil(minutes / 60)} hours.`;
}
