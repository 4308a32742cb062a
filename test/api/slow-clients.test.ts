import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../../src/common/http/slow-clients.js';
import { MyReferralsController } from '../../src/modules/referrals/referrals.controller.js';
import { createUser, signIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Slow clients are cut off: a raw socket that trickles its headers or its body, or sits idle on a
 * keep-alive connection, is closed (with a 408 in the error format where an answer can still be sent),
 * while a slow but steady photo upload gets the time it needs. The limits are shrunk to seconds here;
 * the product's own values are checked on a server built with them.
 */
const LIMITS: Partial<HttpLimits> = { headersMs: 1_000, bodyMs: 1_500, bodyIdleMs: 1_500, uploadBodyMs: 6_000, checkIntervalMs: 200 };

interface Outcome {
  /** Everything the server sent. */
  received: string;
  /** Milliseconds from the start of the test's clock to the server closing the connection. */
  closedAfterMs: number;
}

const openSockets = new Set<Socket>();

/** Opens a raw connection; `outcome` settles when the server closes it. */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; outcome: Promise<Outcome>; startClock: () => void; write: (data: string | Buffer) => void }> {
  const socket = connect({ port, host: '127.0.0.1' });
  openSockets.add(socket);
  socket.once('close', () => openSockets.delete(socket));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let startedAt = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const outcome = new Promise<Outcome>((resolve) => {
    const done = () => resolve({ received, closedAfterMs: Date.now() - startedAt });
    socket.once('close', done);
    socket.on('error', () => undefined);
  });
  return {
    socket,
    outcome,
    startClock: () => (startedAt = Date.now()),
    write: (data) => {
      if (!socket.destroyed && socket.writable) socket.write(data);
    },
  };
}

/** Writes `pieces` one by one, `everyMs` apart, until they run out or the server closes the connection. */
function trickle(connection: { socket: Socket; write: (data: string | Buffer) => void }, pieces: Array<string | Buffer>, everyMs: number): Promise<void> {
  return new Promise((resolve) => {
    let index = 0;
    const timer = setInterval(() => {
      if (index >= pieces.length || connection.socket.destroyed) {
        clearInterval(timer);
        resolve();
        return;
      }
      connection.write(pieces[index++]!);
    }, everyMs);
  });
}

