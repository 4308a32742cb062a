import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { DataSource } from 'typeorm';

interface HitRow {
  hits: number;
  expires_in: string | number;
  blocked_in: string | number | null;
}

/**
 * Rate-limit counters kept in PostgreSQL (an UNLOGGED table), so that every server instance counts
 * the same hits: two instances behind a load balancer do not double a limit.
 */
@Injectable()
export class PgThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly dataSource: DataSource) {}

  async increment(key: string, ttlMs: number, limit: number, blockDurationMs: number): Promise<{
    totalHits: number;
    timeToExpire: number;
    isBlocked: boolean;
    timeToBlockExpire: number;
  }> {
    const rows: HitRow[] = await this.dataSource.query(
      `INSERT INTO rate_limit_hits AS r (key, hits, expires_at, blocked_until)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond',
               CASE WHEN 1 > $3 THEN now() + $4 * interval '1 millisecond' END)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
         expires_at = CASE WHEN r.expires_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE r.expires_at END,
         blocked_until = CASE
           WHEN r.blocked_until > now() THEN r.blocked_until
           WHEN (CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END) > $3 THEN now() + $4 * interval '1 millisecond'
           ELSE NULL
         END
       RETURNING hits,
                 extract(epoch FROM (expires_at - now())) AS expires_in,
                 extract(epoch FROM (blocked_until - now())) AS blocked_in`,
      [key, ttlMs, limit, blockDurationMs],
    );
    const row = rows[0]!;
    const blockedIn = row.blocked_in === null ? 0 : Number(row.blocked_in);
    return {
      totalHits: row.hits,
      timeToExpire: Math.max(0, Math.ceil(Number(row.expires_in))),
      isBlocked: blockedIn > 0,
      timeToBlockExpire: Math.max(0, Math.ceil(blockedIn)),
    };
  }
}

/** Forgets finished windows every ten minutes; any instance may do it, it is idempotent. */
@Injectable()
export class RateLimitCleanup {
  constructor(private readonly dataSource: DataSource) {}

  @Interval('rate-limit-cleanup', 10 * 60_000)
  async removeExpired(): Promise<void> {
    await this.dataSource
      .query(`DELETE FROM rate_limit_hits WHERE expires_at < now() AND (blocked_until IS NULL OR blocked_until < now())`)
      .catch(() => undefined);
  }
}
