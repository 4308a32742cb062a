import { Global, Module } from '@nestjs/common';
import { PgRateLimitStore } from './pg-rate-limit.store.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * The shared rate-limit counters, for the global guard and for services that count something of their
 * own (failed sign-ins per account slow further attempts on it), and the guard itself (the
 * server-rendered job-status page counts against its API's limit through it).
 */
@Global()
@Module({ providers: [PgRateLimitStore, RateLimitGuard], exports: [PgRateLimitStore, RateLimitGuard] })
export class RateLimitModule {}
