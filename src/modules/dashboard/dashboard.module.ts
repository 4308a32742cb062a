import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { EnquiriesModule } from '../enquiries/enquiries.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RebatesModule } from '../rebates/rebates.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/** The console's Today page (issue 19): reads other modules through their services; owns no table, and nothing imports it. */
@Module({
  imports: [AppointmentsModule, BookingsModule, EnquiriesModule, JobsModule, NotificationsModule, RebatesModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
