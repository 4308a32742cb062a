import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AvailabilityController } from './appointments.controller.js';
import { AppointmentsService } from './appointments.service.js';
import { BookingPage } from './booking-page.js';

/**
 * Appointments (issue 16): availability, the booked places of each slot, the customer's booking link
 * page. Reacts to bookings' events.
 */
@Module({
  imports: [AddressesModule, SettingsModule, RateLimitModule],
  controllers: [AvailabilityController],
  providers: [AppointmentsRepository, AppointmentsService, BookingPage],
  exports: [AppointmentsService],
})
export class AppointmentsModule {}
