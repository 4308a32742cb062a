import type { LoggerService } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import { runAsSystem } from '../audit/actor-context.js';

/**
 * Claims one period of a scheduled job in `scheduled_runs` (primary key: job, period). With several
 * server instances on one database every one of them ticks, the first claim wins and the others skip:
 * the job runs once per period. Answers whether this caller won.
 */
export async function claimScheduledRun(executor: DataSource | EntityManager, job: string, period: string): Promise<boolean> {
  const claimed = await queryRows<{ job: string }>(executor, `INSERT INTO scheduled_runs (job, period) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING job`, [
    job,
    period,
  ]);
  return claimed.length > 0;
}

/**
 * Runs `work` if this instance claims the period first, and logs either way (`ran`: true or false),
 * so an operator (and the reliability run) can see every instance tick and one of them run.
 */
export async function runOncePerPeriod(
  dataSource: DataSource,
  logger: LoggerService,
  job: string,
  period: string,
  work: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await claimScheduledRun(dataSource, job, period))) {
    logger.log({ job, period, ran: false }, `Scheduled job ${job} (${period}) already claimed (by this or another instance)`);
    return false;
  }
  logger.log({ job, period, ran: true }, `Scheduled job ${job} (${period}) running on this instance`);
  await runAsSystem(job, work);
  return true;
}

/**
 * Registers a cron job (in `timeZone`) whose ticks are told the time they were due. Every instance
 * computes the same due times from the same expression, so the due time names the period on all of
 * them, even when one instance's tick fires a little late.
 */
export function scheduleCron(scheduler: SchedulerRegistry, options: { name: string; cronTime: string; timeZone: string; onTick: (dueAt: Date) => void }): void {
  let due: Date;
  const job = CronJob.from({
    cronTime: options.cronTime,
    timeZone: options.timeZone,
    start: false,
    onTick: () => {
      const dueAt = due;
      // The job has already planned its next tick when this runs.
      due = job.nextDate().toJSDate();
      // What a scheduled job changes is the system's doing, named after the job in the audit trail.
      runAsSystem(options.name, () => options.onTick(dueAt));
    },
  });
  due = job.nextDate().toJSDate();
  job.start();
  scheduler.addCronJob(options.name, job);
}
