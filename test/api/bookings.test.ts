import { createServer, type Server } from 'node:http';
import { todayIn } from '@relining/contracts/booking-rules';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { closedDay, slotSequence } from '../support/booking-slots.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Each booking its own free slot (issue 16: a slot takes two visits), on days any region can book.
const slots = slotSequence();

const booking = () => ({
  name: 'Alex Citizen',
  email: 'alex.booking@example.com.au',
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  ...slots.next(),
  how_heard_about_us: 'Google Search',
  message: 'Blocked drain in the back yard',
});

async function count(app: TestApp, sql: string): Promise<number> {
  const [row] = await app.dataSource.query(sql);
  return row.count;
}

describe('bookings: the public request', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', COMPANY_EMAIL: 'Bookings <bookings@example.com.au>' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'places-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  it('stores the booking with state and postcode from the suburb, and e-mails the customer and the company', async () => {
    const submission = booking();
    const response = await sut
      .http()
      .post('/api/bookings')
      .send({ ...submission, subject: 'New Booking Request', _gotcha: '' })
      .expect(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await sut.dataSource.query(`SELECT * FROM bookings WHERE id = $1`, [response.body.id]);
    expect(row).toMatchObject({
      full_name: 'Alex Citizen',
      email: 'alex.booking@example.com.au',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      preferred_time: submission.preferred_time,
      brief_description: 'Blocked drain in the back yard',
      how_heard_about_us: 'Google Search',
      status: 'new',
    });

    const mails = await smtp.waitFor(2);
    const customer = mails.find((mail) => mail.to.includes('alex.booking@example.com.au'))!;
    expect(customer.subject).toBe('Thanks for your booking request!');
    expect(customer.text).toContain('Hi Alex,');
    expect(customer.text).toContain('be in touch shortly to confirm the next steps');
    expect(customer.text).toContain('call us on 1300 747 354');
    const notice = mails.find((mail) => mail.to.includes('bookings@example.com.au'))!;
    expect(notice.subject).toBe('New Booking Request: Alex Citizen, Richmond');
    expect(notice.text).toContain('0400 123 456');
  });

  it('refuses a suburb whose state is unknown (its region decides the times), and fills a unique one', async () => {
    const before = await count(sut, `SELECT count(*)::int AS count FROM bookings`);
    const ambiguous = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), suburb: 'Richmond' })
      .expect(400);
    expect(ambiguous.body.errors).toEqual([{ field: 'suburb', message: 'Please choose your suburb from the list, so we can show the times we can come' }]);
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings`)).toBe(before);
    const unique = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), suburb: 'toowong' })
      .expect(201);
    const [other] = await sut.dataSource.query(`SELECT suburb, state, postcode FROM bookings WHERE id = $1`, [unique.body.id]);
    expect(other).toEqual({ suburb: 'Toowong', state: 'QLD', postcode: '4066' });
  });

  it.each([
    [
      "a picked suggestion's text with its state and postcode (what the booking form sends)",
      { suburb: 'Parramatta NSW 2150', state: 'NSW', postcode: '2150' },
      ['Parramatta', 'NSW', '2150'],
    ],
    ["a picked suggestion's text alone (the form without JavaScript)", { suburb: 'Parramatta NSW 2150' }, ['Parramatta', 'NSW', '2150']],
    ['a name with the state and postcode of the picked suggestion', { suburb: 'Richmond', state: 'VIC', postcode: '3121' }, ['Richmond', 'VIC', '3121']],
    ['a name and state, the postcode being certain', { suburb: 'parramatta, nsw' }, ['Parramatta', 'NSW', '2150']],
    ["a place the localities do not know: the visitor's state and postcode are kept", { suburb: 'Nowhere Creek VIC 3999' }, ['Nowhere Creek', 'VIC', '3999']],
    [
      'state and postcode typed in the text win over a hint that disagrees',
      { suburb: 'Richmond VIC 3121', state: 'NSW', postcode: '2753' },
      ['Richmond', 'VIC', '3121'],
    ],
  ])('stores suburb, state and postcode apart from %s', async (_case, place, [suburb, state, postcode]) => {
    const response = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), ...place })
      .expect(201);
    const record = await sut.http().get(`/api/admin/bookings/${response.body.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({ suburb, state, postcode });
  });

  it.each([
    [{ name: '' }, 'name', 'Please fill in the name field'],
    [{ message: '  ', email: 'nope' }, 'message', 'Please fill in the message field'],
    [{ email: 'alex@nowhere' }, 'email', 'Please enter a valid email address'],
    [{ phone: '12-34' }, 'phone', 'Please enter a valid phone number'],
    [{ preferred_date: '' }, 'preferred_date', 'Please select a preferred date'],
    [{ preferred_date: '2020-01-01' }, 'preferred_date', 'Please select a date from today onwards'],
    [{ preferred_time: '' }, 'preferred_time', 'Please select a preferred time'],
    [{ preferred_time: '6:00 AM' }, 'preferred_time', 'Please select a preferred time'],
  ])('refuses %j with its message, storing and sending nothing', async (change, field, message) => {
    const before = await count(sut, `SELECT count(*)::int AS count FROM bookings`);
    const mailsBefore = await count(sut, `SELECT count(*)::int AS count FROM notifications`);
    const response = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), ...change })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(response.body.errors[0]).toEqual({ field, message });
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings`)).toBe(before);
    expect(await count(sut, `SELECT count(*)::int AS count FROM notifications`)).toBe(mailsBefore);
  });

  it('refuses fields it does not know', async () => {
    const response = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), admin: true })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'admin', message: 'property admin should not exist' }]);
  });

  it('answers a filled spam trap exactly like a success, but stores and sends nothing', async () => {
    const before = await count(sut, `SELECT count(*)::int AS count FROM bookings`);
    const notificationsBefore = await count(sut, `SELECT count(*)::int AS count FROM notifications`);
    const response = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking(), _gotcha: 'https://spam.example' })
      .expect(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings`)).toBe(before);
    expect(await count(sut, `SELECT count(*)::int AS count FROM notifications`)).toBe(notificationsBefore);
  });

  it('creates one booking for repeated submissions with the same idempotency key', async () => {
    const submission = booking();
    const first = await sut.http().post('/api/bookings').set('Idempotency-Key', 'booking-key-0001').send(submission).expect(201);
    const second = await sut.http().post('/api/bookings').set('Idempotency-Key', 'booking-key-0001').send(submission).expect(201);
    expect(second.body.id).toBe(first.body.id);
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings WHERE idempotency_key = 'booking-key-0001'`)).toBe(1);
    expect(await count(sut, `SELECT count(*)::int AS count FROM notifications WHERE entity_id = '${first.body.id}'`)).toBe(2);
  });

  it('takes a plain form post (no JavaScript) and redirects to /thank-you', async () => {
    const form = new URLSearchParams({ ...booking(), message: 'Sent without JavaScript', _gotcha: '', subject: 'New Booking Request', _next: '/thank-you' });
    const response = await sut.http().post('/api/bookings').type('form').send(form.toString()).expect(303);
    expect(response.headers.location).toBe('/thank-you');
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings WHERE brief_description = 'Sent without JavaScript'`)).toBe(1);
  });

  it('takes a multipart form post too, and never redirects off the site', async () => {
    const request = sut.http().post('/api/bookings');
    for (const [key, value] of Object.entries({ ...booking(), _next: 'https://evil.example/phish' })) request.field(key, value);
    const response = await request.expect(303);
    expect(response.headers.location).toBe('/thank-you');
  });

  it.each([
    ['multipart', 'application/json'],
    ['multipart', 'application/json, text/plain, */*'],
    ['urlencoded', 'application/json'],
  ])("answers a %s post that accepts %s in JSON, as the spec's original call expects: 201 with the booking", async (encoding, accept) => {
    const fields = { ...booking(), message: `Posted as ${encoding} accepting ${accept}`, _gotcha: '', subject: 'New Booking Request' };
    const request = sut.http().post('/api/bookings').set('accept', accept);
    if (encoding === 'multipart') for (const [key, value] of Object.entries(fields)) request.field(key, value);
    else request.type('form').send(new URLSearchParams(fields).toString());
    const response = await request.expect(201).expect('content-type', /application\/json/);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await sut.dataSource.query(`SELECT brief_description FROM bookings WHERE id = $1`, [response.body.id]);
    expect(row.brief_description).toBe(fields.message);
  });

  it('answers a multipart post that accepts JSON and has problems with 400 in the error format, storing nothing', async () => {
    const request = sut.http().post('/api/bookings').set('accept', 'application/json');
    for (const [key, value] of Object.entries({ ...booking(), email: 'not-an-email', message: 'multipart json refused' })) request.field(key, value);
    const response = await request.expect(400).expect('content-type', /application\/json/);
    expect(response.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      correlationId: expect.any(String),
    });
    expect(await count(sut, `SELECT count(*)::int AS count FROM bookings WHERE brief_description = 'multipart json refused'`)).toBe(0);
  });

  it("keeps the redirect for a browser's own form post (Accept preferring HTML)", async () => {
    const request = sut.http().post('/api/bookings').set('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    for (const [key, value] of Object.entries(booking())) request.field(key, value);
    const response = await request.expect(303);
    expect(response.headers.location).toBe('/thank-you');
  });

  it('answers a form post with problems with a page listing them and the way back', async () => {
    const form = new URLSearchParams({ ...booking(), email: 'not-an-email' });
    const response = await sut.http().post('/api/bookings').type('form').set('Referer', 'http://localhost:3000/about').send(form.toString()).expect(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('Please enter a valid email address');
    expect(response.text).toContain('href="/about#book"');
  });

  describe('a form post (no JavaScript) whose time is refused: a page listing the next free times to choose from', () => {
    /** The same booking refused as JSON (storing nothing), for the free slots the server offers it. */
    async function offeredSlots(submission: Record<string, string>, status: number): Promise<Array<{ label: string }>> {
      const refusal = await sut.http().post('/api/bookings').send(submission).expect(status);
      expect(refusal.body.nextSlots.length).toBeGreaterThan(0);
      return refusal.body.nextSlots;
    }

    async function expectSlotsPage(submission: Record<string, string>, status: number, message: string, offered: Array<{ label: string }>) {
      const form = new URLSearchParams({ ...submission, _next: '/thank-you' });
      const response = await sut
        .http()
        .post('/api/bookings')
        .type('form')
        .set('Referer', 'http://localhost:3000/services')
        .send(form.toString())
        .expect(status);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain(`<ul class="problems"><li>${message}</li></ul>`);
      expect(response.text).toContain(`<ul class="slots">${offered.map((slot) => `<li>${slot.label}</li>`).join('')}</ul>`);
      for (const slot of offered) expect(slot.label).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, \d{1,2}:00 [AP]M AE[DS]T$/);
      expect(response.text).toContain('href="/services#book"');
      expect(await count(sut, `SELECT count(*)::int AS count FROM bookings WHERE brief_description = '${submission.message}'`)).toBe(0);
    }

    it('a closed day (400 SLOT_CLOSED)', async () => {
      const submission = { ...booking(), preferred_date: closedDay({ regions: 'VIC' }), message: 'No JavaScript, closed day' };
      const offered = await offeredSlots(submission, 400);
      await expectSlotsPage(submission, 400, 'That time cannot be booked. Please choose one of the free times.', offered);
    });

    it('a time whose places were just taken (409 SLOT_TAKEN)', async () => {
      const places = slots.wholeSlot();
      for (const place of places)
        await sut
          .http()
          .post('/api/bookings')
          .send({ ...booking(), ...place })
          .expect(201);
      const submission = { ...booking(), ...places[0]!, message: 'No JavaScript, time taken' };
      const offered = await offeredSlots(submission, 409);
      expect(offered).not.toContainEqual(expect.objectContaining({ date: places[0]!.preferred_date, time: places[0]!.preferred_time }));
      await expectSlotsPage(submission, 409, 'Sorry, that time has just been taken. Please choose another time.', offered);
    });
  });
});

