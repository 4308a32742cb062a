import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored e-mail template remembers the default wording it was given (a digest of it), so that one
 * staff never changed follows a new default: the defaults print the business constants (fees, phone,
 * warranty), and a stored copy seeded with the old figures would otherwise contradict them. Rows
 * already stored get their digest from the next start's seed when they hold today's default; a row
 * that differs is staff's own wording and is never touched.
 */
export class TemplatesFollowTheirDefault1764545000000 implements MigrationInterface {
  name = 'TemplatesFollowTheirDefault1764545000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_templates ADD COLUMN default_digest text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE email_templates DROP COLUMN default_digest`);
  }
}
