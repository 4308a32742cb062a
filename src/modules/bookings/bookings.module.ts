import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/addresses.module.js';
import { UsersModule } from '../users/users.module.js';
import { BookingsAdminController } from './bookings-admin.controller.js';
import { BookingsAdminService } from './bookings-admin.service.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsRepository } from './bookings.repository.js';
import { BookingsService } from './bookings.service.js';

@Module({
  imports: [AddressesModule, UsersModule],
  controllers: [BookingsController, BookingsAdminController],
  providers: [BookingsRepository, BookingsService, BookingsAdminService],
  exports: [BookingsAdminService],
})
export class BookingsModule {}
