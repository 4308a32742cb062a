import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables every instance renders the public pages from: a change to either re-renders them everywhere (ADR 0027). */
const WATCHED = ['media_images', 'site_slots'] as const;

/**
 * The media library and the image slots of the marketing pages (issue 14).
 *
 * `media_images`: one row per uploaded photo, cleaned like a referral photo and stored with every
 * width and encoding the pages ask for (`widths`; files under `storage_prefix`). A photo of a
 * customer's property needs the owner's consent recorded with it. Archived photos are not served.
 *
 * `site_slots`: the photo staff chose for each slot (a hero, the about page's team, a gallery place),
 * or for a before-and-after pair its two photos and words. No row, or no photo: the page shows the
 * product's own artwork. A photo in a slot cannot be deleted (the foreign keys), nor archived (the
 * service refuses it first, with a message saying where it is used).
 */
export class MediaLibrary1764700000000 implements MigrationInterface {
  name = 'MediaLibrary1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        alt_text text NOT NULL CHECK (length(btrim(alt_text)) BETWEEN 1 AND 250),
        caption text CHECK (caption IS NULL OR length(caption) <= 300),
        shows_customer_property boolean NOT NULL DEFAULT false,
        consent_note text CHECK (consent_note IS NULL OR length(consent_note) <= 500),
        original_name text,
        content_type text NOT NULL,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        widths integer[] NOT NULL CHECK (cardinality(widths) > 0),
        byte_size bigint NOT NULL,
        storage_prefix text NOT NULL UNIQUE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        archived_at timestamptz,
        CONSTRAINT media_consent_recorded CHECK (NOT shows_customer_property OR length(btrim(coalesce(consent_note, ''))) > 0)
      )`);
    await queryRunner.query(`CREATE INDEX media_images_created_at ON media_images (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE site_slots (
        key text PRIMARY KEY,
        image_id uuid REFERENCES media_images(id),
        after_image_id uuid REFERENCES media_images(id),
        title text,
        description text,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX site_slots_image_id ON site_slots (image_id)`);
    await queryRunner.query(`CREATE INDEX site_slots_after_image_id ON site_slots (after_image_id)`);
    await queryRunner.query(`INSERT INTO table_versions (table_name) SELECT unnest($1::text[])`, [WATCHED]);
    for (const table of WATCHED) {
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
    await queryRunner.query(`DELETE FROM table_versions WHERE table_name = ANY($1::text[])`, [WATCHED]);
    await queryRunner.query(`DROP TABLE site_slots`);
    await queryRunner.query(`DROP TABLE media_images`);
  }
}
