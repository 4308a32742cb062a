import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { runOncePerPeriod, scheduleCron } from '../scheduling/scheduled-runs.js';

const CLEANUP_JOB = 'rate-limit-cleanup';

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
export class PgRateLimitStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');

  constructor(
    private readonly dataSource: DataSource,
    @InjectConfig() private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    scheduleCron(this.scheduler, {
      name: CLEANUP_JOB,
      cronTime: this.config.schedules.rateLimitCleanup,
      timeZone: this.config.tzDisplay,
      onTick: (dueAt) => void this.removeExpired(dueAt).catch((error: Error) => this.logger.warn(`Rate-limit cleanup failed: ${error.message}`)),
    });
  }

  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('cron', CLEANUP_JOB)) this.scheduler.deleteCronJob(CLEANUP_JOB);
  }

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

  /** The hits counted so far in `key`'s current window (0 when none or its window ended); counts nothing. */
  async count(key: string): Promise<number> {
    const rows: Array<{ hits: number }> = await this.dataSource.query(`SELECT hits FROM rate_limit_hits WHERE key = $1 AND expires_at > now()`, [key]);
    return rows[0]?.hits ?? 0;
  }

  /**
   * Forgets finished windows (every ten minutes by default), once per tick across instances: the tick's
   * due time is its period. Its own claims older than a day go too.
   */
  async removeExpired(dueAt: Date): Promise<boolean> {
    return runOncePerPeriod(this.dataSource, this.logger, CLEANUP_JOB, dueAt.toISOString(), async () => {
      await this.dataSource.query(`DELETE FROM rate_limit_hits WHERE expires_at < now()`);
      await this.dataSource.query(`DELETE FROM scheduled_runs WHERE job = $1 AND started_at < now() - interval '1 day'`, [CLEANUP_JOB]);
    });
  }
}