describe('bookings: rate limit', () => {
  it('takes 5 a minute per IP, then answers 429 with a friendly message', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 5; i += 1)
        await sut
          .http()
          .post('/api/bookings')
          .send({ ...booking(), email: `rate${i}@example.com.au` })
          .expect(201);
      const blocked = await sut.http().post('/api/bookings').send(booking()).expect(429);
      expect(blocked.body.message).toBe('You have sent several booking requests in a short time. Please try again later, or call us on 1300 747 354.');
    } finally {
      await sut.close();
    }
  });
});

describe('bookings: staff', () => {
  let sut: TestApp;
  let admin: SignedIn;
  const ids: string[] = [];

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'bookings-admin@example.com.au', role: 'admin' }));
    for (const [name, suburb] of [
      ['Zoe Adams', 'Toowong'],
      ['Yusuf Brown', 'Manly NSW 2095'],
      ['Xavier Chen', 'Norwood SA 5067'],
    ] as const) {
      ids.push(
        (
          await sut
            .http()
            .post('/api/bookings')
            .send({ ...booking(), name, suburb, email: `${name.split(' ')[0]!.toLowerCase()}@example.com.au` })
            .expect(201)
        ).body.id,
      );
    }
    // An old booking, outside the last 30 days.
    await sut.dataSource.query(
      `INSERT INTO bookings (full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description, created_at)
       VALUES ('Old Timer', 'old@example.com.au', '0400000000', '1 Old Rd;@SUM(1+1)', 'Hobart', '2024-01-10', '8:00 AM', '=HYPERLINK("http://evil")', now() - interval '60 days')`,
    );
  });

  afterAll(() => sut.close());

  it('lists 10 per page with filters, search and sorting', async () => {
    const page = await sut.http().get('/api/admin/bookings').set(admin.auth).expect(200);
    expect(page.headers['content-range']).toBe('bookings 0-3/4');
    expect(page.body[0]).toMatchObject({ fullName: 'Xavier Chen', status: 'new', suburb: 'Norwood', state: 'SA', postcode: '5067' });
    const sorted = await sut.http().get('/api/admin/bookings').query({ sort: '["fullName","ASC"]' }).set(admin.auth).expect(200);
    expect(sorted.body.map((b: { fullName: string }) => b.fullName)).toEqual(['Old Timer', 'Xavier Chen', 'Yusuf Brown', 'Zoe Adams']);
    const recent = await sut.http().get('/api/admin/bookings').query({ filter: '{"period":"last30"}' }).set(admin.auth).expect(200);
    expect(recent.body).toHaveLength(3);
    const today = await sut.http().get('/api/admin/bookings').query({ filter: '{"period":"today"}' }).set(admin.auth).expect(200);
    expect(today.body).toHaveLength(3);
    const searched = await sut.http().get('/api/admin/bookings').query({ filter: '{"q":"manly"}' }).set(admin.auth).expect(200);
    expect(searched.body.map((b: { fullName: string }) => b.fullName)).toEqual(['Yusuf Brown']);
    const range = await sut
      .http()
      .get('/api/admin/bookings')
      .query({ filter: JSON.stringify({ createdFrom: '2020-01-01', createdTo: todayIn('Australia/Melbourne') }) })
      .set(admin.auth)
      .expect(200);
    expect(range.body).toHaveLength(4);
  });

  it('changes a status (any to any, updatedAt set), accepting the whole record', async () => {
    const record = (await sut.http().get(`/api/admin/bookings/${ids[0]}`).set(admin.auth).expect(200)).body;
    const updated = await sut
      .http()
      .put(`/api/admin/bookings/${ids[0]}`)
      .set(admin.auth)
      .send({ ...record, status: 'Contacted' })
      .expect(200);
    expect(updated.body.status).toBe('contacted');
    expect(new Date(updated.body.updatedAt).getTime()).toBeGreaterThan(new Date(record.updatedAt).getTime());
    const back = await sut.http().put(`/api/admin/bookings/${ids[0]}`).set(admin.auth).send({ status: 'new' }).expect(200);
    expect(back.body.status).toBe('new');
    const wrong = await sut.http().put(`/api/admin/bookings/${ids[0]}`).set(admin.auth).send({ status: 'lost' }).expect(400);
    expect(wrong.body.message).toBe('Status must be one of: New, Contacted, Scheduled, Completed, Cancelled');
    const filtered = await sut.http().get('/api/admin/bookings').query({ filter: '{"status":"New"}' }).set(admin.auth).expect(200);
    expect(filtered.body.length).toBe(4);
  });

  it('counts bookings by status, this week and per day', async () => {
    const stats = await sut.http().get('/api/admin/bookings/stats').set(admin.auth).expect(200);
    expect(stats.body).toMatchObject({ total: 4, byStatus: { new: 4, contacted: 0, scheduled: 0, completed: 0, cancelled: 0 } });
    expect(stats.body.perDay).toHaveLength(30);
    expect(stats.body.perDay[29]).toEqual({ date: todayIn('Australia/Melbourne'), count: 3 });
  });

  it('exports every matching booking as CSV, streamed, with spreadsheet formulas neutralised', async () => {
    const all = await sut.http().get('/api/admin/bookings/export.csv').set(admin.auth).expect(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toMatch(/attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = all.text.trim().split('\n');
    expect(lines[0]).toBe(
      '"id","full_name","email","phone","address","suburb","state","postcode","preferred_date","preferred_time","brief_description","how_heard_about_us","status","created_at (Melbourne time)","updated_at (Melbourne time)"',
    );
    expect(lines).toHaveLength(5);
    // Every field quoted; a formula at the start of a cell, or after a separator a reader may split on, is text.
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(all.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(all.text).toContain(`"1 Old Rd;'@SUM(1+1)"`);
    const filtered = await sut.http().get('/api/admin/bookings/export.csv').query({ filter: '{"q":"zoe"}' }).set(admin.auth).expect(200);
    expect(filtered.text.trim().split('\n')).toHaveLength(2);
  });

  it('is for staff only', async () => {
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'bookings-plumber@example.com.au' }));
    await sut.http().get('/api/admin/bookings').set(plumber.auth).expect(403);
    await sut.http().get('/api/admin/bookings/export.csv').expect(401);
    await sut.http().put(`/api/admin/bookings/${ids[0]}`).set(plumber.auth).send({ status: 'cancelled' }).expect(403);
  });

  it('links a tracking job to a booking', async () => {
    const job = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ jobNumber: 'JOB-BK1', customerName: 'Zoe Adams', customerEmail: 'zoe@example.com.au', bookingId: ids[0], notify: false })
      .expect(201);
    expect(job.body.bookingId).toBe(ids[0]);
    const linked = await sut
      .http()
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify({ bookingId: ids[0] }) })
      .set(admin.auth)
      .expect(200);
    expect(linked.body.map((j: { jobNumber: string }) => j.jobNumber)).toEqual(['JOB-BK1']);
  });
});

