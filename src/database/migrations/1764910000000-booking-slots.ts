import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booked places of each appointment slot (issue 16). A booking holds one place of its region's day
 * and time; the places of a slot are numbered 1 … its capacity and a place can be held by one live
 * booking only (the unique index), so however many requests arrive at once, on however many server
 * instances, exactly as many bookings as the capacity get a place. Releasing (a cancellation) frees
 * the place for the next booking.
 */
export class BookingSlots1764910000000 implements MigrationInterface {
  name = 'BookingSlots1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE booking_slots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        region text NOT NULL CHECK (region IN ('NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT')),
        day date NOT NULL,
        slot text NOT NULL,
        place integer NOT NULL CHECK (place >= 1),
        starts_at timestamptz NOT NULL,
        overbooked boolean NOT NULL DEFAULT false,
        released_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX booking_slots_place_unique ON booking_slots (region, day, slot, place) WHERE released_at IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX booking_slots_booking_unique ON booking_slots (booking_id) WHERE released_at IS NULL`);
    await queryRunner.query(`CREATE INDEX booking_slots_day_idx ON booking_slots (region, day) INCLUDE (slot) WHERE released_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE booking_slots`);
  }
}
