import { ForbiddenException, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { ACCOUNT_MESSAGES } from '../../contracts/account-rules.js';
import { effectiveRole, type Role } from '../../contracts/roles.js';
import { toAdminUserResponse, type AdminUserResponse, type UpdateUserDto } from './dto/admin-user.dto.js';
import type { ProfileResponse, UpdateProfileDto } from './dto/profile.dto.js';
import { Profile } from './profile.entity.js';
import { USER_LIST, UsersRepository } from './users.repository.js';

/** Profiles and the staff's management of users and roles. */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: UsersRepository,
  ) {}

  async getProfile(userId: string): Promise<ProfileResponse> {
    const profile = await this.dataSource.manager.findOneBy(Profile, { userId });
    return { fullName: profile?.fullName ?? null, businessName: profile?.businessName ?? null, phone: profile?.phone ?? null };
  }

  /** Upsert: fields left out keep their value; an empty value clears it. */
  async updateProfile(userId: string, changes: UpdateProfileDto): Promise<ProfileResponse> {
    const values: Record<string, string | null> = {};
    if (changes.fullName !== undefined) values.full_name = changes.fullName || null;
    if (changes.businessName !== undefined) values.business_name = changes.businessName || null;
    if (changes.phone !== undefined) values.phone = changes.phone || null;
    await this.dataSource.query(
      `INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET
         full_name = CASE WHEN $5 THEN EXCLUDED.full_name ELSE profiles.full_name END,
         business_name = CASE WHEN $6 THEN EXCLUDED.business_name ELSE profiles.business_name END,
         phone = CASE WHEN $7 THEN EXCLUDED.phone ELSE profiles.phone END,
         updated_at = now()`,
      [
        userId,
        values.full_name ?? null,
        values.business_name ?? null,
        values.phone ?? null,
        'full_name' in values,
        'business_name' in values,
        'phone' in values,
      ],
    );
    return this.getProfile(userId);
  }

  async listForAdmin(params: ListParams): Promise<{ rows: AdminUserResponse[]; total: number; offset: number }> {
    const list = parseListParams(params, USER_LIST);
    const { rows, total } = await this.repository.findForAdminList(list);
    return { rows: rows.map(toAdminUserResponse), total, offset: list.offset };
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
      if (roleChanges) await this.setRole(manager, id, changes.role!);
      if (disabledChanges) {
        await manager.query(`UPDATE users SET disabled_at = CASE WHEN $2 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1`, [
          id,
          changes.disabled,
        ]);
      }
      if (roleChanges || disabledChanges) await this.endSessions(manager, id);
      return toAdminUserResponse((await this.repository.findForAdmin(id, manager))!);
    });
  }

  async setRole(manager: EntityManager, userId: string, role: Role): Promise<void> {
    await manager.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, updated_at = now()`,
      [userId, role],
    );
  }

  /** Every access and refresh token issued so far stops working. */
  async endSessions(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1`, [userId]);
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
}
