import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';

/** A quick referral waiting for its plumber's word, as the dashboard offers it. */
export interface UnclaimedReferralRow {
  id: string;
  refNumber: string;
  clientName: string;
  jobAddress: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  createdAt: Date;
}

/**
 * Intent-named queries over referrals. The quick referrals' claims live here first; the rest of the
 * module's SQL moves here with 'One house style'.
 */
@Injectable()
export class ReferralsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Quick referrals made under this e-mail (any case), not attached to an account and not declined; newest first. */
  findUnclaimed(email: string): Promise<UnclaimedReferralRow[]> {
    return queryRows<UnclaimedReferralRow>(
      this.dataSource,
      `SELECT id, ref_number AS "refNumber", client_name AS "clientName", job_address AS "jobAddress", suburb, state, postcode, created_at AS "createdAt"
       FROM referrals
       WHERE plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($1)
       ORDER BY created_at DESC, id DESC`,
      [email],
    );
  }

  /**
   * Attaches those of `ids` that are still on offer to this e-mail's account; answers the ids it
   * attached (the caller refuses the whole request when one is missing, rolling this back).
   */
  async claim(manager: EntityManager, userId: string, email: string, ids: readonly string[]): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE referrals SET plumber_id = $1, updated_at = now()
       WHERE id = ANY($3::uuid[]) AND plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($2)
       RETURNING id`,
      [userId, email, ids],
    );
    await this.recordEvents(manager, rows, userId, 'attached', email);
    return rows.map((row) => row.id);
  }

  /** Marks those of `ids` still on offer as not this account holder's: they stay unattached, for staff. */
  async decline(manager: EntityManager, userId: string, email: string, ids: readonly string[]): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `UPDATE referrals SET claim_declined_at = now(), claim_declined_by = $1, updated_at = now()
       WHERE id = ANY($3::uuid[]) AND plumber_id IS NULL AND claim_declined_at IS NULL AND lower(plumber_email) = lower($2)
       RETURNING id`,
      [userId, email, ids],
    );
    await this.recordEvents(manager, rows, userId, 'claim_declined', email);
    return rows.map((row) => row.id);
  }

  private async recordEvents(manager: EntityManager, rows: ReadonlyArray<{ id: string }>, userId: string, kind: 'attached' | 'claim_declined', email: string): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO referral_events (referral_id, actor_id, kind, to_value) SELECT unnest($1::uuid[]), $2, $3, $4`,
      [rows.map((row) => row.id), userId, kind, email],
    );
  }
}