describe('address suggestions', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  it('suggests Australian localities for a suburb field from 3 characters, with suburb, state and postcode', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'toow', kind: 'locality' }).expect(200);
    expect(response.body[0]).toEqual({
      description: 'Toowong QLD 4066',
      placeId: expect.stringMatching(/^locality:\d+$/),
      suburb: 'Toowong',
      state: 'QLD',
      postcode: '4066',
    });
  });

  it('narrows a suburb to the state typed after it', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'Richmond vic', kind: 'locality' }).expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.every((s: { state: string }) => s.state === 'VIC')).toBe(true);
  });

  it('keeps the street and completes the locality of a street address', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: '12 Station St, Richmond', kind: 'address' }).expect(200);
    expect(response.body.map((s: { description: string }) => s.description)).toContain('12 Station St, Richmond VIC 3121');
  });

  it.each([['Parra'], ['Toowong QLD'], ['12 Station Street']])(
    'never offers a suburb as a street address: %j has no street and locality, so nothing',
    async (q) => {
      await sut.http().get('/api/addresses/suggest').query({ q, kind: 'address' }).expect(200, []);
      await sut.http().get('/api/addresses/suggest').query({ q }).expect(200, []);
    },
  );

  it('finds close spellings', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'parramata', kind: 'locality' }).expect(200);
    expect(response.body.map((s: { suburb: string }) => s.suburb)).toContain('Parramatta');
  });

  it('refuses an unknown kind', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'toow', kind: 'constructor' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'kind', message: "kind must be 'address' or 'locality'" }]);
  });

  it('needs at least 3 characters', async () => {
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'ri' }).expect(400);
    expect(response.body.message).toBe('Type at least 3 characters for suggestions');
  });
});

