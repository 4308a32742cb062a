import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { bookableDayAfter, slotSequence } from '../support/booking-slots.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

const PERTH = 'Cottesloe WA 6011';
const ADMIN_EMAIL = 'front-desk@example.com.au';
const STATUS_MESSAGE = 'Status must be one of: New, Contacted, Scheduled, Completed, Cancelled';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of audit_log read as the database answers them
type Entry = Record<string, any>;

/**
 * Issue 19, the front of the business: every change to a booking, an appointment, an enquiry or the
 * availability writes its audit entry in the change's transaction, naming who acted (staff, the
 * customer through their link: 'public'); a refused change writes none. Also the enquiries' CSV
 * export and the bulk booking status.
 */
describe('audit trail: bookings, appointments, enquiries, availability', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;
  let n = 0;
  const slots = slotSequence({ regions: 'WA' });
  // Appointments are confirmed days after the public bookings' own days, in places of their own.
  const visits = slotSequence({ regions: 'WA', from: bookableDayAfter(3, { regions: 'WA' }) });

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: ADMIN_EMAIL, role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'front-plumber@example.com.au', role: 'plumber' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  const deliver = () => sut.app.get(NotificationsWorker).drainNow();

  async function entries(where: string, parameters: unknown[] = []): Promise<Entry[]> {
    return sut.dataSource.query(`SELECT * FROM audit_log WHERE ${where} ORDER BY id`, parameters);
  }

  /** The export's entry is written when the stream ends (after the answer): wait for it. */
  function exportEntry(list: string): Promise<Entry> {
    return eventually(
      async () => (await sut.dataSource.query(`SELECT * FROM audit_log WHERE action = 'export' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, [list]))[0],
      `the export entry for ${list}`,
    );
  }

  /** A public booking in Perth (it takes its place in a free slot). */
  async function book(): Promise<string> {
    n += 1;
    const email = `front.customer${n}@example.com.au`;
    const slot = slots.next();
    await sut
      .http()
      .post('/api/bookings')
      .send({ name: `Front Customer${n}`, email, phone: '0400 123 456', suburb: PERTH, address: `${n} Marine Parade`, ...slot, message: 'Slow drain' })
      .expect(201);
    const [row] = await sut.dataSource.query(`SELECT id FROM bookings WHERE email = $1`, [email]);
    return row.id as string;
  }

  async function confirmed(bookingId: string, notify = false): Promise<{ id: string; date: string; time: string }> {
    const visit = visits.next();
    const answer = await sut
      .http()
      .post(`/api/admin/bookings/${bookingId}/confirm`)
      .set(admin.auth)
      .send({ date: visit.preferred_date, time: visit.preferred_time, notify })
      .expect(200);
    return answer.body;
  }

  /** The customer's private link, from the confirmation e-mail (its token is made at delivery). */
  async function customerLink(bookingId: string): Promise<string> {
    await smtp.emptyInbox(deliver);
    const [{ email }] = await sut.dataSource.query(`SELECT email FROM bookings WHERE id = $1`, [bookingId]);
    await confirmed(bookingId, true);
    let mail: ReceivedMail | undefined;
    for (let count = 1; !mail; count += 1) {
      await deliver();
      mail = smtp.received.find((received) => received.to.includes(email) && /\/booking\/[A-Za-z0-9_-]{43}/.test(received.text));
      if (!mail) await smtp.waitFor(count);
    }
    return /\/booking\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }

  async function enquiry(): Promise<string> {
    n += 1;
    const [row] = await sut.dataSource.query(
      `INSERT INTO enquiries (kind, contact_person, email, phone, product) VALUES ('product', $1, $2, '0400 000 000', 'Drain camera') RETURNING id`,
      [`Enquirer ${n}`, `enquirer${n}@example.com.au`],
    );
    return row.id as string;
  }

  interface Expected {
    entity: string;
    entityId: string;
    action: string;
    actorName: string;
    changes: Record<string, unknown> | null;
    details?: Record<string, unknown>;
  }

  it.each<[string, () => Promise<Expected>]>([
    [
      'staff set a booking status',
      async () => {
        const id = await book();
        await sut.http().put(`/api/admin/bookings/${id}`).set(admin.auth).send({ status: 'contacted' }).expect(200);
        return {
          entity: 'booking',
          entityId: id,
          action: 'status_changed',
          actorName: ADMIN_EMAIL,
          changes: { status: { before: 'new', after: 'contacted' } },
        };
      },
    ],
    [
      'staff confirm a booking as an appointment',
      async () => {
        const bookingId = await book();
        const appointment = await confirmed(bookingId);
        return {
          entity: 'appointment',
          entityId: appointment.id,
          action: 'confirm',
          actorName: ADMIN_EMAIL,
          changes: expect.objectContaining({ status: { before: null, after: 'confirmed' }, date: { before: null, after: appointment.date } }),
          details: { bookingId },
        };
      },
    ],
    [
      'the confirmation makes the booking Scheduled, as the staff member who confirmed',
      async () => {
        const bookingId = await book();
        await confirmed(bookingId);
        return {
          entity: 'booking',
          entityId: bookingId,
          action: 'status_changed',
          actorName: ADMIN_EMAIL,
          changes: { status: { before: 'new', after: 'scheduled' } },
        };
      },
    ],
    [
      'staff move an appointment',
      async () => {
        const bookingId = await book();
        const appointment = await confirmed(bookingId);
        const day = bookableDayAfter(12, { regions: 'WA' });
        await sut
          .http()
          .post(`/api/admin/appointments/${appointment.id}/reschedule`)
          .set(admin.auth)
          .send({ date: day, time: '2:00 PM', notify: false })
          .expect(200);
        return {
          entity: 'appointment',
          entityId: appointment.id,
          action: 'reschedule',
          actorName: ADMIN_EMAIL,
          changes: { date: { before: appointment.date, after: day }, time: { before: appointment.time, after: '2:00 PM' } },
          details: { bookingId },
        };
      },
    ],
    [
      'staff cancel an appointment',
      async () => {
        const bookingId = await book();
        const appointment = await confirmed(bookingId);
        await sut.http().post(`/api/admin/appointments/${appointment.id}/cancel`).set(admin.auth).send({ reason: 'Customer away', notify: false }).expect(200);
        return {
          entity: 'appointment',
          entityId: appointment.id,
          action: 'cancel',
          actorName: ADMIN_EMAIL,
          changes: { status: { before: 'confirmed', after: 'cancelled' }, cancelReason: { before: null, after: 'Customer away' } },
          details: { bookingId },
        };
      },
    ],
    [
      'the customer moves their appointment through their link',
      async () => {
        const bookingId = await book();
        const token = await customerLink(bookingId);
        const [appointment] = await sut.dataSource.query(`SELECT id, slot FROM appointments WHERE booking_id = $1`, [bookingId]);
        const day = bookableDayAfter(13, { regions: 'WA' });
        await sut.http().post(`/api/booking/${token}/move`).send({ date: day, time: '3:00 PM' }).expect(200);
        return {
          entity: 'appointment',
          entityId: appointment.id,
          action: 'reschedule',
          actorName: 'public',
          changes: expect.objectContaining({ date: { before: expect.any(String), after: day }, time: { before: appointment.slot, after: '3:00 PM' } }),
          details: { bookingId },
        };
      },
    ],
    [
      'the customer cancels through their link (the booking Cancelled by the public too)',
      async () => {
        const bookingId = await book();
        const token = await customerLink(bookingId);
        await sut.http().post(`/api/booking/${token}/cancel`).send({ reason: 'Fixed it myself' }).expect(200);
        const [appointment] = await sut.dataSource.query(`SELECT id FROM appointments WHERE booking_id = $1`, [bookingId]);
        return {
          entity: 'appointment',
          entityId: appointment.id,
          action: 'cancel',
          actorName: 'public',
          changes: { status: { before: 'confirmed', after: 'cancelled' }, cancelReason: { before: null, after: 'Fixed it myself' } },
          details: { bookingId },
        };
      },
    ],
    [
      "staff dismiss a booking's unknown referral code",
      async () => {
        n += 1;
        const email = `front.coded${n}@example.com.au`;
        await sut
          .http()
          .post('/api/bookings')
          .send({
            name: `Coded ${n}`,
            email,
            phone: '0400 123 456',
            suburb: PERTH,
            address: `${n} Marine Parade`,
            ...slots.next(),
            message: 'Slow drain',
            referral_code: 'NOSUCH99',
          })
          .expect(201);
        const [{ id: bookingId }] = await sut.dataSource.query(`SELECT id FROM bookings WHERE email = $1`, [email]);
        const reviews = (
          await sut.http().get('/api/admin/referral-reviews').query({ filter: '{"status":"open","kind":"unknown_code"}' }).set(admin.auth).expect(200)
        ).body;
        const review = reviews.find((candidate: { bookingId: string }) => candidate.bookingId === bookingId);
        await sut.http().post(`/api/admin/referral-reviews/${review.id}/resolve`).set(admin.auth).send({ decision: 'dismiss', note: 'A typo' }).expect(200);
        return {
          entity: 'booking',
          entityId: bookingId,
          action: 'referral_code_decided',
          actorName: ADMIN_EMAIL,
          changes: null,
          details: { referralCode: 'NOSUCH99', decision: 'dismissed', plumberId: null, resolution: 'Dismissed (A typo)' },
        };
      },
    ],
    [
      'staff set an enquiry status',
      async () => {
        const id = await enquiry();
        await sut.http().put(`/api/admin/enquiries/${id}`).set(admin.auth).send({ status: 'quoted' }).expect(200);
        return { entity: 'enquiry', entityId: id, action: 'status_changed', actorName: ADMIN_EMAIL, changes: { status: { before: 'new', after: 'quoted' } } };
      },
    ],
    [
      "staff write an enquiry's notes",
      async () => {
        const id = await enquiry();
        await sut.http().put(`/api/admin/enquiries/${id}`).set(admin.auth).send({ status: 'new', notes: 'Call back Monday' }).expect(200);
        return { entity: 'enquiry', entityId: id, action: 'update', actorName: ADMIN_EMAIL, changes: { notes: { before: null, after: 'Call back Monday' } } };
      },
    ],
    [
      'staff archive an enquiry',
      async () => {
        const id = await enquiry();
        await sut.http().post(`/api/admin/enquiries/${id}/archive`).set(admin.auth).expect(200);
        // Archiving again keeps the first time, and writes no second entry.
        await sut.http().post(`/api/admin/enquiries/${id}/archive`).set(admin.auth).expect(200);
        return { entity: 'enquiry', entityId: id, action: 'archive', actorName: ADMIN_EMAIL, changes: null };
      },
    ],
    [
      'staff close a day in one region',
      async () => {
        const day = bookableDayAfter(30, { regions: 'WA' });
        await sut
          .http()
          .put('/api/admin/settings/availability')
          .set(admin.auth)
          .send({ closedDates: { WA: [day] } })
          .expect(200);
        return {
          entity: 'availability',
          entityId: day,
          action: 'close_day',
          actorName: ADMIN_EMAIL,
          changes: { closed: { before: false, after: true } },
          details: { region: 'WA' },
        };
      },
    ],
    [
      "staff change a region's capacity",
      async () => {
        await sut
          .http()
          .put('/api/admin/settings/availability')
          .set(admin.auth)
          .send({ capacity: { NT: { 3: 1 } } })
          .expect(200);
        return {
          entity: 'availability',
          entityId: 'NT',
          action: 'capacity_changed',
          actorName: ADMIN_EMAIL,
          changes: { capacity: { before: null, after: { 3: 1 } } },
        };
      },
    ],
  ])('%s writes its entry', async (_name, act) => {
    const expected = await act();
    const written = await entries(`entity = $1 AND entity_id = $2 AND action = $3`, [expected.entity, expected.entityId, expected.action]);
    expect(written).toHaveLength(1);
    if (expected.actorName === 'public') {
      // What the customer's change did to the booking is theirs too (its status, by 'public').
      const booking: Entry[] = await sut.dataSource.query(`SELECT * FROM audit_log WHERE entity = 'booking' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, [
        expected.details!.bookingId,
      ]);
      if (expected.action === 'cancel')
        expect(booking[0]).toMatchObject({ actor_name: 'public', changes: { status: { before: 'scheduled', after: 'cancelled' } } });
    }
    expect(written[0]).toMatchObject({
      actor_name: expected.actorName,
      actor_kind: expected.actorName === 'public' ? 'public' : 'user',
      changes: expected.changes,
      ...(expected.details ? { details: expected.details } : {}),
    });
  });

  it('a refused change writes no entry', async () => {
    const id = await enquiry();
    const before = (await entries('true')).length;
    await sut.http().put(`/api/admin/enquiries/${id}`).set(admin.auth).send({ status: 'maybe' }).expect(400);
    await sut.http().put('/api/admin/settings/availability').set(admin.auth).send({ defaultCapacity: -1 }).expect(400);
    const booking = await book();
    await sut.http().put(`/api/admin/bookings/${booking}`).set(admin.auth).send({ status: 'lost' }).expect(400);
    expect(await entries('true')).toHaveLength(before);
    const [row] = await sut.dataSource.query(`SELECT status FROM enquiries WHERE id = $1`, [id]);
    expect(row.status).toBe('new');
  });

  describe('enquiries export', () => {
    it('streams every matching enquiry (not one page) with times in the zone, and is audited with the filter and row count', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i += 1) ids.push(await enquiry());
      await sut.dataSource.query(`UPDATE enquiries SET status = 'won' WHERE id = ANY($1::uuid[])`, [ids]);
      const filter = JSON.stringify({ status: 'won' });
      const response = await sut.http().get('/api/admin/enquiries/export.csv').query({ filter, sort: '["createdAt","ASC"]' }).set(admin.auth).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = response.text.trim().split('\n');
      expect(lines[0]).toMatch(/^"id","kind","status",.*"created_at \(.+\)","updated_at \(.+\)","archived_at \(.+\)"$/);
      expect(lines).toHaveLength(13);
      expect(lines.slice(1).every((line) => line.includes('"won"'))).toBe(true);
      expect(lines[1]).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"/);
      expect(await exportEntry('enquiries')).toMatchObject({
        actor_name: ADMIN_EMAIL,
        entity: 'export',
        details: expect.objectContaining({ list: 'enquiries', filter: { status: 'won' }, rows: 12, complete: true }),
      });
    });

    it('refuses a filter outside the allow-list (400), and anyone but staff', async () => {
      const bad = await sut.http().get('/api/admin/enquiries/export.csv').query({ filter: '{"email":"x"}' }).set(admin.auth).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field: expect.stringContaining('email') })] });
      await sut.http().get('/api/admin/enquiries/export.csv').expect(401);
      await sut.http().get('/api/admin/enquiries/export.csv').set(plumber.auth).expect(403);
    });

    it('the bookings export writes its export entry with the filter and the row count', async () => {
      const filter = { status: 'contacted' };
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings WHERE status = 'contacted'`);
      expect(count).toBeGreaterThan(0);
      const response = await sut
        .http()
        .get('/api/admin/bookings/export.csv')
        .query({ filter: JSON.stringify(filter) })
        .set(admin.auth)
        .expect(200);
      expect(response.text.trim().split('\n')).toHaveLength(count + 1);
      expect(await exportEntry('bookings')).toMatchObject({
        actor_name: ADMIN_EMAIL,
        details: expect.objectContaining({ list: 'bookings', filter, rows: count, complete: true }),
      });
    });
  });

  describe('bulk booking status', () => {
    const bulk = (body: unknown) =>
      sut
        .http()
        .post('/api/admin/bookings/bulk-status')
        .set(admin.auth)
        .send(body as object);

    it('changes three bookings in one go: three status_changed entries, the ones already there unchanged', async () => {
      const ids = [await book(), await book(), await book()];
      await sut.http().put(`/api/admin/bookings/${ids[2]}`).set(admin.auth).send({ status: 'completed' }).expect(200);
      const answer = await bulk({ ids, status: 'completed' }).expect(200);
      expect(answer.body.updated.sort()).toEqual([ids[0], ids[1]].sort());
      expect(answer.body.unchanged).toEqual([ids[2]]);
      const written = await entries(`entity = 'booking' AND entity_id = ANY($1) AND action = 'status_changed'`, [ids]);
      expect(written).toHaveLength(3);
      expect(written.every((entry) => entry.actor_name === ADMIN_EMAIL && entry.changes.status.after === 'completed')).toBe(true);
      const rows = await sut.dataSource.query(`SELECT status FROM bookings WHERE id = ANY($1)`, [ids]);
      expect(rows.map((row: { status: string }) => row.status)).toEqual(['completed', 'completed', 'completed']);
    });

    it('an unknown id: 404 and nothing changed (all or nothing)', async () => {
      const ids = [await book(), await book()];
      const before = (await entries('true')).length;
      const answer = await bulk({ ids: [...ids, '00000000-0000-4000-8000-000000000000'], status: 'contacted' }).expect(404);
      expect(answer.body).toMatchObject({ statusCode: 404, message: 'Booking not found.' });
      const rows = await sut.dataSource.query(`SELECT status FROM bookings WHERE id = ANY($1)`, [ids]);
      expect(rows.map((row: { status: string }) => row.status)).toEqual(['new', 'new']);
      expect(await entries('true')).toHaveLength(before);
    });

    it.each<[string, unknown, string]>([
      ['a bad status: the one-by-one message', { status: 'lost' }, 'status'],
      ['no ids', { ids: [], status: 'contacted' }, 'ids'],
      ['more than 500 ids', { ids: Array.from({ length: 501 }, () => '00000000-0000-4000-8000-000000000000'), status: 'contacted' }, 'ids'],
      ['an id that is no uuid', { ids: ['nope'], status: 'contacted' }, 'ids'],
    ])('%s: 400 naming the field, nothing changed', async (_name, body, field) => {
      const id = await book();
      const answer = await bulk({ ids: [id], ...(body as object) }).expect(400);
      expect(answer.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      if (field === 'status') {
        const single = await sut.http().put(`/api/admin/bookings/${id}`).set(admin.auth).send({ status: 'lost' }).expect(400);
        expect(answer.body.errors).toEqual(single.body.errors);
        expect(answer.body.errors).toEqual([{ field: 'status', message: STATUS_MESSAGE }]);
      }
      const [row] = await sut.dataSource.query(`SELECT status FROM bookings WHERE id = $1`, [id]);
      expect(row.status).toBe('new');
    });

    it("a cancelled booking's effects are the same as one-by-one: its appointment cancelled, its place freed", async () => {
      const bookingId = await book();
      const appointment = await confirmed(bookingId);
      await bulk({ ids: [bookingId], status: 'cancelled' }).expect(200);
      const [row] = await sut.dataSource.query(`SELECT status, cancel_reason FROM appointments WHERE id = $1`, [appointment.id]);
      expect(row).toEqual({ status: 'cancelled', cancel_reason: 'The booking was cancelled' });
      const places = await sut.dataSource.query(`SELECT released_at FROM booking_slots WHERE booking_id = $1`, [bookingId]);
      expect(places.length).toBeGreaterThan(0);
      expect(places.every((place: { released_at: Date | null }) => place.released_at !== null)).toBe(true);
      const cancelled = await entries(`entity = 'appointment' AND entity_id = $1 AND action = 'cancel'`, [appointment.id]);
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]).toMatchObject({ actor_name: ADMIN_EMAIL, details: { bookingId } });
    });

    it('is for staff only', async () => {
      await sut.http().post('/api/admin/bookings/bulk-status').send({ ids: [], status: 'new' }).expect(401);
      await sut.http().post('/api/admin/bookings/bulk-status').set(plumber.auth).send({ ids: [], status: 'new' }).expect(403);
    });
  });
});
