import { Throttle } from '@nestjs/throttler';

/** The windows a route can be limited by; each is off unless the route sets it. */
export const RATE_LIMIT_WINDOWS = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
} as const;

export type RateLimitWindow = keyof typeof RATE_LIMIT_WINDOWS;

/**
 * Limits a route per client IP, e.g. `@RateLimit({ minute: 5, day: 30 })`. Routes without it are not
 * counted at all. `RATE_LIMITS=off` lifts every limit (benchmarks and automated acceptance runs only).
 */
export const RateLimit = (limits: Partial<Record<RateLimitWindow, number>>): MethodDecorator & ClassDecorator =>
  Throttle(Object.fromEntries(Object.entries(limits).map(([window, limit]) => [window, { limit }])));
