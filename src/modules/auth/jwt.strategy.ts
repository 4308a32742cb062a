import { createSecretKey } from 'node:crypto';
import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { effectiveRole, type Role } from '@relining/contracts/roles';
import { UsersRepository } from '../users/users.repository.js';
import { AuthRepository } from './auth.repository.js';
import { accessTokenStillValid, isSignInId, JWT_AUDIENCE, JWT_ISSUER, type AccessClaims } from './auth.rules.js';

/**
 * Verifies the Bearer access token (HS256 only, our audience and issuer, not expired), then checks it
 * still speaks for its user: the account exists and is enabled, its sessions were not ended since,
 * its role is the one the token was issued with, and its own sign-in was not ended (logout, a
 * replayed refresh token).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly users: UsersRepository,
    private readonly sessions: AuthRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object, made once: given a string, jsonwebtoken tries it as a public key first and
      // builds a new key for every request (a sixth of an authenticated request's CPU).
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret!)) as unknown as string,
      algorithms: ['HS256'],
      audience: JWT_AUDIENCE,
      issuer: JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessClaims): Promise<CurrentUserInfo> {
    // The lookups at once: every signed-in request waits for them.
    const [user, role, signInLive] = await Promise.all([
      this.users.findSessionUser(claims.sub),
      this.users
        .findStoredRole(claims.sub)
        .then(effectiveRole)
        .catch((error: unknown): Role | null => {
          // spec §6: a failed role lookup is logged and grants nothing.
          this.logger.error({ err: error, userId: claims.sub }, 'Role lookup failed');
          return null;
        }),
      // Signing out ends this token at once: its sign-in (refresh-token family) must still be on.
      isSignInId(claims.sid) && isSignInId(claims.sub) ? this.sessions.isSignInLive(claims.sub, claims.sid) : false,
    ]);
    const state = { exists: !!user, disabled: user?.disabled ?? true, tokenVersion: user?.tokenVersion ?? -1, role: role ?? claims.role, signInLive };
    if (!user || !accessTokenStillValid(claims, state)) {
      throw new UnauthorizedException('Your session has ended. Please log in again.');
    }
    return { id: user.id, email: user.email, role };
  }
}
