import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff retire tracking jobs and enquiries without losing them: an archived row is kept (with when
 * and by whom), hidden from the active lists, and can be restored. An archived job's tracking page
 * answers 'Invalid Job ID' until then.
 */
export class ArchivedJobsAndEnquiries1764520000000 implements MigrationInterface {
  name = 'ArchivedJobsAndEnquiries1764520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['jobs', 'enquiries']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN archived_at timestamptz NULL, ADD COLUMN archived_by uuid NULL REFERENCES users (id) ON DELETE SET NULL`);
    }
    // The active lists (the default) read these; archived rows are few and read rarely.
    await queryRunner.query(`CREATE INDEX jobs_active_created_at_idx ON jobs (created_at DESC, id) WHERE archived_at IS NULL`);
    await queryRunner.query(`CREATE INDEX enquiries_active_created_at_idx ON enquiries (created_at DESC, id) WHERE archived_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX enquiries_active_created_at_idx`);
    await queryRunner.query(`DROP INDEX jobs_active_created_at_idx`);
    for (const table of ['enquiries', 'jobs']) {
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN archived_by, DROP COLUMN archived_at`);
    }
  }
}
