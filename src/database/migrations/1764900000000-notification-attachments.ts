import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files an e-mail carries (issue 16: the calendar invitation of a confirmed appointment), kept on the
 * message's own row as `[{ filename, contentType, content (base64) }]`: a message and its files are
 * written by one INSERT (also inside another module's staged statement, where a second table would
 * need a second write), are delivered and retried together, and go to a backup together.
 *
 * The checks are the database's backstop for what the service already refuses: an array of objects
 * with the three strings, at most 10 files, at most 2 MB stored (a calendar invitation is about 1 kB).
 */
export class NotificationAttachments1764900000000 implements MigrationInterface {
  name = 'NotificationAttachments1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`
      ALTER TABLE notifications ADD CONSTRAINT notifications_attachments_check CHECK (
        jsonb_typeof(attachments) = 'array'
        AND jsonb_array_length(attachments) <= 10
        AND pg_column_size(attachments) <= 2000000
        AND NOT jsonb_path_exists(
          attachments,
          '$[*] ? (!(@.type() == "object" && @.filename.type() == "string" && @.contentType.type() == "string" && @.content.type() == "string"))'
        )
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_attachments_check`);
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN attachments`);
  }
}