function expectTimedOut(outcome: Outcome): void {
  expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  const body = JSON.parse(outcome.received.slice(outcome.received.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({ statusCode: 408, code: expect.any(String), message: 'The request took too long to arrive.', correlationId: expect.any(String) });
}

describe('slow clients are cut off', () => {
  let sut: TestApp;
  let port: number;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' }, httpLimits: LIMITS });
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    port = (sut.app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    // A failed test may leave its connection open, which would keep the server from closing.
    for (const socket of openSockets) socket.destroy();
    await sut.close();
  });

  it('closes a connection whose headers trickle in, with a 408', async () => {
    const connection = await rawConnection(port);
    const pieces = Array.from({ length: 40 }, (_, i) => `X-Trickle-${i}: ${'a'.repeat(10)}\r\n`);
    connection.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    void trickle(connection, pieces, 100);
    const outcome = await connection.outcome;
    expectTimedOut(outcome);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersMs!);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.headersMs! + 1_500);
  });

  it.each([
    ['trickles its body', 100],
    ['stops sending its body', 0],
  ])('closes a connection that %s, with a 408, and stores nothing', async (_case, everyMs) => {
    const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.com.au', message: 'x'.repeat(800) });
    const connection = await rawConnection(port);
    connection.write(`POST /api/bookings HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    connection.startClock();
    connection.write(body.slice(0, 10));
    if (everyMs > 0) void trickle(connection, body.slice(10).match(/.{1,5}/g)!, everyMs);
    const outcome = await connection.outcome;
    expectTimedOut(outcome);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.bodyMs! - 50);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.bodyMs! + 1_500);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings WHERE email = 'slow@example.com.au'`);
    expect(count).toBe(0);
  });

  it('closes an idle keep-alive connection', async () => {
    const connection = await rawConnection(port);
    connection.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await new Promise<void>((resolve) => connection.socket.once('data', () => resolve()));
    connection.startClock();
    const outcome = await connection.outcome;
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  describe('photo uploads', () => {
    let auth: string;
    let referralId: string;
    let photo: Buffer;

    beforeAll(async () => {
      photo = await plainPhoto('jpeg');
      const session = await signIn(sut, await createUser(sut.dataSource, { email: 'slow-uploader@example.com.au' }));
      auth = session.auth.Authorization;
      const referral = await sut
        .http()
        .post('/api/me/referrals')
        .set(session.auth)
        .send({
          clientName: 'Chris Client',
          jobAddress: '4 Elm Street',
          suburb: 'Toowong',
          clientPhone: '0400 999 000',
          urgency: 'medium',
          description: 'Recurring blockage',
          serviceTypes: { cleanView: true, reline: false },
        })
        .expect(201);
      referralId = referral.body.id;
    });

    function uploadRequest(): { head: string; body: Buffer } {
      const boundary = '----slowupload';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="pipe.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const head =
        `POST /api/me/referrals/${referralId}/photos HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
      return { head, body };
    }

    function slices(body: Buffer, count: number): Buffer[] {
      const size = Math.ceil(body.length / count);
      return Array.from({ length: count }, (_, i) => body.subarray(i * size, (i + 1) * size)).filter((piece) => piece.length > 0);
    }

    it('takes a slow but steady upload that needs longer than an ordinary body is given', async () => {
      const { head, body } = uploadRequest();
      const connection = await rawConnection(port);
      connection.write(head);
      connection.startClock();
      await trickle(connection, slices(body, 30), 100); // about 3 s: twice the ordinary body allowance
      const outcome = await connection.outcome;
      expect(outcome.received).toMatch(/^HTTP\/1\.1 201 /);
      expect(outcome.closedAfterMs).toBeGreaterThan(LIMITS.bodyMs!);
    });

    it('closes an upload that stops arriving, long before its allowance ends', async () => {
      const { head, body } = uploadRequest();
      const connection = await rawConnection(port);
      connection.write(head);
      connection.startClock();
      connection.write(body.subarray(0, 100));
      const outcome = await connection.outcome;
      expectTimedOut(outcome);
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.bodyIdleMs! - 50);
      expect(outcome.closedAfterMs).toBeLessThan(LIMITS.uploadBodyMs!);
    });

    it('closes an upload that keeps trickling past its whole allowance', async () => {
      const { head, body } = uploadRequest();
      const connection = await rawConnection(port);
      connection.write(head);
      connection.startClock();
      void trickle(connection, slices(body, 200), 100); // 20 s of trickle: far past the 6 s allowance
      const outcome = await connection.outcome;
      expectTimedOut(outcome);
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.uploadBodyMs! - 50);
      expect(outcome.closedAfterMs).toBeLessThan(LIMITS.uploadBodyMs! + 2_000);
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referral_photos WHERE referral_id = $1`, [referralId]);
      expect(count).toBe(1); // only the steady upload's photo
    }, 15_000);
  });

  it('still serves everyone else', async () => {
    await sut.http().get('/api/health').expect(200);
  });
});

describe('the product runs with its own limits', () => {
  it('gives Node and the upload route the documented values', async () => {
    const sut = await startTestApp();
    try {
      const server = sut.app.getHttpServer();
      expect({ headersTimeout: server.headersTimeout, keepAliveTimeout: server.keepAliveTimeout }).toEqual({
        headersTimeout: 10_000,
        keepAliveTimeout: 10_000,
      });
      expect(server.requestTimeout).toBeGreaterThan(DEFAULT_HTTP_LIMITS.uploadBodyMs);
      expect(DEFAULT_HTTP_LIMITS).toMatchObject({ headersMs: 10_000, bodyMs: 30_000, bodyIdleMs: 30_000, uploadBodyMs: 600_000 });
      // 5 photos of 10 MB in the upload allowance: at least this link speed is enough (Mbit/s).
      expect((5 * 10 * 1024 * 1024 * 8) / (DEFAULT_HTTP_LIMITS.uploadBodyMs / 1000) / 1e6).toBeLessThan(0.75);
      // The upload route carries the upload allowance (@RouteConfig, as the scaled test above sees it work).
      expect(Reflect.getMetadata('__fastify_route_config__', MyReferralsController.prototype.upload)).toEqual({ bodyAllowance: 'upload' });
    } finally {
      await sut.close();
    }
  });
});
