import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATES = 'ACT|NSW|NT|QLD|SA|TAS|VIC|WA';
/** "Parramatta NSW 2150", "richmond, vic": the name, the state, and the postcode when there is one. */
const SUBURB_WITH_STATE = `^\\s*(.*[^\\s,])[\\s,]+(${STATES})([\\s,]+([0-9]{4}))?[\\s,]*$`;
/** A one-line address ending with a state and postcode ("1 Civic Drive, Parramatta NSW 2150[, Australia]"). */
const ADDRESS_ENDING = `(^|[\\s,])(${STATES})([\\s,]+([0-9]{4}))?([\\s,]+australia)?[\\s,]*$`;

/**
 * Referrals and enquiries keep the state and postcode of their place, as bookings do. A suburb picked
 * from a suggestion ('Parramatta NSW 2150') was stored whole with neither (bookings included, when the
 * form also sent the suggestion's state and postcode): those rows are split into name, state and
 * postcode here; the site address of a corporate enquiry gives its state and postcode.
 */
export class PlaceStatePostcode1764512000000 implements MigrationInterface {
  name = 'PlaceStatePostcode1764512000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE referrals ADD COLUMN state text NULL, ADD COLUMN postcode text NULL`);
    await queryRunner.query(`ALTER TABLE enquiries ADD COLUMN state text NULL, ADD COLUMN postcode text NULL`);
    for (const table of ['referrals', 'bookings']) {
      await queryRunner.query(
        `UPDATE ${table} SET suburb = m[1], state = upper(m[2]), postcode = m[4]
         FROM (SELECT id AS match_id, regexp_match(suburb, $1, 'i') AS m FROM ${table} WHERE state IS NULL AND postcode IS NULL) found
         WHERE id = found.match_id AND found.m IS NOT NULL`,
        [SUBURB_WITH_STATE],
      );
    }
    await queryRunner.query(
      `UPDATE enquiries SET state = upper(m[2]), postcode = m[4]
       FROM (SELECT id AS match_id, regexp_match(site_address, $1, 'i') AS m FROM enquiries WHERE site_address IS NOT NULL) found
       WHERE id = found.match_id AND found.m IS NOT NULL`,
      [ADDRESS_ENDING],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE enquiries DROP COLUMN state, DROP COLUMN postcode`);
    await queryRunner.query(`ALTER TABLE referrals DROP COLUMN state, DROP COLUMN postcode`);
  }
}
