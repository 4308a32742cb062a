import { PlaceStatePostcode1764512000000 } from '../../src/database/migrations/1764512000000-place-state-postcode.js';
import { nextFreeSlots } from '../support/booking-slots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Rows stored before suburbs kept their state and postcode ('Parramatta NSW 2150' whole, with neither)
 * are split by the migration that adds them to referrals and enquiries.
 */
describe('migration: state and postcode of stored places', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  it('splits suburbs stored whole and reads enquiries’ site addresses, leaving the rest alone', async () => {
    const booking = {
      name: 'Alex Citizen',
      email: 'alex@example.com.au',
      phone: '0400 123 456',
      address: '12 Station Street',
      message: 'Blocked drain',
    };
    // A booking needs a suburb with its state since issue 16: 'Richmond' alone (several states) is made below, as stored before.
    const slots = nextFreeSlots(3, { capacity: 1 });
    const bookings = [];
    for (const [index, suburb] of ['Parramatta NSW 2150', 'Richmond VIC 3121', 'Toowong QLD 4066'].entries())
      bookings.push(
        (
          await sut
            .http()
            .post('/api/bookings')
            .send({ ...booking, ...slots[index], suburb })
            .expect(201)
        ).body.id,
      );
    const quick = {
      plumberName: 'Quinn Quick',
      plumberCompany: 'Quick Drains',
      plumberPhone: '0400 121 212',
      plumberEmail: 'quinn@example.com.au',
      clientName: 'Chris Client',
      jobAddress: '4 Elm Street',
      clientPhone: '0400 999 000',
      urgency: 'medium',
      description: 'Roots',
    };
    const referrals = [];
    for (const suburb of ['Parramatta', 'Richmond'])
      referrals.push(
        (
          await sut
            .http()
            .post('/api/referrals/quick')
            .send({ ...quick, suburb })
            .expect(201)
        ).body.id,
      );
    const corporate = {
      kind: 'corporate',
      organisationName: 'City of Example',
      contactPerson: 'Jordan Lee',
      email: 'jordan@example.gov.au',
      phone: '03 9000 0000',
      issueType: 'roots',
      timing: 'planned',
    };
    const enquiries = [];
    for (const siteAddress of ['1 Civic Drive, Parramatta NSW 2150, Australia', '1 Civic Drive, Richmond', '2 Main Road, Hobart tas']) {
      enquiries.push(
        (
          await sut
            .http()
            .post('/api/enquiries')
            .send({ ...corporate, siteAddress })
            .expect(201)
        ).body.id,
      );
    }

    // As the rows were before: the migration's columns gone, suburbs stored as picked.
    const runner = sut.dataSource.createQueryRunner();
    const migration = new PlaceStatePostcode1764512000000();
    try {
      await migration.down(runner);
      await runner.query(`UPDATE bookings SET suburb = 'Parramatta NSW 2150', state = NULL, postcode = NULL WHERE id = $1`, [bookings[0]]);
      await runner.query(`UPDATE bookings SET suburb = 'Richmond', state = NULL, postcode = NULL WHERE id = $1`, [bookings[1]]);
      await runner.query(`UPDATE bookings SET suburb = 'Toowong, qld', state = NULL, postcode = NULL WHERE id = $1`, [bookings[2]]);
      await runner.query(`UPDATE referrals SET suburb = 'Parramatta NSW 2150' WHERE id = $1`, [referrals[0]]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const rows = async (table: string, ids: string[], columns: string) =>
      sut.dataSource.query(`SELECT ${columns} FROM ${table} WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`, [ids]);
    expect(await rows('bookings', bookings, 'suburb, state, postcode')).toEqual([
      { suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
      { suburb: 'Richmond', state: null, postcode: null },
      { suburb: 'Toowong', state: 'QLD', postcode: null },
    ]);
    expect(await rows('referrals', referrals, 'suburb, state, postcode')).toEqual([
      { suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
      { suburb: 'Richmond', state: null, postcode: null },
    ]);
    expect(await rows('enquiries', enquiries, 'state, postcode')).toEqual([
      { state: 'NSW', postcode: '2150' },
      { state: null, postcode: null },
      { state: 'TAS', postcode: null },
    ]);
  });
});
