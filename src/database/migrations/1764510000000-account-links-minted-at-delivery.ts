import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No live secret at rest (issue 12): a one-time account link (e-mail verification, password reset,
 * invitation) is made when its e-mail is handed to the SMTP server, never stored.
 * - `account_link_requests`: someone asked for a link (by the account's e-mail address: a reset request
 *   is taken before anyone looks the address up). Retired when the link is used or the password is set.
 * - `account_tokens.request_id`: the tokens made for a request, one per delivery try (hashes only).
 * - `notifications.link_minter` / `link_ref`: which module makes the message's link at delivery, and
 *   for what; the stored message holds `[link hidden]` in its place.
 * - status `cancelled`: a message whose link could no longer be given (no account, password set since).
 * Messages stored before this held live links: their links are hidden now, and those not yet sent are
 * cancelled (their links would no longer be made); the links already e-mailed keep working.
 */
export class AccountLinksMintedAtDelivery1764510000000 implements MigrationInterface {
  name = 'AccountLinksMintedAtDelivery1764510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE account_link_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose text NOT NULL,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz NULL,
        CONSTRAINT account_link_requests_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'invite'))
      )`);
    await queryRunner.query(`CREATE INDEX account_link_requests_email_idx ON account_link_requests (lower(email)) WHERE retired_at IS NULL`);
    await queryRunner.query(`ALTER TABLE account_tokens ADD COLUMN request_id uuid NULL REFERENCES account_link_requests (id) ON DELETE CASCADE`);
    await queryRunner.query(`CREATE INDEX account_tokens_request_idx ON account_tokens (request_id) WHERE request_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN link_minter text NULL, ADD COLUMN link_ref text NULL`);
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_status_check`);
    await queryRunner.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('queued', 'sent', 'preview', 'failed', 'dead', 'cancelled'))`,
    );
    const accountTemplates = `template_key IN ('verify_email', 'reset_password', 'user_invite')`;
    // token=… in the text part, token&#x3D;… in the HTML part (handlebars escapes '=').
    await queryRunner.query(`
      UPDATE notifications
      SET text_body = regexp_replace(text_body, '(token(=|&#x3D;))[A-Za-z0-9_-]+', '\\1[link hidden]', 'g'),
          html_body = regexp_replace(html_body, '(token(=|&#x3D;))[A-Za-z0-9_-]+', '\\1[link hidden]', 'g'),
          updated_at = now()
      WHERE ${accountTemplates}`);
    await queryRunner.query(`
      UPDATE notifications
      SET status = 'cancelled', locked_until = NULL, claimed_by = NULL, updated_at = now(),
          last_error = 'Not sent: queued before links were made at delivery; please ask for a new link.'
      WHERE ${accountTemplates} AND status IN ('queued', 'failed', 'dead')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE notifications SET status = 'dead' WHERE status = 'cancelled'`);
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_status_check`);
    await queryRunner.query(`ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('queued', 'sent', 'preview', 'failed', 'dead'))`);
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN link_minter, DROP COLUMN link_ref`);
    await queryRunner.query(`ALTER TABLE account_tokens DROP COLUMN request_id`);
    await queryRunner.query(`DROP TABLE account_link_requests`);
  }
}
