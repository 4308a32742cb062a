import { jest } from '@jest/globals';
import pg, { type Pool } from 'pg';
import { DataSource } from 'typeorm';
import { TableCache, TableChanges } from '../../src/database/table-changes.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { SettingsRepository } from '../../src/modules/settings/settings.repository.js';
import { TEMPLATE_CATALOGUE } from '../../src/modules/templates/template-catalogue.js';
import { TemplatesService } from '../../src/modules/templates/templates.service.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { slotSequence } from '../support/booking-slots.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 13 item 10a: templates, settings and localities are kept in memory by each instance, and two
 * instances on one database still behave exactly like one. A change made through one instance (or by
 * any other writer) reaches the other by LISTEN/NOTIFY; a statement never stores an e-mail rendered
 * from a wording older than itself, even before the notification arrives; and a notification that could
 * have been missed (the listening session lost) never leaves a stale copy behind.
 */

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

const booking = (email: string) => ({
  name: 'Casey Cache',
  email,
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  ...slots.next(),
  message: 'Blocked drain',
});

async function autoresponseSubject(app: TestApp, bookingId: string): Promise<string[]> {
  const rows = await app.dataSource.query(`SELECT subject FROM notifications WHERE entity_id = $1 AND template_key = 'booking_autoresponse'`, [bookingId]);
  return rows.map((row: { subject: string }) => row.subject);
}

/** The statements an instance sends through its pool while `work` runs, in a transaction or not. */
async function statementsDuring(app: TestApp, work: () => Promise<unknown>): Promise<{ texts: string[] }> {
  const pool = (app.dataSource.driver as unknown as { master: Pool & { _clients: unknown[] } }).master;
  const query = jest.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    // Only this instance's connections (the other instance shares the process).
    const texts = query.mock.calls
      .filter((_call, index) => pool._clients.includes(query.mock.contexts[index]))
      .map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
    return { texts };
  } finally {
    query.mockRestore();
  }
}

const DEFAULT_AUTORESPONSE = TEMPLATE_CATALOGUE.booking_autoresponse;

async function setAutoresponse(app: TestApp, subject: string, body: string = DEFAULT_AUTORESPONSE.body): Promise<void> {
  await app.dataSource.query(`UPDATE email_templates SET subject = $1, body = $2 WHERE key = 'booking_autoresponse'`, [subject, body]);
}

