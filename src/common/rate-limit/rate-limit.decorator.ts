import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The windows a route can be limited by. */
export const RATE_LIMIT_WINDOWS = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
} as const;

export type RateLimitWindow = keyof typeof RATE_LIMIT_WINDOWS;

export interface RateLimitOptions {
  /** Most requests per window, per client IP: `{ minute: 5, day: 30 }`. */
  perIp?: Partial<Record<RateLimitWindow, number>>;
  /**
   * Most requests per window for one subject the request names (an account's e-mail for sign-in),
   * counted across every IP: `{ by: (request) => request.body.email, limits: { minute: 10 } }`.
   */
  perSubject?: {
    by: (request: FastifyRequest) => string | undefined;
    limits: Partial<Record<RateLimitWindow, number>>;
  };
  /** What the 429 says, for routes with a friendlier word than the default. */
  message?: string;
}

export const RATE_LIMIT = 'rateLimit:options';

/**
 * Limits a route, e.g. `@RateLimit({ perIp: { minute: 5, day: 30 } })`. Routes without it are not
 * counted at all. `RATE_LIMITS=off` lifts every limit (benchmarks and automated acceptance runs only).
 */
export const RateLimit = (options: RateLimitOptions): MethodDecorator & ClassDecorator => SetMetadata(RATE_LIMIT, options);
