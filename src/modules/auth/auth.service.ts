import { HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { PgRateLimitStore } from '../../common/rate-limit/pg-rate-limit.store.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import { ROLE_LABELS, Role } from '@relining/contracts/roles';
import { EMAIL_PREVIEW_NOTE } from '@relining/contracts/email-delivery';
import { AuditService } from '../audit/audit.service.js';
import { SECRET_LINK_PLACEHOLDER } from '../notifications/link-minters.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { ACCOUNT_LINK_MINTER } from './account-links.js';
import { AuthRepository, PASSWORD_LINK_PURPOSES } from './auth.repository.js';
import { ACCESS_TOKEN_TTL_SECONDS, decideRefresh, firstName, LOGIN_FAILURE_WINDOW_MS, loginSlowdownMs } from './auth.rules.js';
import type { InvitationResult, RegisterResult } from '@relining/contracts/api/auth';
import type { InviteUserDto, LoginDto, MeResponse, RegisterDto, SessionResponse } from './dto/auth.dto.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

/** A session for the client: the access token in the body, the refresh token for the HttpOnly cookie. */
export interface IssuedSession {
  body: SessionResponse;
  refreshToken: string;
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';

function hourBucket(): string {
  return new Date().toISOString().slice(0, 13);
}

/** Reset e-mails to one address are folded into one per quarter hour: its link stays valid an hour. */
const RESET_EMAIL_WINDOW_MS = 15 * 60_000;

/** The token of an account link as stored and shown: the real one is made when the e-mail is sent. */
const HIDDEN = SECRET_LINK_PLACEHOLDER;

/**
 * Registration, sign-in, sessions and account links. Answers never reveal whether an e-mail address
 * has an account: registering, resetting and inviting answer alike for known and unknown addresses,
 * and a failed sign-in spends the same time either way.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly repository: AuthRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly notifications: NotificationsService,
    private readonly rateLimits: PgRateLimitStore,
    private readonly audit: AuditService,
  ) {}

  private link(path: string): string {
    return `${this.config.publicBaseUrl}${path}`;
  }

  async register(dto: RegisterDto): Promise<{ body: RegisterResult; refreshToken?: string }> {
    const pending: RegisterResult = { user: { email: dto.email, role: Role.Plumber }, accessToken: null, verificationRequired: true };
    const passwordHash = await hashPassword(dto.password);
    const outcome = await this.dataSource
      .transaction(async (manager) => {
        const existing = await this.users.findByEmailWithPassword(dto.email, manager);
        if (existing) {
          await this.queueAccountExists(manager, existing.id, existing.email);
          return { kind: 'existing' as const };
        }
        const id = await this.usersService.createAccount(manager, {
          email: dto.email,
          passwordHash,
          profile: { fullName: dto.fullName, businessName: dto.businessName, phone: dto.phone },
        });
        await this.usersService.setRole(manager, id, Role.Plumber);
        await this.audit.record(manager, {
          entity: 'user',
          entityId: id,
          action: 'create',
          before: null,
          after: { email: dto.email, fullName: dto.fullName, businessName: dto.businessName, phone: dto.phone, role: Role.Plumber },
          details: { via: 'register' },
        });
        if (this.config.requireEmailVerification) {
          await this.queueVerification(manager, { id: id, email: dto.email, fullName: dto.fullName });
          return { kind: 'pending' as const };
        }
        await this.usersService.recordSignIn(manager, id);
        await this.queueWelcome(manager, id, dto.email, dto.fullName);
        return { kind: 'session' as const, session: await this.issueSession(manager, { id: id, email: dto.email, role: Role.Plumber }, 0) };
      })
      .catch((error: { code?: string }) => {
        // Two registrations of one address at the same time: the second answers like any existing address.
        if (error.code === '23505') return { kind: 'existing' as const };
        throw error;
      });
    if (outcome.kind !== 'session') return { body: pending };
    return {
      body: {
        user: outcome.session.body.user,
        accessToken: outcome.session.body.accessToken,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        verificationRequired: false,
      },
      refreshToken: outcome.session.refreshToken,
    };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const used = await this.repository.consumeAccountToken(manager, token, ['verify_email']);
      if (!used) throw new DomainError('TOKEN_INVALID', ACCOUNT_MESSAGES.tokenInvalid, HttpStatus.BAD_REQUEST);
      // Confirmed: no other confirmation link of the address is needed any more.
      await this.repository.retireLinks(manager, { userId: used.userId, email: await this.usersService.emailOf(manager, used.userId) }, ['verify_email']);
      const user = await this.usersService.markEmailVerified(manager, used.userId);
      if (user) {
        await this.audit.record(manager, {
          entity: 'user',
          entityId: used.userId,
          action: 'email_verified',
          // The link is followed signed out: the account's owner is who acted.
          actor: { kind: 'user', id: used.userId, email: user.email },
        });
      }
      // Quick referrals sent with this address are not attached here: the dashboard offers them to the plumber.
      if (user) await this.queueWelcome(manager, used.userId, user.email, user.fullName);
    });
    return { message: ACCOUNT_MESSAGES.emailVerified };
  }

  async login(dto: LoginDto): Promise<IssuedSession> {
    // An account under attack (wrong passwords from anywhere) slows every attempt on it, never refuses one.
    const failuresKey = `AuthService.login:failures:${createHash('sha256').update(dto.email.trim().toLowerCase()).digest('base64url')}`;
    if (this.config.rateLimits) {
      const wait = loginSlowdownMs(await this.rateLimits.count(failuresKey));
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const user = await this.users.findByEmailWithPassword(dto.email);
    const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, dto.password) : await verifyAgainstDummy(dto.password);
    if (!user || !passwordOk) {
      // Known and unknown addresses alike, and not awaited: the answer neither waits for it nor differs.
      this.recordFailedSignIn(dto.email, 'invalid_credentials');
      if (this.config.rateLimits) await this.rateLimits.hit(failuresKey, LOGIN_FAILURE_WINDOW_MS, Number.MAX_SAFE_INTEGER);
      throw new DomainError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials, HttpStatus.UNAUTHORIZED);
    }
    if (user.disabledAt) {
      this.recordFailedSignIn(dto.email, 'account_disabled');
      throw new DomainError('ACCOUNT_DISABLED', ACCOUNT_MESSAGES.accountDisabled, HttpStatus.FORBIDDEN);
    }
    if (this.config.requireEmailVerification && !user.emailVerifiedAt) {
      await this.dataSource.transaction(async (manager) => {
        const fullName = await this.usersService.fullNameOf(manager, user.id);
        await this.queueVerification(manager, { id: user.id, email: user.email, fullName }, `verify-resend:${user.id}:${hourBucket()}`);
      });
      throw new DomainError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailNotVerified, HttpStatus.FORBIDDEN);
    }
    const role = await this.usersService.roleOf(user.id);
    return this.dataSource.transaction(async (manager) => {
      await this.usersService.recordSignIn(manager, user.id);
      // Signing in happens signed out: the account is named as who acted.
      await this.audit.record(manager, { entity: 'session', entityId: user.id, action: 'sign_in', actor: { kind: 'user', id: user.id, email: user.email } });
      return this.issueSession(manager, { id: user.id, email: user.email, role }, user.tokenVersion);
    });
  }

  /** Rotates the refresh token; replaying a used one ends that whole sign-in (every token of its family). */
  async refresh(token: string | undefined): Promise<IssuedSession> {
    if (!token) throw new UnauthorizedException('Please log in to continue.');
    const result = await this.dataSource.transaction(async (manager) => {
      const stored = await this.repository.findRefreshTokenForUpdate(manager, token);
      if (!stored) return { kind: 'reject' as const };
      const user = await this.users.findSessionUser(stored.userId);
      const decision = decideRefresh(stored, user?.tokenVersion ?? -1, user?.disabled ?? true, new Date());
      if (decision === 'reuse') {
        await this.repository.revokeFamily(manager, stored.familyId);
        this.logger.warn({ userId: stored.userId }, 'A used refresh token was presented again: that sign-in was ended');
        return { kind: 'reject' as const };
      }
      if (decision === 'reject' || !user) return { kind: 'reject' as const };
      await this.repository.markRefreshTokenUsed(manager, stored.id);
      const role = await this.usersService.roleOf(user.id);
      return {
        kind: 'session' as const,
        session: await this.issueSession(manager, { id: user.id, email: user.email, role }, user.tokenVersion, stored.familyId),
      };
    });
    if (result.kind !== 'session') throw new UnauthorizedException(SESSION_ENDED);
    return result.session;
  }

  /** Ends this sign-in (the refresh cookie's family), or with `everywhere` every session of the user. */
  async logout(token: string | undefined, everywhere: boolean): Promise<void> {
    if (!token) return;
    await this.dataSource.transaction(async (manager) => {
      const stored = await this.repository.findRefreshTokenForUpdate(manager, token);
      if (!stored) return;
      await this.repository.revokeFamily(manager, stored.familyId);
      if (everywhere) {
        await this.usersService.endSessions(manager, stored.userId);
        await this.repository.revokeAllOfUser(manager, stored.userId);
      }
      const email = await this.usersService.emailOf(manager, stored.userId);
      await this.audit.record(manager, {
        entity: 'session',
        entityId: stored.userId,
        action: 'sign_out',
        details: everywhere ? { everywhere: true } : null,
        actor: email === undefined ? { kind: 'public' } : { kind: 'user', id: stored.userId, email },
      });
    });
  }

  /**
   * Answers the same for every address, and before anything depends on whether it has an account:
   * the request only queues a reset e-mail for the address as typed (with its link hidden). Whether
   * an account uses the address is first looked at when the e-mail is delivered (AccountLinks.mint,
   * in the outbox worker): with an account (enabled), the e-mail goes to its address with a fresh
   * link; without one, it is not sent (status `cancelled`). The outbox keeps the work durable: retried
   * until done, every failure logged and recorded. E-mails to one address are folded into one per
   * quarter hour (a flood of requests cannot flood a mailbox, and the owner still gets a working link).
   */
  async forgotPassword(email: string): Promise<{ message: string }> {
    const address = email.trim();
    await this.dataSource.transaction(async (manager) => {
      const ref = await this.repository.createLinkRequest(manager, 'reset_password', address);
      const bucket = Math.floor(Date.now() / RESET_EMAIL_WINDOW_MS);
      const queued = await this.notifications.enqueue(manager, {
        template: 'reset_password',
        to: address,
        variables: { resetLink: this.link(`/reset-password?token=${HIDDEN}`) },
        dedupeKey: `reset:${createHash('sha256').update(address.toLowerCase()).digest('base64url')}:${bucket}`,
        secretLink: { minter: ACCOUNT_LINK_MINTER, ref },
      });
      if (!queued.created) await this.repository.deleteLinkRequest(manager, ref);
    });
    return { message: ACCOUNT_MESSAGES.passwordResetRequested };
  }

  /** Sets a new password from a reset or invitation link; every existing session of the user ends. */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager) => {
      const used = await this.repository.consumeAccountToken(manager, token, ['reset_password', 'invite']);
      if (!used) throw new DomainError('TOKEN_INVALID', ACCOUNT_MESSAGES.tokenInvalid, HttpStatus.BAD_REQUEST);
      // Following the link proves the address is theirs.
      await this.usersService.setPasswordFromLink(manager, used.userId, passwordHash);
      await this.usersService.endSessions(manager, used.userId);
      await this.repository.revokeAllOfUser(manager, used.userId);
      // The password is set: every other reset and invitation link of the account stops working.
      const email = await this.usersService.emailOf(manager, used.userId);
      await this.repository.retireLinks(manager, { userId: used.userId, email }, PASSWORD_LINK_PURPOSES);
      // Never the password or its hash: only that it was set, and through which link.
      await this.audit.record(manager, {
        entity: 'user',
        entityId: used.userId,
        action: used.purpose === 'invite' ? 'invitation_accepted' : 'password_reset',
        details: { via: used.purpose },
        actor: email === undefined ? { kind: 'public' } : { kind: 'user', id: used.userId, email },
      });
    });
    return { message: ACCOUNT_MESSAGES.passwordUpdated };
  }

  async me(user: CurrentUserInfo): Promise<MeResponse> {
    const row = await this.usersService.accountSummary(user.id);
    return {
      id: user.id,
      email: user.email,
      role: user.role ?? Role.Plumber,
      profile: { fullName: row?.fullName ?? null, businessName: row?.businessName ?? null, phone: row?.phone ?? null },
      createdAt: new Date(row!.createdAt).toISOString(),
    };
  }

  /**
   * Staff invite someone with a role: a new account without a password, and an e-mail with a link to
   * set one. An address that already has an account is left unchanged, with the same answer.
   */
  async invite(dto: InviteUserDto): Promise<InvitationResult> {
    await this.dataSource
      .transaction(async (manager) => {
        if (await this.users.findByEmailWithPassword(dto.email, manager)) return;
        const id = await this.usersService.createAccount(manager, { email: dto.email, passwordHash: null });
        await this.usersService.setRole(manager, id, dto.role);
        await this.audit.record(manager, { entity: 'user', entityId: id, action: 'invite', details: { email: dto.email, role: dto.role } });
        const ref = await this.repository.createLinkRequest(manager, 'invite', dto.email);
        await this.notifications.enqueue(manager, {
          template: 'user_invite',
          to: dto.email,
          variables: { roleLabel: ROLE_LABELS[dto.role], inviteLink: this.link(`/reset-password?token=${HIDDEN}&invite=1`) },
          entity: { type: 'user', id: id },
          secretLink: { minter: ACCOUNT_LINK_MINTER, ref },
        });
      })
      .catch((error: { code?: string }) => {
        if (error.code !== '23505') throw error;
      });
    // Preview mode never says 'sent' (the same answer for an address that already has an account).
    return this.notifications.previewMode
      ? { message: `Invitation to ${dto.email} ${EMAIL_PREVIEW_NOTE}`, status: 'preview' }
      : { message: `Invitation sent to ${dto.email}`, status: 'queued' };
  }

  /**
   * A refused sign-in, in the trail as a visitor's attempt on the address typed. Written on its own
   * and not awaited: the caller's answer is the same, and as quick, whether or not it is written.
   */
  private recordFailedSignIn(email: string, reason: 'invalid_credentials' | 'account_disabled'): void {
    this.audit
      .recordAlone({ entity: 'session', entityId: null, action: 'sign_in_failed', details: { email: email.trim(), reason }, actor: { kind: 'public' } })
      .catch((error: unknown) => this.logger.error({ err: error }, 'A failed sign-in could not be recorded in the audit trail'));
  }

  /** A new sign-in (a new refresh-token family), or the next token of `familyId`; the access token names its sign-in (`sid`). */
  private async issueSession(
    manager: EntityManager,
    user: { id: string; email: string; role: Role },
    tokenVersion: number,
    familyId: string = randomUUID(),
  ): Promise<IssuedSession> {
    const accessToken = await this.jwt.signAsync({ sub: user.id, role: user.role, ver: tokenVersion, typ: 'access', sid: familyId });
    const refreshToken = await this.repository.issueRefreshToken(manager, user.id, tokenVersion, familyId);
    return { body: { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, user }, refreshToken };
  }

  /** The confirmation e-mail, its link made at delivery. `dedupeKey`: at most one per key (a resend on sign-in). */
  private async queueVerification(manager: EntityManager, user: { id: string; email: string; fullName: string | null }, dedupeKey?: string): Promise<void> {
    const ref = await this.repository.createLinkRequest(manager, 'verify_email', user.email);
    const queued = await this.notifications.enqueue(manager, {
      template: 'verify_email',
      to: user.email,
      variables: { firstName: firstName(user.fullName), verifyLink: this.link(`/verify-email?token=${HIDDEN}`) },
      dedupeKey,
      entity: { type: 'user', id: user.id },
      secretLink: { minter: ACCOUNT_LINK_MINTER, ref },
    });
    if (!queued.created) await this.repository.deleteLinkRequest(manager, ref);
  }

  private async queueWelcome(manager: EntityManager, userId: string, email: string, fullName: string | null): Promise<void> {
    await this.notifications.enqueue(manager, {
      template: 'welcome_plumber',
      to: email,
      variables: { firstName: firstName(fullName), dashboardLink: this.link('/plumber-dashboard') },
      dedupeKey: `welcome:${userId}`,
      entity: { type: 'user', id: userId },
    });
  }

  /** Someone registered with an address that has an account: tell its owner (at most once an hour). */
  private async queueAccountExists(manager: EntityManager, userId: string, email: string): Promise<void> {
    await this.notifications.enqueue(manager, {
      template: 'account_exists',
      to: email,
      variables: { signInLink: this.link('/plumber-referral'), resetLink: this.link('/plumber-referral?forgot=1') },
      dedupeKey: `account-exists:${userId}:${hourBucket()}`,
      entity: { type: 'user', id: userId },
    });
  }
}
