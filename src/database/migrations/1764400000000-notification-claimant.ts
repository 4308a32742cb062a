import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who holds an e-mail's lease: the PostgreSQL session (`pid@backend_start`) the claiming worker keeps
 * open for as long as its server runs. When that session is gone (the server was killed), its claims
 * are free at once instead of when the lease runs out (3 minutes by default).
 */
export class NotificationClaimant1764400000000 implements MigrationInterface {
  name = 'NotificationClaimant1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN claimed_by text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN claimed_by`);
  }
}
