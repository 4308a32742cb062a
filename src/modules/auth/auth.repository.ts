import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import { ACCOUNT_TOKEN_LIFETIME_MS, REFRESH_TOKEN_TTL_MS, type AccountTokenPurpose } from './auth.rules.js';
import { hashToken, newOpaqueToken } from './secure-tokens.js';

export interface RefreshTokenRow {
  id: string;
  userId: string;
  familyId: string;
  tokenVersion: number;
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** Refresh-token families and one-time account tokens; only their hashes are stored. */
@Injectable()
export class AuthRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new refresh token in `familyId` (a new family for a new sign-in). Answers the token itself. */
  async issueRefreshToken(manager: EntityManager, userId: string, tokenVersion: number, familyId: string = randomUUID()): Promise<string> {
    const token = newOpaqueToken();
    await manager.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, token_version, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
      [userId, familyId, hashToken(token), tokenVersion, REFRESH_TOKEN_TTL_MS],
    );
    return token;
  }

  /** Locks the token's row for the rotation decision. */
  async findRefreshTokenForUpdate(manager: EntityManager, token: string): Promise<RefreshTokenRow | undefined> {
    const rows = await queryRows<RefreshTokenRow>(
      manager,
      `SELECT id, user_id AS "userId", family_id AS "familyId", token_version AS "tokenVersion",
              used_at AS "usedAt", revoked_at AS "revokedAt", expires_at AS "expiresAt"
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(token)],
    );
    return rows[0];
  }

  /**
   * Whether the sign-in `familyId` of `userId` is still on: some token of its family was not revoked
   * (logging out and a replayed refresh token revoke the whole family). Read for every signed-in request.
   */
  async isSignInLive(userId: string, familyId: string): Promise<boolean> {
    const rows = await queryRows<{ live: boolean }>(
      this.dataSource,
      `SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL) AS live`,
      [familyId, userId],
    );
    return rows[0]?.live === true;
  }

  async markRefreshTokenUsed(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [id]);
  }

  async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.query(`UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE family_id = $1`, [familyId]);
  }

  async revokeAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE user_id = $1`, [userId]);
  }

  /**
   * A one-time link token. A new password link retires the earlier ones (only the newest e-mail
   * works); verification links all stay valid until used or expired, so an older e-mail still works.
   */
  async issueAccountToken(manager: EntityManager, userId: string, purpose: AccountTokenPurpose): Promise<string> {
    const token = newOpaqueToken();
    if (purpose !== 'verify_email') {
      await manager.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
    }
    await manager.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [userId, purpose, hashToken(token), ACCOUNT_TOKEN_LIFETIME_MS[purpose]],
    );
    return token;
  }

  /** Uses a one-time token: answers its user when it is valid for one of `purposes`, else undefined. */
  async consumeAccountToken(manager: EntityManager, token: string, purposes: AccountTokenPurpose[]): Promise<{ userId: string; purpose: AccountTokenPurpose } | undefined> {
    const rows = await queryRows<{ userId: string; purpose: AccountTokenPurpose }>(
      manager,
      `UPDATE account_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = ANY($2) AND used_at IS NULL AND expires_at > now()
       RETURNING user_id AS "userId", purpose`,
      [hashToken(token), purposes],
    );
    return rows[0];
  }
}