describe('address suggestions from Google Places', () => {
  let places: Server;
  let sut: TestApp;
  let lastQuery: URLSearchParams | undefined;
  let answer: unknown;

  beforeAll(async () => {
    places = createServer((request, response) => {
      lastQuery = new URL(request.url!, 'http://localhost').searchParams;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve));
    const address = places.address() as { port: number };
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_API_URL: `http://127.0.0.1:${address.port}` } });
  });

  afterAll(async () => {
    await sut.close();
    await new Promise((resolve) => places.close(resolve));
  });

  it('asks Places from the server (country au, type address) and fills the postcode when certain', async () => {
    answer = {
      status: 'OK',
      predictions: [
        {
          description: '12 Station Street, Toowong QLD, Australia',
          place_id: 'abc',
          terms: [{ value: '12 Station Street' }, { value: 'Toowong' }, { value: 'QLD' }, { value: 'Australia' }],
        },
      ],
    };
    const response = await sut.http().get('/api/addresses/suggest').query({ q: '12 Station', kind: 'address' }).expect(200);
    expect(lastQuery?.get('components')).toBe('country:au');
    expect(lastQuery?.get('types')).toBe('address');
    expect(lastQuery?.get('key')).toBe('test-key');
    expect(response.body).toEqual([
      { description: '12 Station Street, Toowong QLD, Australia', placeId: 'abc', suburb: 'Toowong', state: 'QLD', postcode: '4066' },
    ]);
    expect(JSON.stringify(response.body)).not.toContain('test-key');
  });

  it('suggests suburbs from the localities, never asking Places (which answers street addresses)', async () => {
    lastQuery = undefined;
    const response = await sut.http().get('/api/addresses/suggest').query({ q: 'toow', kind: 'locality' }).expect(200);
    expect(lastQuery).toBeUndefined();
    expect(response.body[0]).toMatchObject({ description: 'Toowong QLD 4066', suburb: 'Toowong', state: 'QLD', postcode: '4066' });
  });

  it('answers an empty list for a non-OK status', async () => {
    answer = { status: 'REQUEST_DENIED', predictions: [] };
    await sut.http().get('/api/addresses/suggest').query({ q: '12 Station' }).expect(200, []);
  });
});

