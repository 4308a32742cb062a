import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource } from 'typeorm';

export interface HitResult {
  hits: number;
  blocked: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL (an UNLOGGED table): every server instance counts the same hits,
 * so two instances behind a load balancer do not double a limit. A counter past its limit stays
 * blocked until its window ends.
 */
@Injectable()
export class PgRateLimitStore {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, windowMs: number, limit: number): Promise<HitResult> {
    const rows: Array<{ hits: number; expires_in: string }> = await this.dataSource.query(
      `INSERT INTO rate_limit_hits AS r (key, hits, expires_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
         expires_at = CASE WHEN r.expires_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE r.expires_at END
       RETURNING hits, extract(epoch FROM (expires_at - now())) AS expires_in`,
      [key, windowMs],
    );
    const row = rows[0]!;
    return { hits: row.hits, blocked: row.hits > limit, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.expires_in))) };
  }

  /** Forgets finished windows every ten minutes; any instance may do it, it is idempotent. */
  @Interval('rate-limit-cleanup', 10 * 60_000)
  async removeExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_hits WHERE expires_at < now()`).catch(() => undefined);
  }
}
