import { jest } from '@jest/globals';
import pg from 'pg';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { TableChanges } from '../../src/database/table-changes.js';
import { LocalitiesRepository } from '../../src/modules/addresses/localities.repository.js';
import { slotSequence } from '../support/booking-slots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 13 item 10a: a booking costs one statement. The booking and its two e-mails are written by
 * one INSERT … with data-modifying CTEs (no template or locality read): exactly one booking row and
 * two outbox rows with the dedupe keys they always had, all or nothing. Since issue 16 the booking
 * also takes its place in its slot, in the same transaction (START TRANSACTION, that statement, the
 * place, COMMIT).
 */

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

const booking = (email: string, overrides: Record<string, string> = {}) => ({
  name: 'Sam Statement',
  email,
  phone: '0400 123 456',
  suburb: 'Toowong',
  address: '4 Elm Street',
  ...slots.next(),
  message: 'Tree roots',
  ...overrides,
});

describe('a booking is one statement', () => {
  let sut: TestApp;
  const rows = (sql: string, parameters: unknown[] = []) => sut.dataSource.query(sql, parameters);

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    // The copies in memory as a running server has them after its first booking (kept once it listens).
    await sut.app.get(TableChanges).ready();
    await sut.app.get(LocalitiesRepository).warm();
    await sut.http().post('/api/bookings').send(booking('warm.up@example.com.au')).expect(201);
  });

  afterAll(() => sut.close());

  it('writes the booking and its e-mails with one statement, and takes its place in the slot in the same short transaction', async () => {
    // Issue 16: the place in the slot is taken in the booking's transaction (a full slot stores nothing).
    const query = jest.spyOn(pg.Client.prototype, 'query');
    try {
      await sut.http().post('/api/bookings').send(booking('one.statement@example.com.au')).expect(201);
      const texts = query.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
      expect(texts).toHaveLength(4);
      expect(texts[0]).toBe('START TRANSACTION');
      expect(texts[1]).toMatch(/INSERT INTO bookings[\s\S]*INSERT INTO notifications/);
      expect(texts[2]).toMatch(/^INSERT INTO booking_slots/);
      expect(texts[3]).toBe('COMMIT');
      // Localities, templates and settings are read from the copies in memory.
      for (const text of texts) expect(text).not.toMatch(/FROM (localities|email_templates|settings)\b/);
    } finally {
      query.mockRestore();
    }
  });

  it('stores exactly one booking and its two e-mails, with the dedupe keys, entity and Message-IDs they always had', async () => {
    const created = await sut
      .http()
      .post('/api/bookings')
      .send(booking('exactly.two@example.com.au', { suburb: 'Parramatta NSW 2150' }))
      .expect(201);
    const id = created.body.id as string;
    const [stored] = await rows(
      `SELECT suburb, state, postcode, status, created_at = updated_at AS same_times FROM bookings WHERE email = 'exactly.two@example.com.au'`,
    );
    expect(stored).toEqual({ suburb: 'Parramatta', state: 'NSW', postcode: '2150', status: 'new', same_times: true });
    const mails = await rows(
      `SELECT dedupe_key, template_key, to_address, status, entity_type, entity_id, message_id, id::text AS id FROM notifications WHERE entity_id = $1 ORDER BY template_key`,
      [id],
    );
    expect(mails).toHaveLength(2);
    expect(mails.map((mail: { dedupe_key: string }) => mail.dedupe_key)).toEqual([`booking:${id}:autoresponse`, `booking:${id}:notice`]);
    expect(mails.map((mail: { template_key: string }) => mail.template_key)).toEqual(['booking_autoresponse', 'booking_notice']);
    expect(mails[0].to_address).toBe('exactly.two@example.com.au');
    for (const mail of mails) {
      expect(mail).toMatchObject({ status: 'preview', entity_type: 'booking', entity_id: id });
      expect(mail.message_id).toMatch(new RegExp(`^<${mail.id}@[^>]+>$`));
    }
  });

  it('the notice tells the time the booking was stored, and the row holds that same time', async () => {
    const created = await sut.http().post('/api/bookings').send(booking('received.at@example.com.au')).expect(201);
    const [row] = await rows(
      `SELECT b.created_at, n.text_body FROM bookings b JOIN notifications n ON n.entity_id = b.id::text AND n.template_key = 'booking_notice' WHERE b.id = $1`,
      [created.body.id],
    );
    expect(row.text_body).toContain(`received on ${formatLongDateTimeIn(sut.config.tzDisplay, row.created_at)}.`);
  });

  it('writes nothing at all when the e-mails cannot be written: no booking without its e-mails', async () => {
    await rows(`
      CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the outbox refuses the notice';
      END $$`);
    await rows(
      `CREATE TRIGGER refuse_notice BEFORE INSERT ON notifications FOR EACH ROW WHEN (NEW.template_key = 'booking_notice') EXECUTE FUNCTION refuse_notice()`,
    );
    try {
      const before = await rows(`SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM notifications) AS mails`);
      const response = await sut.http().post('/api/bookings').send(booking('all.or.nothing@example.com.au'));
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ statusCode: 500, correlationId: expect.any(String) });
      expect(await rows(`SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM notifications) AS mails`)).toEqual(before);
    } finally {
      await rows(`DROP TRIGGER refuse_notice ON notifications`);
      await rows(`DROP FUNCTION refuse_notice()`);
    }
    await sut.http().post('/api/bookings').send(booking('all.or.nothing@example.com.au')).expect(201);
  });

  it('the same submission sent twice at once is one booking with two e-mails, and both are answered with its id', async () => {
    const submission = booking('race@example.com.au');
    const send = () => sut.http().post('/api/bookings').set('Idempotency-Key', 'statement-race-0001').send(submission);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const [counts] = await rows(
      `SELECT count(*)::int AS bookings, (SELECT count(*)::int FROM notifications WHERE entity_id = $1) AS mails FROM bookings WHERE idempotency_key = 'statement-race-0001'`,
      [answers[0]!.body.id],
    );
    expect(counts).toEqual({ bookings: 1, mails: 2 });
  });
});
