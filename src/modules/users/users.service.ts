import { ForbiddenException, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { effectiveRole, type Role } from '@relining/contracts/roles';
import { changedFields } from '../audit/audit.rules.js';
import { AuditService } from '../audit/audit.service.js';
import { toAdminUserResponse, type AdminUserResponse, type UpdateUserDto } from './dto/admin-user.dto.js';
import type { ProfileResponse, UpdateProfileDto } from './dto/profile.dto.js';
import { accountEmail, USER_CSV_COLUMNS, USER_LIST, UsersRepository, type ReferrerRow } from './users.repository.js';

/** Profiles and the staff's management of users and roles. */
@Injectable()
export class UsersService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: UsersRepository,
    private readonly audit: AuditService,
  ) {}

  async getProfile(userId: string): Promise<ProfileResponse> {
    const profile = await this.repository.findProfile(userId);
    return { fullName: profile?.fullName ?? null, businessName: profile?.businessName ?? null, phone: profile?.phone ?? null };
  }

  /** Upsert: fields left out keep their value; an empty value clears it. */
  async updateProfile(userId: string, changes: UpdateProfileDto): Promise<ProfileResponse> {
    const next = {
      ...(changes.fullName !== undefined && { fullName: changes.fullName || null }),
      ...(changes.businessName !== undefined && { businessName: changes.businessName || null }),
      ...(changes.phone !== undefined && { phone: changes.phone || null }),
    };
    await this.dataSource.transaction(async (manager) => {
      const stored = await this.repository.findProfileForUpdate(manager, userId);
      await this.repository.upsertProfile(manager, userId, next);
      const previous = { fullName: stored?.fullName ?? null, businessName: stored?.businessName ?? null, phone: stored?.phone ?? null };
      // Only the fields sent are compared: the audit rules keep those that really changed (none: no entry).
      const sent = Object.keys(next) as Array<keyof typeof previous>;
      const before = Object.fromEntries(sent.map((field) => [field, previous[field]]));
      if (changedFields(before, next) !== null) {
        await this.audit.record(manager, { entity: 'user', entityId: userId, action: 'profile_updated', before, after: next });
      }
    });
    return this.getProfile(userId);
  }

  async listForAdmin(params: ListParams): Promise<{ rows: AdminUserResponse[]; total: number; offset: number }> {
    const list = parseListParams(params, USER_LIST);
    const { rows, total } = await this.repository.findForAdminList(list);
    return { rows: rows.map(toAdminUserResponse), total, offset: list.offset };
  }

  csvFileName(now: Date = new Date()): string {
    return `users-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /**
   * Every user matching the list's filter as CSV, streamed by the shared exporter (times in
   * TZ_DISPLAY, the heading says so); audited with the filter and the row count.
   */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, USER_LIST);
    const finished = this.audit.exportRecorder({ list: 'users', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      USER_CSV_COLUMNS.map((column) => (column === 'created_at' ? `${column} (${zone})` : column)),
      finished,
    );
  }

  async getForAdmin(id: string): Promise<AdminUserResponse> {
    const row = await this.repository.findForAdmin(id);
    if (!row) throw DomainError.notFound('User not found.');
    return toAdminUserResponse(row);
  }

  /**
   * Changes a user's role or disables them. Either ends every session of that user at once (their
   * token version moves on). Staff cannot change their own role or disable themselves.
   */
  async updateByAdmin(actor: CurrentUserInfo, id: string, changes: UpdateUserDto): Promise<AdminUserResponse> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.repository.findForAdmin(id, manager);
      if (!current) throw DomainError.notFound('User not found.');
      const roleChanges = changes.role !== undefined && changes.role !== current.role;
      const disabledChanges = changes.disabled !== undefined && changes.disabled !== current.disabled;
      if (roleChanges && actor.id === id) throw new ForbiddenException(ACCOUNT_MESSAGES.ownRole);
      if (disabledChanges && changes.disabled && actor.id === id) throw new ForbiddenException(ACCOUNT_MESSAGES.ownAccountDisabled);
      if (roleChanges) {
        await this.setRole(manager, id, changes.role!);
        await this.audit.record(manager, {
          entity: 'user',
          entityId: id,
          action: 'role_changed',
          before: { role: current.role },
          after: { role: changes.role },
        });
      }
      if (disabledChanges) {
        await this.repository.setDisabled(manager, id, changes.disabled!);
        await this.audit.record(manager, {
          entity: 'user',
          entityId: id,
          action: changes.disabled ? 'disable' : 'enable',
          before: { disabled: current.disabled },
          after: { disabled: changes.disabled },
        });
      }
      if (roleChanges || disabledChanges) await this.endSessions(manager, id);
      return toAdminUserResponse((await this.repository.findForAdmin(id, manager))!);
    });
  }

  async setRole(manager: EntityManager, userId: string, role: Role): Promise<void> {
    await this.repository.upsertRole(manager, userId, role);
  }

  /** A new account with its profile (the caller gives it a role); answers its id. */
  createAccount(manager: EntityManager, account: Parameters<UsersRepository['insertAccount']>[1]): Promise<string> {
    return this.repository.insertAccount(manager, account);
  }

  recordSignIn(manager: EntityManager, userId: string): Promise<void> {
    return this.repository.recordSignIn(manager, userId);
  }

  /** Who made a change, by address: other modules' histories name their actors with this. */
  emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
    return this.repository.findEmails(ids);
  }

  /** An account's address, read in the caller's transaction. */
  emailOf(manager: EntityManager, userId: string): Promise<string | undefined> {
    return accountEmail(manager, userId);
  }

  markEmailVerified(manager: EntityManager, userId: string): Promise<{ email: string; fullName: string | null } | undefined> {
    return this.repository.markEmailVerified(manager, userId);
  }

  fullNameOf(manager: EntityManager, userId: string): Promise<string | null> {
    return this.repository.findFullName(manager, userId);
  }

  setPasswordFromLink(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    return this.repository.setPasswordFromLink(manager, userId, passwordHash);
  }

  accountSummary(userId: string): ReturnType<UsersRepository['findAccountSummary']> {
    return this.repository.findAccountSummary(userId);
  }

  /** Every access and refresh token issued so far stops working. */
  async endSessions(manager: EntityManager, userId: string): Promise<void> {
    await this.repository.bumpTokenVersion(manager, userId);
  }

  /**
   * The account's e-mail if its owner has proved it is theirs (verified it, or set a password through
   * a link sent there); undefined otherwise. What others submitted under that address is offered only then.
   */
  confirmedEmailOf(userId: string): Promise<string | undefined> {
    return this.repository.findConfirmedEmail(userId);
  }

  /** The role a signed-in user acts with: spec §6, none means plumber. Throws if the lookup fails. */
  async roleOf(userId: string): Promise<Role> {
    return effectiveRole(await this.repository.findStoredRole(userId));
  }

  /** The plumber's referral code, made the first time it is asked for. */
  async referralCodeOf(userId: string): Promise<string> {
    const code = await this.repository.ensureReferralCode(userId, newReferralCode);
    if (!code) throw DomainError.notFound('Account not found.');
    return code;
  }

  /** Who a referral code belongs to (an enabled account), if anyone. */
  referrerByCode(code: string, manager?: EntityManager): Promise<ReferrerRow | undefined> {
    return code ? this.repository.findByReferralCode(code, manager) : Promise.resolve(undefined);
  }

  /** An account's e-mail, name and phone. */
  contactOf(userId: string, manager?: EntityManager): Promise<ReferrerRow | undefined> {
    return this.repository.findContact(userId, manager);
  }
}

/** Capitals and digits people cannot confuse (no 0/O, 1/I/L): 8 of them, about 10^11 codes. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}
