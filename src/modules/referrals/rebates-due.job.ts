import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { runOncePerPeriod, scheduleCron } from '../../common/scheduling/scheduled-runs.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { todayIn } from '@relining/contracts/booking-rules';
import { formatMoney } from '@relining/contracts/business';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ReferralsAdminService } from './referrals-admin.service.js';
import { formatLongDateIn } from '@relining/contracts/date-format';

const JOB = 'rebates-due-digest';

/**
 * Every morning (08:00 in TZ_DISPLAY; REBATES_DUE_CRON) staff get one e-mail listing the rebates that
 * fall due in the next 3 days or are overdue. Its period is the day: every instance ticks, the day is
 * claimed in `scheduled_runs` first, so it runs once a day however many instances (or ticks) there are.
 */
@Injectable()
export class RebatesDueJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RebatesDue');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly referrals: ReferralsAdminService,
    private readonly notifications: NotificationsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    scheduleCron(this.scheduler, {
      name: JOB,
      cronTime: this.config.schedules.rebatesDue,
      timeZone: this.config.tzDisplay,
      onTick: (dueAt) => void this.run(dueAt).catch((error: Error) => this.logger.error(`The rebates-due e-mail failed: ${error.message}`)),
    });
  }

  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('cron', JOB)) this.scheduler.deleteCronJob(JOB);
  }

  /** Runs the day's digest if no instance has yet; answers whether this call ran it and what it sent. */
  async run(now: Date = new Date()): Promise<{ ran: boolean; count: number }> {
    const period = todayIn(this.config.tzDisplay, now);
    let count = 0;
    const ran = await runOncePerPeriod(this.dataSource, this.logger, JOB, period, async () => {
      count = await this.queueDigest(now, period);
    });
    return { ran, count };
  }

  /** Queues the digest of what falls due (nothing when nothing does); answers how many payments it lists. */
  private async queueDigest(now: Date, period: string): Promise<number> {
    const due = await this.referrals.dueWithin(3, now);
    if (due.length === 0) return 0;
    const date = formatLongDateIn(this.config.tzDisplay, now);
    const day = (iso: string) => formatLongDateIn(this.config.tzDisplay, iso);
    const list = due
      .map(
        (item) =>
          `${item.refNumber} · ${item.plumberName} · ${item.part === 'cleanView' ? 'C&V' : 'Reline'} ${formatMoney(item.amount)} · ${item.overdue ? `OVERDUE since ${day(item.dueAt)}` : `due ${day(item.dueAt)}`}`,
      )
      .join('\n');
    await this.dataSource.transaction((manager) =>
      this.notifications.enqueue(manager, {
        template: 'rebates_due_digest',
        to: this.config.companyEmail.replace(/^.*<([^>]+)>\s*$/, '$1'),
        variables: {
          date,
          count: String(due.length),
          total: formatMoney(due.reduce((sum, item) => sum + item.amount, 0)),
          list,
          referralsLink: `${this.config.publicBaseUrl}/admin/dashboard`,
        },
        dedupeKey: `${JOB}:${period}`,
      }),
    );
    this.logger.log(`Rebates due e-mail queued: ${due.length} payments`);
    return due.length;
  }
}
