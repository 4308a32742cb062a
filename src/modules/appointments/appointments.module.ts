import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AvailabilityController } from './appointments.controller.js';
import { AppointmentsService } from './appointments.service.js';

/** Appointments (issue 16): availability, the booked places of each slot. Reacts to bookings' events. */
@Module({
  imports: [AddressesModule, SettingsModule],
  controllers: [AvailabilityController],
  providers: [AppointmentsRepository, AppointmentsService],
  exports: [AppointmentsService],
})
export class AppointmentsModule {}
