import { isoDayIn } from '@relining/contracts/date-format';
import { bookableSlot } from '../support/booking-slots.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One clock for people: the dates and times staff read in e-mails and exports are in TZ_DISPLAY,
 * labelled, with four-digit years, and staff notices have no stray spaces when a value is empty.
 * Two zones far from UTC on either side: at any hour of the day at least one of them is on another
 * calendar day than UTC, so a date taken from UTC (or the server's zone) shows.
 */
describe.each(['Pacific/Kiritimati', 'Etc/GMT+12'])('one clock with TZ_DISPLAY=%s', (zone) => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', TZ_DISPLAY: zone } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: `clock-${zone.length}@example.com.au`, role: 'admin' }));
  });

  afterAll(() => sut.close());

  it("dates the bookings export with today's date in TZ_DISPLAY and labels its times", async () => {
    const before = isoDayIn(zone);
    const response = await sut.http().get('/api/admin/bookings/export.csv').set(admin.auth).expect(200);
    const after = isoDayIn(zone);
    expect([`attachment; filename="bookings-${before}.csv"`, `attachment; filename="bookings-${after}.csv"`]).toContain(
      response.headers['content-disposition'],
    );
    const city = zone.split('/')[1]!;
    expect(response.text.split('\n')[0]).toContain(`"created_at (${city} time)","updated_at (${city} time)"`);
  });

  it('writes the staff notice of a booking with the time in TZ_DISPLAY, labelled, a four-digit year and no stray spaces', async () => {
    // A suburb that names no locality, with a state but no postcode, which left 'Address: …, Nowhere VIC ' before.
    // The day is the booking's region's, whatever TZ_DISPLAY is (issue 16: the server's clock in the site's zone).
    const created = await sut
      .http()
      .post('/api/bookings')
      .send({
        name: 'Alex Citizen',
        email: 'alex.clock@example.com.au',
        phone: '0400 123 456',
        suburb: 'Nowhereville',
        state: 'VIC',
        address: '12 Station Street',
        ...bookableSlot({ regions: 'VIC' }),
        message: 'Blocked drain',
      })
      .expect(201);
    const [notice] = await sut.dataSource.query(
      `SELECT text_body AS text, created_at AS "createdAt" FROM notifications WHERE entity_id = $1 AND template_key = 'booking_notice'`,
      [created.body.id],
    );
    // E-mails' one date format ('Thursday 26 November 2026'), the day in TZ_DISPLAY, then the time labelled.
    const received = new Intl.DateTimeFormat('en-AU', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .format(notice.createdAt)
      .replace(',', '');
    expect(notice.text).toMatch(new RegExp(`received on ${received}, \\d{1,2}:\\d{2} [ap]m GMT[+-]\\d+\\.`));
    expect(notice.text).toContain('Address: 12 Station Street, Nowhereville VIC\n');
    for (const line of (notice.text as string).split('\n')) {
      expect(line).not.toMatch(/\S {2,}\S|[ \t]$| [,.;:!?]/);
    }
  });
});
