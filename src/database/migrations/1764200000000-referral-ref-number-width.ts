import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ref IDs past R-999999. The first default, `'R-' || lpad(n, 6, '0')`, cuts a seven-digit number to
 * six digits (lpad truncates), so referral 1,000,000 was given R-100000 again and refused by the unique
 * constraint: no referral could be made after the millionth. Ref IDs keep at least six digits
 * (R-000123) and grow past them (R-1000000).
 */
export class ReferralRefNumberWidth1764200000000 implements MigrationInterface {
  name = 'ReferralRefNumberWidth1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION referral_ref_number(n bigint) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN 'R-' || lpad(n::text, greatest(6, length(n::text)), '0')`);
    await queryRunner.query(`ALTER TABLE referrals ALTER COLUMN ref_number SET DEFAULT referral_ref_number(nextval('referral_ref_seq'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE referrals ALTER COLUMN ref_number SET DEFAULT ('R-' || lpad(nextval('referral_ref_seq')::text, 6, '0'))`);
    await queryRunner.query(`DROP FUNCTION referral_ref_number(bigint)`);
  }
}
