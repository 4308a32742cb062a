import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { todayIn } from '@relining/contracts/booking-rules';
import { runOncePerPeriod, scheduleCron } from '../../common/scheduling/scheduled-runs.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AuditService } from './audit.service.js';
import { AuditRepository } from './audit.repository.js';

const JOB = 'audit-retention';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Once a day (AUDIT_RETENTION_CRON, 03:30 in TZ_DISPLAY) entries older than AUDIT_RETENTION_DAYS are
 * deleted. The day is claimed in `scheduled_runs`, so it runs once however many instances tick. The
 * prune and its own entry ('system: audit-retention', action 'prune', how many and the cutoff) commit
 * together.
 */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditRetention');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly scheduler: SchedulerRegistry,
    private readonly repository: AuditRepository,
    private readonly audit: AuditService,
  ) {}

  onApplicationBootstrap(): void {
    scheduleCron(this.scheduler, {
      name: JOB,
      cronTime: this.config.schedules.auditRetention,
      timeZone: this.config.tzDisplay,
      onTick: (dueAt) => void this.run(dueAt).catch((error: Error) => this.logger.error(`Audit retention failed: ${error.message}`)),
    });
  }

  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('cron', JOB)) this.scheduler.deleteCronJob(JOB);
  }

  /** Prunes once for the day of `now` (in TZ_DISPLAY); answers whether this call ran it and how many entries went. */
  async run(now: Date = new Date()): Promise<{ ran: boolean; deleted: number }> {
    let deleted = 0;
    const ran = await runOncePerPeriod(this.dataSource, this.logger, JOB, todayIn(this.config.tzDisplay, now), async () => {
      const cutoff = new Date(now.getTime() - this.config.auditRetentionDays * DAY_MS);
      await this.dataSource.transaction(async (manager) => {
        deleted = await this.repository.pruneOlderThan(manager, cutoff);
        await this.audit.record(manager, {
          entity: 'audit_log',
          entityId: null,
          action: 'prune',
          details: { deleted, olderThan: cutoff.toISOString(), retentionDays: this.config.auditRetentionDays },
        });
      });
    });
    return { ran, deleted };
  }
}
