import { Module } from '@nestjs/common';
import { MeController } from './me.controller.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [MeController, UsersAdminController],
  providers: [UsersRepository, UsersService],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
