import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail the Spam Act allows (issue 20), owned by the notifications module:
 * - `email_suppressions`: the addresses that asked for no more marketing e-mail, one row an address
 *   (whatever its case), with why; removed again only when the person subscribes again.
 * - `email_unsubscribe_tokens`: one random token an address (128 bits, base64url), made the first time a
 *   marketing e-mail is queued to it and printed in every marketing e-mail to it. It can only
 *   unsubscribe (or subscribe again) its own address, so it is stored as it is, like a public link.
 * - `email_consents`: consent given (or withdrawn) where the person gave it, with the words they saw.
 * - `notifications.list_unsubscribe_url`: a marketing message's unsubscribe address for the
 *   List-Unsubscribe header (RFC 8058); null for a transactional one, which carries no such header.
 */
export class EmailPreferences1765410000000 implements MigrationInterface {
  name = 'EmailPreferences1765410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_suppressions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
        reason text NOT NULL CHECK (reason IN ('unsubscribe_link', 'one_click', 'staff')),
        detail text NULL CHECK (char_length(detail) <= 500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX email_suppressions_email_key ON email_suppressions (lower(email))`);
    await queryRunner.query(`CREATE INDEX email_suppressions_created_idx ON email_suppressions (created_at, id)`);
    await queryRunner.query(`
      CREATE TABLE email_unsubscribe_tokens (
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
        token text NOT NULL UNIQUE CHECK (char_length(token) >= 22),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX email_unsubscribe_tokens_email_key ON email_unsubscribe_tokens (lower(email))`);
    await queryRunner.query(`
      CREATE TABLE email_consents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
        purpose text NOT NULL CHECK (purpose IN ('marketing')),
        given boolean NOT NULL,
        source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 60),
        source_id uuid NULL,
        wording text NOT NULL CHECK (char_length(wording) BETWEEN 1 AND 500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX email_consents_email_idx ON email_consents (lower(email), created_at)`);
    await queryRunner.query(`CREATE INDEX email_consents_created_idx ON email_consents (created_at, id)`);
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN list_unsubscribe_url text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN list_unsubscribe_url`);
    await queryRunner.query(`DROP TABLE email_consents`);
    await queryRunner.query(`DROP TABLE email_unsubscribe_tokens`);
    await queryRunner.query(`DROP TABLE email_suppressions`);
  }
}
