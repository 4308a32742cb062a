import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose contents every server instance keeps in memory (see src/database/table-changes.ts). */
const CACHED_TABLES = ['email_templates', 'settings', 'localities'] as const;

/**
 * In-memory copies of a few small, rarely written tables (e-mail templates, settings, localities),
 * kept true across server instances (ADR 0027). Every change to one of them, by any writer (the
 * console, a seed, a restore, a person at psql), in the same transaction:
 *
 * - moves the table's version in `table_versions` to a new number from a sequence (never reused,
 *   not even by a transaction that rolls back), so a statement can check that the copy it was
 *   prepared from is still the stored one;
 * - notifies `table_changed` with the table's name, delivered at commit to every instance listening,
 *   which drops its copy.
 *
 * Statement-level triggers with transition tables: a statement that changes no row (an UPDATE
 * matching nothing) moves nothing, and the 16,000-row locality seed is one version change, not 16,000.
 */
export class TableVersions1764600000000 implements MigrationInterface {
  name = 'TableVersions1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE table_version_seq`);
    await queryRunner.query(`
      CREATE TABLE table_versions (
        table_name text PRIMARY KEY,
        version bigint NOT NULL DEFAULT nextval('table_version_seq')
      )`);
    await queryRunner.query(`INSERT INTO table_versions (table_name) SELECT unnest($1::text[])`, [CACHED_TABLES]);
    await queryRunner.query(`
      CREATE FUNCTION table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'TRUNCATE' AND NOT EXISTS (SELECT FROM changed_rows) THEN
          RETURN NULL;
        END IF;
        UPDATE table_versions SET version = nextval('table_version_seq') WHERE table_name = TG_TABLE_NAME;
        PERFORM pg_notify('table_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of CACHED_TABLES) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_changed_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION table_changed()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_changed_update AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION table_changed()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_changed_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION table_changed()`);
      await queryRunner.query(`CREATE TRIGGER ${table}_changed_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION table_changed()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of CACHED_TABLES) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) await queryRunner.query(`DROP TRIGGER ${table}_changed_${event} ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION table_changed()`);
    await queryRunner.query(`DROP TABLE table_versions`);
    await queryRunner.query(`DROP SEQUENCE table_version_seq`);
  }
}
