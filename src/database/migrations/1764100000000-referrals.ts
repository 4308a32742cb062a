import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The plumber referral programme: referrals with their two rebates, their history, photos, and run-once schedules. */
export class Referrals1764100000000 implements MigrationInterface {
  name = 'Referrals1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE referral_ref_seq START 1`);
    await queryRunner.query(`
      CREATE TABLE referrals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ref_number text NOT NULL DEFAULT ('R-' || lpad(nextval('referral_ref_seq')::text, 6, '0')),
        client_name text NOT NULL,
        client_phone text NOT NULL,
        job_address text NOT NULL,
        suburb text NOT NULL,
        plumber_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        plumber_name text NOT NULL,
        plumber_company text NOT NULL,
        plumber_phone text NOT NULL,
        plumber_email text NOT NULL,
        urgency text NOT NULL,
        description text NOT NULL,
        notes text NULL,
        contact_client boolean NOT NULL DEFAULT true,
        service_clean_view boolean NOT NULL DEFAULT false,
        service_reline boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'referred',
        cleanview_rebate_amount_cents int NOT NULL,
        cleanview_rebate_status text NOT NULL DEFAULT 'pending',
        reline_rebate_amount_cents int NOT NULL,
        reline_rebate_status text NOT NULL DEFAULT 'pending',
        cleanview_completed_at timestamptz NULL,
        reline_completed_at timestamptz NULL,
        cleanview_paid_at timestamptz NULL,
        reline_paid_at timestamptz NULL,
        source text NOT NULL DEFAULT 'dashboard',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT referrals_ref_number_unique UNIQUE (ref_number),
        CONSTRAINT referrals_status_check CHECK (status IN ('referred', 'cleanview_completed', 'reline_completed', 'rebate_paid')),
        CONSTRAINT referrals_urgency_check CHECK (urgency IN ('low', 'medium', 'high', 'emergency')),
        CONSTRAINT referrals_rebate_status_check CHECK (cleanview_rebate_status IN ('pending', 'processing', 'paid') AND reline_rebate_status IN ('pending', 'processing', 'paid')),
        CONSTRAINT referrals_amounts_check CHECK (cleanview_rebate_amount_cents >= 0 AND reline_rebate_amount_cents >= 0),
        CONSTRAINT referrals_source_check CHECK (source IN ('dashboard', 'quick'))
      )`);
    await queryRunner.query(`CREATE INDEX referrals_created_at_idx ON referrals (created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX referrals_status_created_at_idx ON referrals (status, created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX referrals_plumber_created_at_idx ON referrals (plumber_id, created_at DESC, id)`);
    // Quick referrals wait for their plumber's account, found by e-mail.
    await queryRunner.query(`CREATE INDEX referrals_unclaimed_email_idx ON referrals (lower(plumber_email)) WHERE plumber_id IS NULL`);
    await queryRunner.query(
      `ALTER TABLE jobs ADD CONSTRAINT jobs_referral_fk FOREIGN KEY (referral_id) REFERENCES referrals (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE referral_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        referral_id uuid NOT NULL REFERENCES referrals (id) ON DELETE CASCADE,
        actor_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        kind text NOT NULL,
        from_value text NULL,
        to_value text NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT referral_events_kind_check CHECK (kind IN ('created', 'status', 'notes', 'email', 'photo', 'attached'))
      )`);
    await queryRunner.query(`CREATE INDEX referral_events_referral_idx ON referral_events (referral_id, created_at)`);
    await queryRunner.query(`
      CREATE TABLE referral_photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        referral_id uuid NOT NULL REFERENCES referrals (id) ON DELETE CASCADE,
        storage_key text NOT NULL,
        content_type text NOT NULL,
        byte_size int NOT NULL,
        original_name text NULL,
        uploaded_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        -- clock_timestamp: photos added in one request keep the order they were sent in.
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX referral_photos_referral_idx ON referral_photos (referral_id, created_at)`);
    // A scheduled job claims its period here first: with several server instances, one runs it.
    await queryRunner.query(`
      CREATE TABLE scheduled_runs (
        job text NOT NULL,
        period text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job, period)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE scheduled_runs`);
    await queryRunner.query(`DROP TABLE referral_photos`);
    await queryRunner.query(`DROP TABLE referral_events`);
    await queryRunner.query(`ALTER TABLE jobs DROP CONSTRAINT jobs_referral_fk`);
    await queryRunner.query(`DROP TABLE referrals`);
    await queryRunner.query(`DROP SEQUENCE referral_ref_seq`);
  }
}
