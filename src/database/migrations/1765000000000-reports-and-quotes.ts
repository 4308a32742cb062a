import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inspection report, its photos, the quote and the go-ahead (issue 17).
 * - `job_reports` (inspections module): one per job; the draft staff edit, and the snapshot the
 *   customer sees (`published_*`), its version and its PDF's object key.
 * - `job_photos` (inspections module): cleaned photos of a job; their files (each width in AVIF, WebP
 *   and JPEG) are in object storage under `job-photos/{job}/{photo}/`.
 * - `quotes` (quotes module): one row per version of a job's quote; at most one unpublished (the
 *   draft), always the newest. Amounts in integer cents, GST-inclusive.
 * - `quote_acceptances`: at most one per job (accepting twice changes nothing), naming the version.
 * - `quote_declines`: each decline, with the customer's reason.
 * - `job_unlock_attempts` (jobs module): tries to unlock a tracking page's private part; five wrong in
 *   an hour lock that job for the hour. A right one keeps the SHA-256 of the random token its
 *   HttpOnly cookie carries (the grant: valid for that job only, for 30 days).
 */
export class ReportsAndQuotes1765000000000 implements MigrationInterface {
  name = 'ReportsAndQuotes1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE job_reports (
        job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
        summary text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 5000),
        sections jsonb NOT NULL DEFAULT '[]'::jsonb,
        published_summary text NULL,
        published_sections jsonb NULL,
        published_version integer NOT NULL DEFAULT 0,
        published_at timestamptz NULL,
        published_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        pdf_key text NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid NULL REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE job_photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        widths integer[] NOT NULL,
        byte_size bigint NOT NULL DEFAULT 0,
        original_name text NULL,
        created_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX job_photos_job ON job_photos (job_id, created_at)`);
    await queryRunner.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version > 0),
        lines jsonb NOT NULL,
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        gst_cents bigint NOT NULL CHECK (gst_cents >= 0),
        valid_until date NOT NULL,
        notes text NULL CHECK (char_length(notes) <= 2000),
        published_at timestamptz NULL,
        published_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        UNIQUE (job_id, version)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX quotes_one_draft ON quotes (job_id) WHERE published_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE quote_acceptances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
        version integer NOT NULL,
        full_name text NOT NULL CHECK (char_length(full_name) BETWEEN 1 AND 200),
        ip text NOT NULL,
        user_agent text NOT NULL CHECK (char_length(user_agent) <= 1000),
        media_consent boolean NOT NULL DEFAULT false,
        accepted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE quote_declines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
        version integer NOT NULL,
        reason text NULL CHECK (char_length(reason) <= 2000),
        ip text NOT NULL,
        user_agent text NOT NULL CHECK (char_length(user_agent) <= 1000),
        declined_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX quote_declines_job ON quote_declines (job_id, declined_at)`);
    await queryRunner.query(`
      CREATE TABLE job_unlock_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        ip text NOT NULL,
        success boolean NOT NULL,
        grant_hash text NULL,
        at timestamptz NOT NULL DEFAULT now(),
        CHECK ((grant_hash IS NOT NULL) = success)
      )`);
    await queryRunner.query(`CREATE INDEX job_unlock_attempts_job ON job_unlock_attempts (job_id, at) WHERE NOT success`);
    await queryRunner.query(`CREATE UNIQUE INDEX job_unlock_attempts_grant ON job_unlock_attempts (grant_hash) WHERE grant_hash IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE job_unlock_attempts, quote_declines, quote_acceptances, quotes, job_photos, job_reports`);
  }
}
