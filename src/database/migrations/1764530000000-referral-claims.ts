import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quick referrals wait for their plumber's word. A referral sent without signing in under a
 * plumber's e-mail is no longer attached to that account by itself: the plumber adds it to their
 * account from the dashboard, or says it is not theirs. A declined referral stays unattached (with
 * when and by whom) for staff, and is not offered again.
 */
export class ReferralClaims1764530000000 implements MigrationInterface {
  name = 'ReferralClaims1764530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE referrals ADD COLUMN claim_declined_at timestamptz NULL, ADD COLUMN claim_declined_by uuid NULL REFERENCES users (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(`ALTER TABLE referral_events DROP CONSTRAINT referral_events_kind_check`);
    await queryRunner.query(
      `ALTER TABLE referral_events ADD CONSTRAINT referral_events_kind_check CHECK (kind IN ('created', 'status', 'notes', 'email', 'photo', 'attached', 'claim_declined'))`,
    );
    // The offer on the dashboard: unattached, not declined, by the account's address.
    await queryRunner.query(`DROP INDEX referrals_unclaimed_email_idx`);
    await queryRunner.query(
      `CREATE INDEX referrals_unclaimed_email_idx ON referrals (lower(plumber_email), created_at DESC) WHERE plumber_id IS NULL AND claim_declined_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX referrals_unclaimed_email_idx`);
    await queryRunner.query(`CREATE INDEX referrals_unclaimed_email_idx ON referrals (lower(plumber_email)) WHERE plumber_id IS NULL`);
    await queryRunner.query(`DELETE FROM referral_events WHERE kind = 'claim_declined'`);
    await queryRunner.query(`ALTER TABLE referral_events DROP CONSTRAINT referral_events_kind_check`);
    await queryRunner.query(
      `ALTER TABLE referral_events ADD CONSTRAINT referral_events_kind_check CHECK (kind IN ('created', 'status', 'notes', 'email', 'photo', 'attached'))`,
    );
    await queryRunner.query(`ALTER TABLE referrals DROP COLUMN claim_declined_by, DROP COLUMN claim_declined_at`);
  }
}
