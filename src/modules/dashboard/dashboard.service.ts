import { Injectable } from '@nestjs/common';
import type { TodayDashboard } from '@relining/contracts/api/dashboard';
import { isoDayIn } from '@relining/contracts/date-format';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AppointmentsAdminService } from '../appointments/appointments-admin.service.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { EnquiriesService } from '../enquiries/enquiries.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { addDays, groupByRegion, weekEndOf } from './dashboard.rules.js';

/**
 * The console's Today page (issue 19): what needs staff attention, read from the modules that own it
 * through their services (this module owns no table and writes nothing). Days are TZ_DISPLAY's.
 */
@Injectable()
export class DashboardService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly appointments: AppointmentsAdminService,
    private readonly bookings: BookingsAdminService,
    private readonly enquiries: EnquiriesService,
    private readonly jobs: JobsService,
    private readonly notifications: NotificationsService,
    private readonly rebates: RebatesService,
  ) {}

  async today(now: Date = new Date()): Promise<TodayDashboard> {
    const timeZone = this.config.tzDisplay;
    const today = isoDayIn(timeZone, now);
    const tomorrow = addDays(today, 1);
    const week = weekEndOf(today);
    const [appointments, newBookings, newEnquiries, rebatesDue, failedEmails] = await Promise.all([
      this.appointments.confirmedOnDays([today, tomorrow]),
      this.bookings.countNotYetContacted(),
      this.enquiries.countNotYetContacted(),
      this.rebates.unpaidDueBefore(week.nextMonday, timeZone),
      this.notifications.countFailed(),
    ]);
    const jobIds = await this.jobs.jobIdsForBookings([...new Set(appointments.map((appointment) => appointment.bookingId))]);
    const items = appointments.map((appointment) => {
      const jobId = jobIds.get(appointment.bookingId);
      return {
        day: appointment.day,
        region: appointment.region,
        id: appointment.id,
        startsAt: new Date(appointment.startsAt).toISOString(),
        customer: appointment.customerName,
        suburb: appointment.suburb,
        bookingId: appointment.bookingId,
        ...(jobId ? { jobId } : {}),
      };
    });
    const onDay = (day: string) => groupByRegion(items.filter((item) => item.day === day).map(({ day: _day, ...item }) => item));
    return {
      timeZone,
      today,
      tomorrow,
      appointments: { today: onDay(today), tomorrow: onDay(tomorrow) },
      newBookings: { count: newBookings },
      newEnquiries: { count: newEnquiries },
      rebatesDueThisWeek: { count: rebatesDue.count, totalCents: rebatesDue.totalCents, weekEnds: week.sunday, dueBefore: rebatesDue.before.toISOString() },
      failedEmails: { count: failedEmails },
    };
  }
}
