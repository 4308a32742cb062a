import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Real availability and exact slot booking (issue 16), on real PostgreSQL with two server instances. */
describe('availability and booking a slot', () => {
  let sut: TestApp;
  let second: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    second = await startTestApp({ databaseUrl: sut.databaseUrl, env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'slots@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await sut.close();
  });

  let n = 0;
  const booking = (date: string, time: string) => {
    n += 1;
    return {
      name: `Sam Slot ${n}`,
      email: `sam.slot${n}@example.com.au`,
      phone: '0400 123 456',
      suburb: 'Footscray VIC 3011',
      address: `${n} Barkly Street`,
      preferred_date: date,
      preferred_time: time,
      message: 'Blocked drain',
    };
  };

  async function openDay(): Promise<string> {
    const answer = (await sut.http().get('/api/availability').query({ suburb: 'Footscray VIC 3011', days: 14 }).expect(200)).body;
    return answer.days.find((day: { open: boolean }) => day.open).date;
  }

  it("answers a region's open days and free slots, in its time zone, never counts", async () => {
    const answer = (await sut.http().get('/api/availability').query({ suburb: 'Footscray VIC 3011', days: 14 }).expect(200)).body;
    expect(answer).toMatchObject({ region: 'VIC', timeZone: 'Australia/Melbourne' });
    expect(answer.days).toHaveLength(14);
    expect(answer.days[0].open).toBe(false); // today: nothing today
    for (const day of answer.days) {
      if (new Date(`${day.date}T12:00:00Z`).getUTCDay() === 0) expect(day.open).toBe(false);
      expect(day.slots.map((slot: { time: string }) => slot.time)).toEqual([
        '8:00 AM',
        '9:00 AM',
        '10:00 AM',
        '11:00 AM',
        '12:00 PM',
        '1:00 PM',
        '2:00 PM',
        '3:00 PM',
        '4:00 PM',
        '5:00 PM',
      ]);
    }
    expect(JSON.stringify(answer)).not.toMatch(/capacity|count|taken|name|email/i);
    await sut.http().get('/api/availability').expect(400);
    await sut.http().get('/api/availability').query({ suburb: 'Footscray VIC 3011', days: 0 }).expect(400);
  });

  it('lets exactly as many bookings as the capacity take a slot, across two instances; the others get 409 SLOT_TAKEN with the next free slots', async () => {
    await sut.http().put('/api/admin/settings/availability').set(admin.auth).send({ defaultCapacity: 2 }).expect(200);
    const day = await openDay();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? sut : second).http().post('/api/bookings').send(booking(day, '10:00 AM'))),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const taken = answers.filter((answer) => answer.status === 409);
    expect(created).toHaveLength(2);
    expect(taken).toHaveLength(10);
    expect(taken[0]!.body).toMatchObject({ code: 'SLOT_TAKEN', message: 'Sorry, that time has just been taken. Please choose another time.' });
    expect(taken[0]!.body.nextSlots.length).toBeGreaterThan(0);
    expect(taken[0]!.body.nextSlots[0].label).toMatch(/AEDT|AEST/);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings WHERE preferred_date = $1 AND preferred_time = '10:00 AM'`, [
      day,
    ]);
    expect(count).toBe(2);
    const after = (await sut.http().get('/api/availability').query({ suburb: 'Footscray VIC 3011', from: day, days: 1 }).expect(200)).body;
    expect(after.days[0].slots.find((slot: { time: string }) => slot.time === '10:00 AM').available).toBe(false);

    // A cancellation frees its place.
    await sut.http().put(`/api/admin/bookings/${created[0]!.body.id}`).set(admin.auth).send({ status: 'cancelled' }).expect(200);
    await sut.http().post('/api/bookings').send(booking(day, '10:00 AM')).expect(201);
    await sut.http().post('/api/bookings').send(booking(day, '10:00 AM')).expect(409);
  });

  it('gives the last place of a slot to exactly one of many requests at once on one instance', async () => {
    const day = await openDay();
    await sut.http().post('/api/bookings').send(booking(day, '3:00 PM')).expect(201); // one of two places taken
    const answers = await Promise.all(Array.from({ length: 10 }, () => sut.http().post('/api/bookings').send(booking(day, '3:00 PM'))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const [{ count }] = await sut.dataSource.query(
      `SELECT count(*)::int AS count FROM booking_slots WHERE region = 'VIC' AND day = $1 AND slot = '3:00 PM' AND released_at IS NULL`,
      [day],
    );
    expect(count).toBe(2);
  });

  it('refuses a closed day with the next free slots, and keeps nothing', async () => {
    const answer = (await sut.http().get('/api/availability').query({ suburb: 'Footscray VIC 3011', days: 14 }).expect(200)).body;
    const sunday = answer.days.find((day: { date: string }) => new Date(`${day.date}T12:00:00Z`).getUTCDay() === 0).date;
    const refused = await sut.http().post('/api/bookings').send(booking(sunday, '9:00 AM')).expect(400);
    expect(refused.body).toMatchObject({ code: 'SLOT_CLOSED' });
    expect(refused.body.nextSlots.length).toBeGreaterThan(0);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings WHERE preferred_date = $1`, [sunday]);
    expect(count).toBe(0);
  });

  it('checks the settings staff save', async () => {
    const bad = await sut.http().put('/api/admin/settings/availability').set(admin.auth).send({ defaultCapacity: -1, cutoff: '25:00' }).expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['defaultCapacity', 'cutoff']);
    const saved = await sut
      .http()
      .put('/api/admin/settings/availability')
      .set(admin.auth)
      .send({ capacity: { WA: { 1: 3 } }, closedDates: { all: ['2026-12-31'] } })
      .expect(200);
    expect(saved.body).toMatchObject({
      defaultCapacity: 2,
      capacity: { WA: { 1: 3 } },
      closedWeekdays: [0],
      closedDates: { all: ['2026-12-31'] },
      cutoff: '14:00',
    });
    await sut.http().get('/api/admin/settings/availability').expect(401);
  });
});