describe('enquiries', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  const corporate = {
    kind: 'corporate',
    organisationName: 'City of Example',
    contactPerson: 'Jordan Lee',
    email: 'jordan.lee@example.gov.au',
    phone: '03 9000 0000',
    siteAddress: '1 Civic Drive, Example VIC 3000',
    issueType: 'roots',
    quantity: '400 m of 225 mm stormwater',
    timing: 'planned',
    notes: 'Access via the council depot',
  };

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', COMPANY_EMAIL: 'projects@example.com.au' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'enquiries-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('stores a corporate enquiry, notifies the company and thanks the enquirer', async () => {
    const response = await sut.http().post('/api/enquiries').send(corporate).expect(201);
    const mails = await smtp.waitFor(2);
    expect(mails.find((mail) => mail.to.includes('projects@example.com.au'))!.subject).toBe('New Project enquiry: City of Example');
    expect(mails.find((mail) => mail.to.includes('jordan.lee@example.gov.au'))!.subject).toBe('We received your enquiry');
    const record = await sut.http().get(`/api/admin/enquiries/${response.body.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({
      kind: 'corporate',
      status: 'new',
      organisationName: 'City of Example',
      issueType: 'roots',
      timing: 'planned',
      message: 'Access via the council depot',
    });
  });

  it.each([
    [{ organisationName: 'A' }, 'organisationName', 'Organization name is required'],
    [{ contactPerson: '' }, 'contactPerson', 'Contact person name is required'],
    [{ email: 'x@y' }, 'email', 'Please enter a valid email address'],
    [{ phone: '123' }, 'phone', 'Please enter a valid phone number'],
    [{ siteAddress: '1 St' }, 'siteAddress', 'Site address is required'],
    [{ issueType: 'flood' }, 'issueType', 'Please select the type of issue'],
    [{ timing: '' }, 'timing', 'Please select project timing'],
    [{ notes: 'n'.repeat(5_001) }, 'notes', 'Please keep this to 5,000 characters or fewer'],
    [{ organisationName: 'City of '.repeat(30) }, 'organisationName', 'Please keep this to 200 characters or fewer'],
  ])('refuses %j', async (change, field, message) => {
    const response = await sut
      .http()
      .post('/api/enquiries')
      .send({ ...corporate, ...change })
      .expect(400);
    expect(response.body.errors).toEqual([{ field, message }]);
  });

  it('stores a product enquiry', async () => {
    const response = await sut
      .http()
      .post('/api/enquiries')
      .send({
        kind: 'product',
        name: 'Pat Supplier',
        email: 'pat@example.com.au',
        phone: '0400 555 666',
        business: 'Pat Plumbing',
        product: 'RapidResin Starter Kit',
        message: 'Price for 5 kits?',
      })
      .expect(201);
    const record = await sut.http().get(`/api/admin/enquiries/${response.body.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({ kind: 'product', contactPerson: 'Pat Supplier', product: 'RapidResin Starter Kit', message: 'Price for 5 kits?' });
    await sut
      .http()
      .post('/api/enquiries')
      .send({ kind: 'product', name: 'Pat', email: 'pat@example.com.au', phone: '0400 555 666', product: 'Rocket', message: 'x?' })
      .expect(400);
  });

  it('keeps every word of a long message, and refuses (storing nothing) one over the limit rather than cutting it', async () => {
    const before = Number((await sut.dataSource.query(`SELECT count(*) FROM enquiries`))[0].count);
    const product = { kind: 'product', name: 'Pat Supplier', email: 'pat@example.com.au', phone: '0400 555 666', product: 'RapidResin Liner' };
    const full = `${'word '.repeat(999)}last`;
    const stored = await sut
      .http()
      .post('/api/enquiries')
      .send({ ...product, message: full })
      .expect(201);
    const record = await sut.http().get(`/api/admin/enquiries/${stored.body.id}`).set(admin.auth).expect(200);
    expect(record.body.message).toBe(full);
    const refused = await sut
      .http()
      .post('/api/enquiries')
      .send({ ...product, message: `${full} and one more` })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'message', message: 'Please keep this to 5,000 characters or fewer' }]);
    const notes = await sut
      .http()
      .put(`/api/admin/enquiries/${stored.body.id}`)
      .set(admin.auth)
      .send({ notes: 'x'.repeat(5_001) })
      .expect(400);
    expect(notes.body.errors).toEqual([{ field: 'notes', message: 'Notes can hold at most 5,000 characters' }]);
    expect(Number((await sut.dataSource.query(`SELECT count(*) FROM enquiries`))[0].count)).toBe(before + 1);
  });

  it('lets staff list, filter and work enquiries (status and notes)', async () => {
    const list = await sut.http().get('/api/admin/enquiries').query({ filter: '{"kind":"corporate"}' }).set(admin.auth).expect(200);
    expect(list.headers['content-range']).toMatch(/^enquiries 0-0\/1$/);
    const id = list.body[0].id;
    const updated = await sut
      .http()
      .put(`/api/admin/enquiries/${id}`)
      .set(admin.auth)
      .send({ ...list.body[0], status: 'quoted', notes: 'Sent quote Q-17' })
      .expect(200);
    expect(updated.body).toMatchObject({ status: 'quoted', notes: 'Sent quote Q-17' });
    await sut.http().put(`/api/admin/enquiries/${id}`).set(admin.auth).send({ status: 'maybe' }).expect(400);
  });

  it('answers an enquiry posted as multipart that accepts JSON in JSON: 201, or 400 in the error format', async () => {
    const created = sut.http().post('/api/enquiries').set('accept', 'application/json');
    for (const [key, value] of Object.entries({ ...corporate, notes: 'multipart enquiry' })) created.field(key, value);
    const response = await created.expect(201).expect('content-type', /application\/json/);
    expect(response.body).toEqual({ id: expect.any(String) });

    const refused = sut.http().post('/api/enquiries').set('accept', 'application/json');
    for (const [key, value] of Object.entries({ ...corporate, email: 'nope', notes: 'multipart enquiry refused' })) refused.field(key, value);
    const error = await refused.expect(400).expect('content-type', /application\/json/);
    expect(error.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field: 'email' })] });
    expect(await count(sut, `SELECT count(*)::int AS count FROM enquiries WHERE message = 'multipart enquiry refused'`)).toBe(0);
  });

  it.each([
    ['1 Civic Drive, Parramatta NSW 2150', 'NSW', '2150'],
    ['1 Civic Drive, Parramatta NSW, Australia', 'NSW', '2150'],
    ['1 Civic Drive Parramatta NSW 2150', 'NSW', '2150'],
    ['1 Civic Drive, Toowong', 'QLD', '4066'],
    ['1 Civic Drive, Richmond', null, null],
  ])('keeps the state and postcode of the site address %j', async (siteAddress, state, postcode) => {
    const response = await sut
      .http()
      .post('/api/enquiries')
      .send({ ...corporate, siteAddress })
      .expect(201);
    const record = await sut.http().get(`/api/admin/enquiries/${response.body.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({ siteAddress, state, postcode });
  });

  it('answers a filled spam trap like a success and stores nothing', async () => {
    const before = (await sut.dataSource.query(`SELECT count(*)::int AS count FROM enquiries`))[0].count;
    await sut
      .http()
      .post('/api/enquiries')
      .send({ ...corporate, _gotcha: 'spam' })
      .expect(201);
    expect((await sut.dataSource.query(`SELECT count(*)::int AS count FROM enquiries`))[0].count).toBe(before);
  });
});
