import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { MyPaymentDetailsController, UserPaymentDetailsAdminController } from './payment-details.controller.js';
import { PaymentDetailsRepository } from './payment-details.repository.js';
import { PaymentDetailsService } from './payment-details.service.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [MeController, UsersAdminController, MyPaymentDetailsController, UserPaymentDetailsAdminController],
  providers: [UsersRepository, UsersService, PaymentDetailsRepository, PaymentDetailsService],
  exports: [UsersRepository, UsersService, PaymentDetailsService],
})
export class UsersModule {}
