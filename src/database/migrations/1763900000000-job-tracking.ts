import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Job tracking links, their status timeline, and application settings (e-mail settings first). */
export class JobTracking1763900000000 implements MigrationInterface {
  name = 'JobTracking1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_number text NOT NULL,
        customer_name text NOT NULL,
        customer_email text NOT NULL,
        customer_phone text NULL,
        address text NULL,
        status text NOT NULL,
        tracking_code text NOT NULL,
        booking_id uuid NULL,
        referral_id uuid NULL,
        created_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT jobs_status_check CHECK (status IN ('booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed')),
        CONSTRAINT jobs_job_number_trimmed CHECK (job_number = btrim(job_number) AND job_number <> ''),
        CONSTRAINT jobs_tracking_code_unique UNIQUE (tracking_code)
      )`);
    // "JOB-1001" and "job-1001" are the same job.
    await queryRunner.query(`CREATE UNIQUE INDEX jobs_job_number_unique ON jobs (lower(job_number))`);
    await queryRunner.query(`CREATE INDEX jobs_created_at_idx ON jobs (created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX jobs_status_created_at_idx ON jobs (status, created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX jobs_booking_idx ON jobs (booking_id) WHERE booking_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX jobs_referral_idx ON jobs (referral_id) WHERE referral_id IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE job_status_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        status text NOT NULL,
        previous_status text NULL,
        changed_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        customer_notified boolean NOT NULL DEFAULT false,
        notification_id uuid NULL REFERENCES notifications (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT job_status_events_status_check CHECK (status IN ('booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed'))
      )`);
    await queryRunner.query(`CREATE INDEX job_status_events_job_idx ON job_status_events (job_id, created_at)`);
    await queryRunner.query(`
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid NULL REFERENCES users (id) ON DELETE SET NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE settings`);
    await queryRunner.query(`DROP TABLE job_status_events`);
    await queryRunner.query(`DROP TABLE jobs`);
  }
}
