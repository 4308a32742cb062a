import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountLinks } from './account-links.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER } from './auth.rules.js';
import { AuthService } from './auth.service.js';
import { InvitationsController } from './invitations.controller.js';
import { JwtStrategy } from './jwt.strategy.js';

@Module({
  imports: [
    UsersModule,
    NotificationsModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS, audience: JWT_AUDIENCE, issuer: JWT_ISSUER },
        verifyOptions: { algorithms: ['HS256'], audience: JWT_AUDIENCE, issuer: JWT_ISSUER },
      }),
    }),
  ],
  controllers: [AuthController, InvitationsController],
  providers: [AuthRepository, AuthService, JwtStrategy, AccountLinks],
  exports: [AuthService],
})
export class AuthModule {}
