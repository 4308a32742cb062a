import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public pages are rendered with the published reviews: a change re-renders them on every instance (ADR 0027). */
const WATCHED = ['reviews'] as const;

/**
 * Reviews from verified jobs (issue 20).
 *
 * `reviews`: one row per review, written by a completed job's customer from their private link
 * (`verified`, `job_id` set, `source` null) or imported from elsewhere (`source` named: 'Google').
 * Nothing is shown until staff publish it, and never without the author's consent (the check).
 * `import_fingerprint` (source, name, date and text) makes a re-imported row a duplicate.
 *
 * `review_requests`: the one request of each completed job (`job_id` unique), due some days after
 * completion, queued once (`queued_at`), its link's secret kept only as a hash and used once
 * (`used_at`, then `review_id`). Both keep the job's number as the job announced it, so the module
 * never reads the jobs table (the console searches reviews by it).
 */
export class Reviews1765400000000 implements MigrationInterface {
  name = 'Reviews1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'hidden')),
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        text text NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
        first_name text NOT NULL CHECK (length(btrim(first_name)) BETWEEN 1 AND 40),
        suburb text CHECK (suburb IS NULL OR length(suburb) <= 60),
        postcode text CHECK (postcode IS NULL OR postcode ~ '^[0-9]{4}$'),
        area text,
        consent boolean NOT NULL,
        source text CHECK (source IS NULL OR length(btrim(source)) BETWEEN 1 AND 60),
        verified boolean NOT NULL DEFAULT false,
        job_id uuid UNIQUE REFERENCES jobs(id),
        job_number text,
        written_at timestamptz NOT NULL,
        published_at timestamptz,
        reply text CHECK (reply IS NULL OR length(reply) <= 1000),
        replied_at timestamptz,
        import_fingerprint text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reviews_published_with_consent CHECK (status <> 'published' OR consent)
      )`);
    // The console's filters and sorts, and the pages' 'published, newest first'.
    await queryRunner.query(`CREATE INDEX reviews_written_at ON reviews (written_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX reviews_created_at ON reviews (created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX reviews_status_written_at ON reviews (status, written_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX reviews_published_newest ON reviews (written_at DESC, id) WHERE status = 'published'`);
    await queryRunner.query(`CREATE INDEX reviews_area_published ON reviews (area, written_at DESC) WHERE status = 'published'`);
    await queryRunner.query(`CREATE INDEX reviews_source ON reviews (source)`);
    await queryRunner.query(`
      CREATE TABLE review_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL UNIQUE REFERENCES jobs(id),
        job_number text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        suburb text,
        postcode text,
        due_at timestamptz NOT NULL,
        queued_at timestamptz,
        token_hash text UNIQUE,
        used_at timestamptz,
        review_id uuid REFERENCES reviews(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX review_requests_due ON review_requests (due_at) WHERE queued_at IS NULL`);
    await queryRunner.query(`INSERT INTO table_versions (table_name) SELECT unnest($1::text[])`, [WATCHED]);
    // The first watched table that can be emptied by a cascade (TRUNCATE jobs … CASCADE reaches
    // reviews): the function's one condition was planned whole, naming the transition table a
    // TRUNCATE trigger does not have. Asked in two steps, a TRUNCATE never plans that query.
    await queryRunner.query(TABLE_CHANGED_FUNCTION);
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
    await queryRunner.query(TABLE_CHANGED_FUNCTION_BEFORE);
    await queryRunner.query(`DROP TABLE review_requests`);
    await queryRunner.query(`DROP TABLE reviews`);
  }
}

const TABLE_CHANGED_FUNCTION = `
  CREATE OR REPLACE FUNCTION table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'TRUNCATE' THEN
      IF NOT EXISTS (SELECT FROM changed_rows) THEN
        RETURN NULL;
      END IF;
    END IF;
    UPDATE table_versions SET version = nextval('table_version_seq') WHERE table_name = TG_TABLE_NAME;
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
    RETURN NULL;
  END $$`;

/** The function as migration 1764600000000 made it. */
const TABLE_CHANGED_FUNCTION_BEFORE = `
  CREATE OR REPLACE FUNCTION table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'TRUNCATE' AND NOT EXISTS (SELECT FROM changed_rows) THEN
      RETURN NULL;
    END IF;
    UPDATE table_versions SET version = nextval('table_version_seq') WHERE table_name = TG_TABLE_NAME;
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
    RETURN NULL;
  END $$`;
