import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Confirmed appointments (issue 16). A booking staff confirm gets one appointment (its place stays in
 * booking_slots); moving it changes the row, cancelling it keeps the row with the reason. It keeps the
 * booking's contact as it was confirmed (bookings are never edited), so the calendar and its feed read
 * one table.
 * - `reminder_due_at`: the day before at 4:00 PM in the site's time zone (null when the appointment
 *   was confirmed after that); `reminder_queued_at` is set in the transaction that queues the
 *   reminder, so it is queued once however many instances look.
 * - `appointment_links`: the customer's private /booking/{token} links, hashed (the token itself
 *   exists only in the e-mail handed to the SMTP server).
 * - `calendar_feeds`: one subscription address per staff user; rotating replaces the token.
 */
export class Appointments1764920000000 implements MigrationInterface {
  name = 'Appointments1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE appointments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        region text NOT NULL CHECK (region IN ('NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT')),
        day date NOT NULL,
        slot text NOT NULL,
        starts_at timestamptz NOT NULL,
        customer_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        address text NOT NULL,
        suburb text NOT NULL,
        technician text NULL CHECK (char_length(technician) <= 120),
        status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
        overbooked boolean NOT NULL DEFAULT false,
        sequence integer NOT NULL DEFAULT 0,
        cancel_reason text NULL CHECK (char_length(cancel_reason) <= 1000),
        cancelled_by text NULL CHECK (cancelled_by IN ('customer', 'staff')),
        cancelled_at timestamptz NULL,
        confirmed_at timestamptz NOT NULL DEFAULT now(),
        confirmed_by uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        reminder_due_at timestamptz NULL,
        reminder_queued_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT appointments_booking_unique UNIQUE (booking_id),
        CONSTRAINT appointments_cancelled_check CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX appointments_calendar_idx ON appointments (region, starts_at)`);
    await queryRunner.query(`CREATE INDEX appointments_starts_at_idx ON appointments (starts_at)`);
    await queryRunner.query(
      `CREATE INDEX appointments_reminder_due_idx ON appointments (reminder_due_at) WHERE status = 'confirmed' AND reminder_queued_at IS NULL AND reminder_due_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE appointment_links (
        token_hash text PRIMARY KEY,
        appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX appointment_links_appointment_idx ON appointment_links (appointment_id)`);
    await queryRunner.query(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        token text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE calendar_feeds`);
    await queryRunner.query(`DROP TABLE appointment_links`);
    await queryRunner.query(`DROP TABLE appointments`);
  }
}
