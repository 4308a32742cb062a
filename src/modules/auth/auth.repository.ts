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

export interface LinkRequestRow {
  id: string;
  purpose: AccountTokenPurpose;
  email: string;
  retiredAt: Date | null;
}

/** The links that set a password: setting one, by whichever route, retires them all (issue 12). */
export const PASSWORD_LINK_PURPOSES: readonly AccountTokenPurpose[] = ['reset_password', 'invite'];

/**
 * Retires every outstanding link of these purposes of the user: tokens already made stop working, and
 * requests still waiting for their e-mail are never given a link. Requests first: a link being made
 * right now holds its request's lock, so this waits for it and then retires the token it made.
 */
export async function retireAccountLinks(
  manager: EntityManager,
  account: { userId: string; email: string | undefined },
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  const { userId, email } = account;
  if (email !== undefined) {
    await manager.query(
      `UPDATE account_link_requests SET retired_at = now()
       WHERE retired_at IS NULL AND purpose = ANY($2) AND lower(email) = lower($1)`,
      [email, purposes],
    );
  }
  await manager.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL`, [userId, purposes]);
}

/** A one-time account token (its hash) made outside a link request: admin:create's set-password link. */
export async function insertAccountToken(
  manager: EntityManager,
  userId: string,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  lifetimeMs: number,
): Promise<void> {
  await manager.query(`INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`, [
    userId,
    purpose,
    tokenHash,
    lifetimeMs,
  ]);
}

/** Refresh-token families, one-time account tokens and the requests for them; only token hashes are stored. */
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
   * Someone asked for a one-time link (verification, reset, invitation) for the account of `email`.
   * Nothing is looked up and no secret is made here: the link is made when its e-mail is delivered
   * (AccountLinks.mint), so a reset request costs the same whether or not the address has an account.
   */
  async createLinkRequest(manager: EntityManager, purpose: AccountTokenPurpose, email: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(manager, `INSERT INTO account_link_requests (purpose, email) VALUES ($1, $2) RETURNING id`, [
      purpose,
      email.trim(),
    ]);
    return row!.id;
  }

  /** A request whose e-mail was not queued (the same e-mail was already on its way). */
  async deleteLinkRequest(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM account_link_requests WHERE id = $1`, [id]);
  }

  /** Locks the request while its link is made, so retiring it (a password set meanwhile) waits or is seen. */
  async findLinkRequestForUpdate(manager: EntityManager, id: string): Promise<LinkRequestRow | undefined> {
    const rows = await queryRows<LinkRequestRow>(
      manager,
      `SELECT id, purpose, email, retired_at AS "retiredAt" FROM account_link_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  /**
   * A one-time link token for `userId`, valid for its purpose's lifetime from now; only its hash is
   * kept. Made for one delivery try of a request (`requestId`), or directly (admin:create prints one).
   * Earlier tokens stay valid until used, expired or retired: a stranger asking for a reset link must
   * not spoil the one the owner just received.
   */
  async issueAccountToken(manager: EntityManager, userId: string, purpose: AccountTokenPurpose, requestId: string | null = null): Promise<string> {
    const token = newOpaqueToken();
    await manager.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, request_id) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)`,
      [userId, purpose, hashToken(token), ACCOUNT_TOKEN_LIFETIME_MS[purpose], requestId],
    );
    return token;
  }

  /** Retires every outstanding link of these purposes of the user: made ones stop working, queued ones are never made. */
  retireLinks(manager: EntityManager, account: { userId: string; email: string | undefined }, purposes: readonly AccountTokenPurpose[]): Promise<void> {
    return retireAccountLinks(manager, account, purposes);
  }

  /** Uses a one-time token: answers its user when it is valid for one of `purposes`, else undefined. */
  async consumeAccountToken(
    manager: EntityManager,
    token: string,
    purposes: AccountTokenPurpose[],
  ): Promise<{ userId: string; purpose: AccountTokenPurpose } | undefined> {
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
