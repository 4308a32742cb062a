import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox, e-mail templates and the shared rate-limit counters. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_templates (
        key text PRIMARY KEY,
        subject text NOT NULL,
        body text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dedupe_key text NOT NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        template_key text NULL,
        status text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        last_error text NULL,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz NULL,
        message_id text NOT NULL,
        entity_type text NULL,
        entity_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL,
        CONSTRAINT notifications_dedupe_key_unique UNIQUE (dedupe_key),
        CONSTRAINT notifications_message_id_unique UNIQUE (message_id),
        CONSTRAINT notifications_status_check CHECK (status IN ('queued', 'sent', 'preview', 'failed', 'dead')),
        CONSTRAINT notifications_attempts_check CHECK (attempts >= 0)
      )`);
    // The worker's claim query reads only messages still to deliver, oldest due first.
    await queryRunner.query(
      `CREATE INDEX notifications_due_idx ON notifications (next_attempt_at) WHERE status IN ('queued', 'failed')`,
    );
    await queryRunner.query(`CREATE INDEX notifications_created_at_idx ON notifications (created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX notifications_to_address_idx ON notifications (lower(to_address))`);
    await queryRunner.query(`CREATE INDEX notifications_entity_idx ON notifications (entity_type, entity_id)`);
    // Wakes the workers as soon as the transaction that queued a message commits (never for a rollback);
    // PostgreSQL folds identical notifications of one transaction into one.
    await queryRunner.query(`
      CREATE FUNCTION notifications_wake() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('notifications_queued', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER notifications_wake AFTER INSERT OR UPDATE OF status ON notifications
      FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION notifications_wake()`);
    // Rate-limit counters shared by every server instance; losing them in a crash only resets the windows.
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_hits (
        key text PRIMARY KEY,
        hits int NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_hits`);
    await queryRunner.query(`DROP TRIGGER notifications_wake ON notifications`);
    await queryRunner.query(`DROP FUNCTION notifications_wake()`);
    await queryRunner.query(`DROP TABLE notifications`);
    await queryRunner.query(`DROP TABLE email_templates`);
  }
}
