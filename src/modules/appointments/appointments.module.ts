import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { AppointmentNotices } from './appointment-notices.js';
import { AppointmentRemindersJob } from './appointment-reminders.job.js';
import { AppointmentsAdminController } from './appointments-admin.controller.js';
import { AppointmentsAdminService } from './appointments-admin.service.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AvailabilityController } from './appointments.controller.js';
import { AppointmentsService } from './appointments.service.js';
import { BookingLinksController } from './booking-links.controller.js';
import { BookingPage } from './booking-page.js';
import { BookingLinksService } from './booking-links.service.js';
import { CalendarFeedAdminController, CalendarFeedController } from './calendar-feeds.controller.js';
import { CalendarFeedsService } from './calendar-feeds.service.js';

/**
 * Appointments (issue 16): availability, the booked places of each slot, staff's confirmed
 * appointments, the customer's booking link (API and server-rendered page), reminders and the staff calendar feed. Reacts to
 * bookings' events and sets a booking's status through the bookings module.
 */
@Module({
  imports: [AddressesModule, SettingsModule, BookingsModule, NotificationsModule, UsersModule, RateLimitModule],
  controllers: [AvailabilityController, AppointmentsAdminController, BookingLinksController, CalendarFeedAdminController, CalendarFeedController],
  providers: [
    AppointmentsRepository,
    AppointmentsService,
    AppointmentsAdminService,
    AppointmentNotices,
    BookingLinksService,
    AppointmentRemindersJob,
    CalendarFeedsService,
    BookingPage,
  ],
  exports: [AppointmentsService, AppointmentsAdminService, BookingLinksService],
})
export class AppointmentsModule {}
