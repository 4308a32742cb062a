import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Booking requests, corporate and product enquiries, and Australian localities for address suggestions. */
export class BookingsEnquiriesLocalities1764000000000 implements MigrationInterface {
  name = 'BookingsEnquiriesLocalities1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE bookings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        address text NOT NULL,
        suburb text NOT NULL,
        state text NULL,
        postcode text NULL,
        preferred_date date NOT NULL,
        preferred_time text NOT NULL,
        brief_description text NOT NULL,
        how_heard_about_us text NULL,
        status text NOT NULL DEFAULT 'new',
        idempotency_key text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_status_check CHECK (status IN ('new', 'contacted', 'scheduled', 'completed', 'cancelled'))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX bookings_idempotency_key_unique ON bookings (idempotency_key) WHERE idempotency_key IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX bookings_created_at_idx ON bookings (created_at DESC, id)`);
    await queryRunner.query(`CREATE INDEX bookings_status_created_at_idx ON bookings (status, created_at DESC, id)`);
    await queryRunner.query(
      `ALTER TABLE jobs ADD CONSTRAINT jobs_booking_fk FOREIGN KEY (booking_id) REFERENCES bookings (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        status text NOT NULL DEFAULT 'new',
        organisation_name text NULL,
        contact_person text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        site_address text NULL,
        issue_type text NULL,
        quantity text NULL,
        timing text NULL,
        business text NULL,
        product text NULL,
        message text NULL,
        staff_notes text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT enquiries_kind_check CHECK (kind IN ('corporate', 'product')),
        CONSTRAINT enquiries_status_check CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost'))
      )`);
    await queryRunner.query(`CREATE INDEX enquiries_created_at_idx ON enquiries (created_at DESC, id)`);
    await queryRunner.query(`
      CREATE TABLE localities (
        id serial PRIMARY KEY,
        name text NOT NULL,
        state text NOT NULL,
        postcode text NOT NULL,
        CONSTRAINT localities_unique UNIQUE (name, state, postcode)
      )`);
    // Prefix search ("ric" → Richmond) and fuzzy search ("richmnd") for address suggestions.
    await queryRunner.query(`CREATE INDEX localities_name_prefix_idx ON localities (lower(name) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX localities_name_trgm_idx ON localities USING gin (lower(name) gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE localities`);
    await queryRunner.query(`DROP TABLE enquiries`);
    await queryRunner.query(`ALTER TABLE jobs DROP CONSTRAINT jobs_booking_fk`);
    await queryRunner.query(`DROP TABLE bookings`);
  }
}
