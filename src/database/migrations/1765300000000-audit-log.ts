import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (issue 19), owned by the audit module.
 * - `audit_log`: one row per change, sign-in, export or download: who (a user, the system with its
 *   job's name, or the public), when, what (entity and id), the action, the changed fields before and
 *   after (masked by the application), and details. Written in the transaction of the change.
 * - Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE. The one exception is the daily
 *   retention prune, which deletes only entries older than the cutoff it declares for its own
 *   transaction (`SET LOCAL audit.prune_before`). UPDATE is also revoked from everyone, the owner
 *   included (a superuser ignores privileges; the trigger still stops it). A restore, which replaces
 *   the whole database, pauses the triggers as it does for every table.
 * - No foreign key to users: an entry outlives the user who made it (a key would also have to be
 *   updated when the user is removed).
 */
export class AuditLog1765300000000 implements MigrationInterface {
  name = 'AuditLog1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'system', 'public')),
        actor_id uuid NULL,
        actor_name text NOT NULL,
        entity text NOT NULL,
        entity_id text NULL,
        action text NOT NULL,
        changes jsonb NULL,
        details jsonb NULL,
        correlation_id text NULL
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id)`);
    await queryRunner.query(`CREATE INDEX audit_log_actor ON audit_log (actor_id, id) WHERE actor_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX audit_log_action ON audit_log (action, id)`);
    await queryRunner.query(`CREATE INDEX audit_log_at ON audit_log (at)`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        prune_before text := current_setting('audit.prune_before', true);
      BEGIN
        IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' AND coalesce(prune_before, '') <> '' THEN
          IF OLD.at < prune_before::timestamptz THEN
            RETURN OLD;
          END IF;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: its entries cannot be changed or deleted'
          USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await queryRunner.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`REVOKE UPDATE ON audit_log FROM PUBLIC`);
    await queryRunner.query(`REVOKE UPDATE ON audit_log FROM CURRENT_USER`);

    await queryRunner.query(`
      CREATE TABLE saved_views (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        resource text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        filter jsonb NOT NULL DEFAULT '{}'::jsonb,
        sort jsonb NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX saved_views_name ON saved_views (user_id, resource, lower(name))`);
    await queryRunner.query(`CREATE UNIQUE INDEX saved_views_one_default ON saved_views (user_id, resource) WHERE is_default`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE saved_views`);
    await queryRunner.query(`DROP TABLE audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_log_append_only()`);
  }
}