describe('two instances on one database, each with its copies in memory', () => {
  let a: TestApp;
  let b: TestApp;
  let adminOnA: SignedIn;
  let adminOnB: SignedIn;

  beforeAll(async () => {
    a = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    b = await startTestApp({ databaseUrl: a.databaseUrl, env: { RATE_LIMITS: 'off' } });
    await Promise.all([a.app.get(TableChanges).ready(), b.app.get(TableChanges).ready()]);
    const admin = await createUser(a.dataSource, { email: 'cache-admin@example.com.au', role: 'admin' });
    adminOnA = await signIn(a, admin);
    adminOnB = await signIn(b, admin);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each instance listens on a session of its own', async () => {
    const [{ sessions }] = await a.dataSource.query(
      `SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE application_name = 'table-changes' AND datname = current_database()`,
    );
    expect(sessions).toBe(2);
    expect(a.app.get(TableChanges).listening && b.app.get(TableChanges).listening).toBe(true);
  });

  it('settings saved on one instance are what the other answers, once the notification arrives', async () => {
    await b.http().get('/api/admin/settings/email').set(adminOnB.auth).expect(200, { autoNotify: true, includeTrackingLink: true });
    await a.http().put('/api/admin/settings/email').set(adminOnA.auth).send({ includeTrackingLink: false }).expect(200);
    // Without the notification, B would answer its copy for ever.
    await waitUntil(
      'B answers the new setting',
      async () => (await b.http().get('/api/admin/settings/email').set(adminOnB.auth)).body.includeTrackingLink === false,
    );
    await a.http().put('/api/admin/settings/email').set(adminOnA.auth).send({ includeTrackingLink: true }).expect(200);
    await waitUntil(
      'B answers the setting put back',
      async () => (await b.http().get('/api/admin/settings/email').set(adminOnB.auth)).body.includeTrackingLink === true,
    );
  });

  it('a template edited on one instance is the wording the other sends, its copy dropped by the notification', async () => {
    await setAutoresponse(a, DEFAULT_AUTORESPONSE.subject);
    const before = await b.http().post('/api/bookings').send(booking('before.edit@example.com.au')).expect(201);
    expect(await autoresponseSubject(b, before.body.id)).toEqual(['Thanks for your booking request!']);

    let heard = false;
    b.app.get(TableChanges).watch('email_templates', () => {
      heard = true;
    });
    const edited = { subject: 'Booked with us, {customerName}', body: 'Hi {customerName}, see you {preferredDate} at {preferredTime}, {address}, {suburb}.' };
    await a.http().put('/api/admin/email-templates/booking_autoresponse').set(adminOnA.auth).send(edited).expect(200);
    await waitUntil('B heard the change', () => heard);

    let after!: { body: { id: string } };
    const { texts } = await statementsDuring(b, async () => {
      after = await b.http().post('/api/bookings').send(booking('after.edit@example.com.au')).expect(201);
    });
    expect(await autoresponseSubject(b, after.body.id)).toEqual(['Booked with us, Casey']);
    // B read the wording afresh and wrote the booking once: its copy was gone before the booking came.
    expect(texts.filter((text) => text.includes('INSERT INTO bookings'))).toHaveLength(1);
  });

  it('never stores an e-mail rendered from an old wording, even when the notification has not arrived yet', async () => {
    // B stops hearing notifications (as if one were still on its way) but keeps its copy.
    const changes = b.app.get(TableChanges);
    const deaf = jest.spyOn(changes, 'changed').mockImplementation(() => undefined);
    try {
      await setAutoresponse(a, DEFAULT_AUTORESPONSE.subject);
      b.app.get(TemplatesService).forget();
      const warm = await b.http().post('/api/bookings').send(booking('warm.copy@example.com.au')).expect(201);
      expect(await autoresponseSubject(b, warm.body.id)).toEqual([DEFAULT_AUTORESPONSE.subject]);
      await setAutoresponse(a, 'Straight from SQL, {customerName}');

      let created!: { body: { id: string } };
      const { texts } = await statementsDuring(b, async () => {
        created = await b.http().post('/api/bookings').send(booking('stale.copy@example.com.au')).expect(201);
      });
      expect(await autoresponseSubject(b, created.body.id)).toEqual(['Straight from SQL, Casey']);
      // The first statement found its wording out of date and wrote nothing; the second wrote it all.
      expect(texts.filter((text) => text.includes('INSERT INTO bookings'))).toHaveLength(2);
      // Its place in the slot was taken once, by the statement that wrote the booking (issue 16).
      expect(texts.filter((text) => text.includes('INSERT INTO booking_slots'))).toHaveLength(1);
      const [{ bookings }] = await a.dataSource.query(`SELECT count(*)::int AS bookings FROM bookings WHERE email = 'stale.copy@example.com.au'`);
      const [{ mails }] = await a.dataSource.query(`SELECT count(*)::int AS mails FROM notifications WHERE entity_id = $1`, [created.body.id]);
      expect({ bookings, mails }).toEqual({ bookings: 1, mails: 2 });

      // The same holds for e-mails queued inside another module's transaction (enqueue).
      await a.dataSource.query(`UPDATE email_templates SET subject = 'Booked again: {jobId}' WHERE key = 'booking_confirmed'`);
      const templates = b.app.get(TemplatesService);
      await templates.render(undefined, 'booking_confirmed', { customerName: 'Alex', jobId: 'JOB-1', trackingLink: 'https://example.com.au/t' });
      await a.dataSource.query(`UPDATE email_templates SET subject = 'Booked once more: {jobId}' WHERE key = 'booking_confirmed'`);
      const queued = await b.dataSource.transaction((manager) =>
        b.app.get(NotificationsService).enqueue(manager, {
          template: 'booking_confirmed',
          to: 'alex.stale@example.com.au',
          variables: { customerName: 'Alex', jobId: 'JOB-7', trackingLink: 'https://example.com.au/t' },
        }),
      );
      const [row] = await a.dataSource.query(`SELECT subject FROM notifications WHERE id = $1`, [queued.id]);
      expect(row.subject).toBe('Booked once more: JOB-7');
    } finally {
      deaf.mockRestore();
      b.app.get(TemplatesService).forget();
    }
  });

  it('a wording changed and rendered inside a transaction that rolls back is never kept in memory', async () => {
    await a.dataSource.query(`UPDATE email_templates SET subject = 'Committed: {jobId}' WHERE key = 'booking_confirmed'`);
    const notifications = a.app.get(NotificationsService);
    const request = (to: string, jobId: string) => ({
      template: 'booking_confirmed' as const,
      to,
      variables: { customerName: 'R', jobId, trackingLink: 'https://example.com.au/t' },
    });
    a.app.get(TemplatesService).forget();
    await expect(
      a.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE email_templates SET subject = 'Never committed: {jobId}' WHERE key = 'booking_confirmed'`);
        const inside = await notifications.enqueue(manager, request('inside@example.com.au', 'JOB-8'));
        const [row] = await manager.query(`SELECT subject FROM notifications WHERE id = $1`, [inside.id]);
        expect(row.subject).toBe('Never committed: JOB-8');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await a.dataSource.transaction((manager) => notifications.enqueue(manager, request('after@example.com.au', 'JOB-9')));
    const [row] = await a.dataSource.query(`SELECT subject FROM notifications WHERE id = $1`, [after.id]);
    expect(row.subject).toBe('Committed: JOB-9');
  });
});

describe('the listening session, lost and found again', () => {
  let sut: TestApp;
  let proxy: TcpProxy;
  let changes: TableChanges;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    // An instance's listening session alone behind a proxy that the test can cut, as a database
    // restart or a network fault would; the copy reads through the app's own pool.
    const front = await TcpProxy.inFrontOf(sut.databaseUrl);
    proxy = front.proxy;
    changes = new TableChanges(front.url);
    changes.onModuleInit();
    await changes.ready();
  });

  afterAll(async () => {
    await changes?.onApplicationShutdown();
    await proxy?.down();
    await sut?.close();
  });

  it('keeps no copy while it cannot hear changes, and starts from nothing when it hears again', async () => {
    const repository = new SettingsRepository(sut.app.get(DataSource));
    const value = async () => ((await repository.findValue<{ includeTrackingLink?: boolean }>('email')) ?? {}).includeTrackingLink ?? true;
    const copy = new TableCache(changes, ['settings'], value);
    const save = (includeTrackingLink: boolean) =>
      sut.dataSource.query(`INSERT INTO settings (key, value) VALUES ('email', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
        JSON.stringify({ autoNotify: true, includeTrackingLink }),
      ]);

    await save(true);
    await waitUntil('the save was heard', () => !copy.holdsCopy);
    expect(await copy.get()).toBe(true);
    expect(copy.holdsCopy).toBe(true);

    await proxy.down();
    await waitUntil('the session is known lost', () => !changes.listening);
    expect(copy.holdsCopy).toBe(false);
    // A change nobody could hear: the copy still answers it, reading afresh and keeping nothing.
    await save(false);
    expect(await copy.get()).toBe(false);
    expect(copy.holdsCopy).toBe(false);

    await proxy.up();
    await waitUntil('listening again', () => changes.listening, 15_000);
    expect(changes.sessions).toBe(2);
    expect(await copy.get()).toBe(false);
    expect(copy.holdsCopy).toBe(true);
    // Heard over the new session.
    await save(true);
    await waitUntil('the change was heard over the new session', () => !copy.holdsCopy);
    expect(await copy.get()).toBe(true);
  });
});
