import { SMTPServer } from 'smtp-server';
import { slotSequence } from '../support/booking-slots.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

function booking(email: string) {
  return {
    name: 'Alex Citizen',
    email,
    phone: '0400 123 456',
    suburb: 'Richmond VIC 3121',
    address: '12 Station Street',
    ...slots.next(),
    message: 'Blocked drain in the back yard',
  };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The database goes away under a running server (through a TCP proxy the test cuts, as a restart
 * or a network fault looks to the server) and comes back; the server is never restarted.
 */
describe('the database unreachable for a moment', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let smtp: SMTPServer;
  let sut: TestApp;
  /** Message-IDs the SMTP peer answered 250 to. */
  const delivered: string[] = [];
  /** Set by a test: runs when a message has arrived, before the peer answers. */
  let beforeAnswer: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    const proxied = await TcpProxy.inFrontOf(database.url);
    proxy = proxied.proxy;
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let head = '';
        stream.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
        stream.on('end', () => {
          const hook = beforeAnswer;
          beforeAnswer = null;
          void (hook ? hook() : Promise.resolve()).then(() => {
            delivered.push(/^message-id:\s*(<[^>]+>)/im.exec(head)?.[1] ?? 'missing');
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    sut = await startTestApp({ databaseUrl: proxied.url, env: { RATE_LIMITS: 'off', SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true` } });
  });

  afterAll(async () => {
    await proxy.up().catch(() => undefined);
    await sut.app.close();
    await proxy.down();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database.drop();
  });

  it('answers 503 with Retry-After (no 500, no hang) while it is away, and 201 again once it is back', async () => {
    await proxy.down();
    try {
      const health = await sut.http().get('/api/health').expect(503);
      expect(health.body).toEqual({ status: 'error', database: 'down' });
      const response = await sut.http().post('/api/bookings').send(booking('outage@example.com.au')).expect(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
        correlationId: expect.any(String),
      });
      expect(JSON.stringify(response.body)).not.toMatch(/ECONN|postgres|at .*\.js/i);
    } finally {
      await proxy.up();
    }
    await sut.http().get('/api/health').expect(200, { status: 'ok', database: 'up' });
    const created = await sut.http().post('/api/bookings').send(booking('after-outage@example.com.au')).expect(201);
    const [row] = await sut.dataSource.query(`SELECT email FROM bookings WHERE id = $1`, [created.body.id]);
    expect(row.email).toBe('after-outage@example.com.au');
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings WHERE email = 'outage@example.com.au'`);
    expect(count).toBe(0);
  });

  it('records a delivery made while it was away once it is back, and does not send it again', async () => {
    // The peer takes the first message, then the database goes away before the peer's 250 reaches
    // the worker, and comes back 1.5 s later: the worker cannot record the delivery at first.
    beforeAnswer = async () => {
      await proxy.down();
      setTimeout(() => void proxy.up(), 1_500);
    };
    const created = await sut.http().post('/api/bookings').send(booking('mail-outage@example.com.au')).expect(201);
    const messages = async () =>
      (await sut.dataSource.query(`SELECT message_id, status FROM notifications WHERE entity_id = $1`, [created.body.id])) as Array<{
        message_id: string;
        status: string;
      }>;
    // Recorded within seconds (not after the 3-minute lease, which would send it again).
    await until(async () => {
      const rows = await messages().catch(() => []);
      return rows.length === 2 && rows.every((message) => message.status === 'sent');
    }, 10_000);
    const sent = await messages();
    expect(sent).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a second delivery would arrive now
    for (const { message_id } of sent) expect(delivered.filter((id) => id === message_id)).toHaveLength(1);
  });
});
