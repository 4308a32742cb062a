import { Global, Module } from '@nestjs/common';
import { PgRateLimitStore } from './pg-rate-limit.store.js';

/**
 * The shared rate-limit counters, for the global guard and for services that count something of their
 * own (failed sign-ins per account slow further attempts on it).
 */
@Global()
@Module({ providers: [PgRateLimitStore], exports: [PgRateLimitStore] })
export class RateLimitModule {}
