import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, type SelectQueryBuilder } from 'typeorm';
import { equals, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type FilterDefinition, type ParsedList } from '../../common/react-admin/list-query.js';
import { ROLES, type Role } from '@relining/contracts/roles';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { queryRows } from '../../database/sql.js';
import { Profile } from './profile.entity.js';
import { User } from './user.entity.js';

export interface SessionUserRow {
  id: string;
  email: string;
  disabled: boolean;
  tokenVersion: number;
}

export interface AdminUserRow {
  id: string;
  email: string;
  role: Role;
  fullName: string | null;
  businessName: string | null;
  phone: string | null;
  emailVerified: boolean;
  disabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** The role filter counts users without a role as plumbers (spec §6). */
const roleFilter: FilterDefinition = {
  apply(query, value, name) {
    equals(`COALESCE(r.role, 'plumber')`, ROLES).apply(query, value, name);
  },
};

export const USER_LIST = defineListSpec({
  resource: 'users',
  idColumn: 'u.id',
  sortable: {
    email: 'lower(u.email)',
    role: `COALESCE(r.role, 'plumber')`,
    fullName: 'lower(p.full_name)',
    businessName: 'lower(p.business_name)',
    createdAt: 'u.created_at',
    lastSignInAt: 'u.last_sign_in_at',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['u.email', 'p.full_name', 'p.business_name', 'p.phone']),
    role: roleFilter,
    id: { apply: (query, value, name) => equals('u.id::text').apply(query, value, name) },
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

/** The users export's columns, in order: never a password hash, a token or bank details. */
export const USER_CSV_COLUMNS = ['id', 'email', 'full_name', 'business_name', 'phone', 'role', 'verified', 'disabled', 'created_at'] as const;

/** A new account (verified at once when `verified`), its empty or filled profile; answers its id. */
export async function insertAccount(
  manager: EntityManager,
  account: {
    email: string;
    passwordHash: string | null;
    verified?: boolean;
    profile?: { fullName: string | null; businessName: string | null; phone: string | null };
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    manager,
    `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, CASE WHEN $3 THEN now() END) RETURNING id`,
    [account.email, account.passwordHash, account.verified === true],
  );
  const id = row!.id;
  const profile = account.profile ?? { fullName: null, businessName: null, phone: null };
  await manager.query(`INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, $2, $3, $4)`, [
    id,
    profile.fullName,
    profile.businessName,
    profile.phone,
  ]);
  return id;
}

/**
 * The id of the account using this address (any case), locked for the rest of the transaction. NO KEY
 * UPDATE, not UPDATE: a worker minting the account's e-mailed link holds the link request's lock and
 * then inserts a token that references this row (a KEY SHARE lock); a full UPDATE lock here, before
 * admin:create retires that request, deadlocked the two (seen under load).
 */
export async function lockAccountByEmail(manager: EntityManager, email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(manager, `SELECT id FROM users WHERE lower(email) = lower($1) FOR NO KEY UPDATE`, [email]);
  return row?.id;
}

/** An existing account made usable by whoever runs admin:create: verified, enabled, sessions ended, the password set if given. */
export async function restoreAccountAccess(manager: EntityManager, userId: string, passwordHash: string | null): Promise<void> {
  await manager.query(
    `UPDATE users SET password_hash = COALESCE($2, password_hash), email_verified_at = COALESCE(email_verified_at, now()),
            disabled_at = NULL, token_version = token_version + 1, updated_at = now() WHERE id = $1`,
    [userId, passwordHash],
  );
}

export async function upsertRole(manager: EntityManager, userId: string, role: Role): Promise<void> {
  await manager.query(
    `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, updated_at = now()`,
    [userId, role],
  );
}

/** The address of an account, read in the caller's transaction. */
export async function accountEmail(manager: EntityManager, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(manager, `SELECT email FROM users WHERE id = $1`, [userId]);
  return row?.email;
}

/** Intent-named queries over users, profiles and roles. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The e-mail address of each of these accounts (an id with no account is absent). */
  async findEmails(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: string; email: string }>(this.dataSource, `SELECT id, email FROM users WHERE id = ANY($1::uuid[])`, [[...new Set(ids)]]);
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** The user with this e-mail (case-insensitive), with the password hash, or undefined. */
  async findByEmailWithPassword(email: string, manager: EntityManager = this.dataSource.manager) {
    return manager.createQueryBuilder(User, 'u').addSelect('u.passwordHash').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }

  async findSessionUser(id: string): Promise<SessionUserRow | undefined> {
    const rows = await queryRows<SessionUserRow>(
      this.dataSource,
      `SELECT id, email, disabled_at IS NOT NULL AS disabled, token_version AS "tokenVersion" FROM users WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The account's e-mail once its owner has confirmed it (followed a link sent there), else undefined. */
  async findConfirmedEmail(userId: string): Promise<string | undefined> {
    const rows = await queryRows<{ email: string }>(this.dataSource, `SELECT email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL`, [userId]);
    return rows[0]?.email;
  }

  findProfile(userId: string): Promise<Profile | null> {
    return this.dataSource.manager.findOneBy(Profile, { userId });
  }

  /** The profile as it is now, locked until the caller's transaction ends (an update compares with it). */
  async findProfileForUpdate(
    manager: EntityManager,
    userId: string,
  ): Promise<{ fullName: string | null; businessName: string | null; phone: string | null } | undefined> {
    const [row] = await queryRows<{ fullName: string | null; businessName: string | null; phone: string | null }>(
      manager,
      `SELECT full_name AS "fullName", business_name AS "businessName", phone FROM profiles WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return row;
  }

  /** Creates or updates the profile: fields left out keep their value, null clears one. */
  async upsertProfile(
    manager: EntityManager,
    userId: string,
    changes: { fullName?: string | null; businessName?: string | null; phone?: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET
         full_name = CASE WHEN $5 THEN EXCLUDED.full_name ELSE profiles.full_name END,
         business_name = CASE WHEN $6 THEN EXCLUDED.business_name ELSE profiles.business_name END,
         phone = CASE WHEN $7 THEN EXCLUDED.phone ELSE profiles.phone END,
         updated_at = now()`,
      [
        userId,
        changes.fullName ?? null,
        changes.businessName ?? null,
        changes.phone ?? null,
        'fullName' in changes,
        'businessName' in changes,
        'phone' in changes,
      ],
    );
  }

  async setDisabled(manager: EntityManager, userId: string, disabled: boolean): Promise<void> {
    await manager.query(`UPDATE users SET disabled_at = CASE WHEN $2 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1`, [userId, disabled]);
  }

  upsertRole(manager: EntityManager, userId: string, role: Role): Promise<void> {
    return upsertRole(manager, userId, role);
  }

  insertAccount(manager: EntityManager, account: Parameters<typeof insertAccount>[1]): Promise<string> {
    return insertAccount(manager, account);
  }

  async recordSignIn(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [userId]);
  }

  /** Marks the address confirmed (kept if it already was); answers the address and the profile's name. */
  async markEmailVerified(manager: EntityManager, userId: string): Promise<{ email: string; fullName: string | null } | undefined> {
    const [user] = await queryRows<{ email: string; fullName: string | null }>(
      manager,
      `UPDATE users u SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
       FROM (SELECT full_name FROM profiles WHERE user_id = $1) p
       WHERE u.id = $1 RETURNING u.email, p.full_name AS "fullName"`,
      [userId],
    );
    return user;
  }

  async findFullName(manager: EntityManager, userId: string): Promise<string | null> {
    const [profile] = await queryRows<{ fullName: string | null }>(manager, `SELECT full_name AS "fullName" FROM profiles WHERE user_id = $1`, [userId]);
    return profile?.fullName ?? null;
  }

  /** A new password from a link sent to the address: that also proves the address is theirs. */
  async setPasswordFromLink(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await manager.query(`UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1`, [
      userId,
      passwordHash,
    ]);
  }

  /** When the account was made and its profile (GET /api/auth/me). */
  async findAccountSummary(
    userId: string,
  ): Promise<{ createdAt: Date; fullName: string | null; businessName: string | null; phone: string | null } | undefined> {
    const [row] = await queryRows<{ createdAt: Date; fullName: string | null; businessName: string | null; phone: string | null }>(
      this.dataSource,
      `SELECT u.created_at AS "createdAt", p.full_name AS "fullName", p.business_name AS "businessName", p.phone
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    return row;
  }

  /** Every access and refresh token issued so far stops working. */
  async bumpTokenVersion(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1`, [userId]);
  }

  /** The stored role, or null when the user has none. Throws if the lookup itself fails. */
  async findStoredRole(userId: string): Promise<string | null> {
    const rows = await queryRows<{ role: string }>(this.dataSource, `SELECT role FROM user_roles WHERE user_id = $1`, [userId]);
    return rows[0]?.role ?? null;
  }

  private adminQuery(): SelectQueryBuilder<User> {
    return this.dataSource
      .createQueryBuilder(User, 'u')
      .leftJoin('profiles', 'p', 'p.user_id = u.id')
      .leftJoin('user_roles', 'r', 'r.user_id = u.id')
      .select([
        'u.id AS id',
        'u.email AS email',
        `COALESCE(r.role, 'plumber') AS role`,
        'p.full_name AS "fullName"',
        'p.business_name AS "businessName"',
        'p.phone AS phone',
        'u.email_verified_at IS NOT NULL AS "emailVerified"',
        'u.disabled_at IS NOT NULL AS disabled',
        'u.created_at AS "createdAt"',
        'u.last_sign_in_at AS "lastSignInAt"',
      ]);
  }

  async findForAdminList(list: ParsedList): Promise<{ rows: AdminUserRow[]; total: number }> {
    const query = applyListQuery(this.adminQuery(), list, USER_LIST);
    const [rows, total] = await Promise.all([query.getRawMany<AdminUserRow>(), query.clone().orderBy().offset(undefined).limit(undefined).getCount()]);
    return { rows, total };
  }

  /**
   * Every user matching the list's filter and sort, in USER_CSV_COLUMNS order, from a database cursor
   * (times in `timeZone`): memory stays flat however many rows there are. The caller releases it.
   */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const filtered = applyListQuery(this.adminQuery(), { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, USER_LIST)
      .offset(undefined)
      .limit(undefined);
    filtered
      .select([
        'u.id AS id',
        'u.email AS email',
        'p.full_name AS full_name',
        'p.business_name AS business_name',
        'p.phone AS phone',
        `COALESCE(r.role, 'plumber') AS role`,
        `(u.email_verified_at IS NOT NULL)::text AS verified`,
        `(u.disabled_at IS NOT NULL)::text AS disabled`,
        `to_char(u.created_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
      ])
      .setParameter('tz', timeZone);
    return openQueryCursor(this.dataSource, filtered);
  }

  async findForAdmin(id: string, manager?: EntityManager): Promise<AdminUserRow | undefined> {
    const query = manager ? this.adminQuery().setQueryRunner(manager.queryRunner!) : this.adminQuery();
    return query.where('u.id = :id', { id }).getRawOne<AdminUserRow>();
  }

  /** The account's referral code, made on first use (unique; a clash, one in a billion, draws again). */
  async ensureReferralCode(userId: string, draw: () => string): Promise<string | undefined> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const [row] = await queryRows<{ code: string }>(
          this.dataSource,
          `UPDATE users SET referral_code = coalesce(referral_code, $2) WHERE id = $1 RETURNING referral_code AS code`,
          [userId, draw()],
        );
        return row?.code;
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
      }
    }
    throw new Error('Could not draw a free referral code');
  }

  /** The enabled account a referral code belongs to, with what tells a self-referral apart. */
  async findByReferralCode(code: string, manager?: EntityManager): Promise<ReferrerRow | undefined> {
    const [row] = await queryRows<ReferrerRow>(
      manager ?? this.dataSource,
      `SELECT u.id, u.email, p.full_name AS "fullName", p.business_name AS "businessName", p.phone
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
       WHERE u.referral_code = $1 AND u.disabled_at IS NULL`,
      [code],
    );
    return row;
  }

  /** The account's e-mail, name and phone (a self-referral is told apart by them). */
  async findContact(userId: string, manager?: EntityManager): Promise<ReferrerRow | undefined> {
    const [row] = await queryRows<ReferrerRow>(
      manager ?? this.dataSource,
      `SELECT u.id, u.email, p.full_name AS "fullName", p.business_name AS "businessName", p.phone
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    return row;
  }
}

/** A plumber as their referral code finds them. */
export interface ReferrerRow {
  id: string;
  email: string;
  fullName: string | null;
  businessName: string | null;
  phone: string | null;
}
