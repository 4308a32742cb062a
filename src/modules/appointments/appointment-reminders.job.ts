import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { scheduleCron } from '../../common/scheduling/scheduled-runs.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { AppointmentNotices } from './appointment-notices.js';
import { AppointmentsRepository } from './appointments.repository.js';

const JOB = 'appointment-reminders';
const BATCH = 50;

/**
 * The day-before reminder (issue 16): at 4:00 PM in the site's time zone, each confirmed appointment
 * still ahead gets `appointment_reminder` once. Every instance looks every minute
 * (APPOINTMENT_REMINDERS_CRON); a due appointment is locked (SKIP LOCKED), its e-mail queued and its
 * `reminder_queued_at` set in one transaction, so two instances never both queue it, a crash before
 * the commit leaves it for the next look, and the e-mail's dedupe key (appointment and visit time)
 * stops any repeat. Cancelled appointments are never reminded; a moved one is reminded of its new time.
 */
@Injectable()
export class AppointmentRemindersJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AppointmentReminders');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: AppointmentsRepository,
    private readonly notices: AppointmentNotices,
    private readonly notifications: NotificationsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    scheduleCron(this.scheduler, {
      name: JOB,
      cronTime: this.config.schedules.appointmentReminders,
      timeZone: this.config.tzDisplay,
      onTick: () => void this.run().catch((error: Error) => this.logger.error(`Appointment reminders failed: ${error.message}`)),
    });
  }

  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('cron', JOB)) this.scheduler.deleteCronJob(JOB);
  }

  /** Queues every reminder due at `now`; answers how many this call queued. */
  async run(now: Date = new Date()): Promise<number> {
    let queued = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const due = await this.repository.claimDueReminders(manager, now, BATCH);
        for (const appointment of due) {
          await this.notifications.enqueue(manager, this.notices.reminder({ ...appointment, startsAt: new Date(appointment.startsAt) }));
          await this.repository.markReminderQueued(manager, appointment.id);
        }
        return due.length;
      });
      queued += count;
      if (count < BATCH) break;
    }
    if (queued > 0) this.logger.log({ job: JOB, queued }, `Queued ${queued} appointment reminder(s)`);
    return queued;
  }
}
