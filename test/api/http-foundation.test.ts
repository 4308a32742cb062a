import { ProbeModule } from '../support/probe.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const UUID = /^[0-9a-f-]{36}$/;

describe('HTTP foundation', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ extraModules: [ProbeModule], env: { CORS_ORIGINS: 'https://staff.example.com.au' } });
  });

  afterAll(() => sut.close());

  describe('errors', () => {
    it('answers an unknown API route with the error format', async () => {
      const response = await sut.http().get('/api/no-such-route').expect(404);
      expect(response.body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'No API route matches this address.',
        correlationId: expect.stringMatching(UUID),
      });
      expect(response.headers['x-request-id']).toBe(response.body.correlationId);
    });

    it('lists each invalid field with its message', async () => {
      const response = await sut.http().post('/api/probe/echo').send({ name: '', email: 'nope' }).expect(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please fill in the name field',
        errors: [
          { field: 'name', message: 'Please fill in the name field' },
          { field: 'email', message: 'Please enter a valid email address' },
        ],
      });
    });

    it('refuses fields the route does not know', async () => {
      const response = await sut.http().post('/api/probe/echo').send({ name: 'Jo', email: 'jo@example.com', admin: true }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'admin', message: 'property admin should not exist' }]);
    });

    it('accepts a valid body', async () => {
      await sut.http().post('/api/probe/echo').send({ name: 'Jo', email: 'jo@example.com' }).expect(201, { name: 'Jo', email: 'jo@example.com' });
    });

    it('answers malformed JSON with a 400 in the error format', async () => {
      const response = await sut.http().post('/api/probe/echo').set('content-type', 'application/json').send('{"name":').expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
    });

    it('answers an oversized body with 413', async () => {
      const response = await sut
        .http()
        .post('/api/probe/echo')
        .send({ name: 'x'.repeat(1_100_000), email: 'jo@example.com' })
        .expect(413);
      expect(response.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('hides the internals of an unexpected failure', async () => {
      const response = await sut.http().get('/api/probe/boom').expect(500);
      expect(response.body).toEqual({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
        correlationId: expect.stringMatching(UUID),
      });
      expect(JSON.stringify(response.body)).not.toContain('hunter2');
    });

    it('keeps a caller-supplied correlation id when it is safe, replaces it otherwise', async () => {
      const kept = await sut.http().get('/api/no-such-route').set('x-request-id', 'lb-1234').expect(404);
      expect(kept.body.correlationId).toBe('lb-1234');
      const replaced = await sut.http().get('/api/no-such-route').set('x-request-id', 'bad id\twith tab').expect(404);
      expect(replaced.body.correlationId).toMatch(UUID);
    });
  });

  describe('access', () => {
    it('denies a route that is not marked public', async () => {
      const response = await sut.http().get('/api/probe/private').expect(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    });
  });

  describe('rate limits', () => {
    it('answers 429 with a clear message once a route limit is reached', async () => {
      await sut.http().get('/api/probe/limited').expect(200);
      await sut.http().get('/api/probe/limited').expect(200);
      const response = await sut.http().get('/api/probe/limited').expect(429);
      expect(response.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('never counts routes without a limit', async () => {
      for (let i = 0; i < 5; i += 1) await sut.http().get('/api/health').expect(200);
      const { rows } = await sut.dataSource.query(`SELECT count(*)::int AS count FROM rate_limit_hits`).then((r: Array<{ count: number }>) => ({ rows: r }));
      expect(rows[0]!.count).toBe(1); // only /api/probe/limited's window
    });
  });

  describe('headers', () => {
    it('sends security headers on API responses and pages', async () => {
      for (const path of ['/api/health', '/', '/admin']) {
        const response = await sut.http().get(path);
        const csp = response.headers['content-security-policy'];
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['strict-transport-security']).toBeUndefined(); // only in production
      }
    });

    it('answers CORS for listed origins only, exposing Content-Range', async () => {
      const allowed = await sut.http().options('/api/health').set('origin', 'https://staff.example.com.au').set('access-control-request-method', 'GET');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://staff.example.com.au');
      const simple = await sut.http().get('/api/health').set('origin', 'https://staff.example.com.au');
      expect(simple.headers['access-control-expose-headers']).toContain('Content-Range');
      const denied = await sut.http().get('/api/health').set('origin', 'https://evil.example.com');
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('OpenAPI', () => {
    it('describes the API at /api/docs/json and serves the viewer at /api/docs', async () => {
      const document = await sut.http().get('/api/docs/json').expect(200);
      expect(document.body.openapi).toMatch(/^3\./);
      expect(Object.keys(document.body.paths)).toContain('/api/health');
      await sut.http().get('/api/docs').expect(200).expect('content-type', /html/);
    });

    it("declares the one error format, with a booking's refused time adding the next free slots", async () => {
      const document = (await sut.http().get('/api/docs/json').expect(200)).body;
      const schemas = document.components.schemas;
      expect(schemas.ErrorResponseSchema.required).toEqual(['statusCode', 'code', 'message', 'correlationId']);
      expect(schemas.ErrorResponseSchema.properties.nextSlots).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/NextSlotSchema' } });
      expect(schemas.NextSlotSchema.required).toEqual(['date', 'time', 'label']);
      const booking = document.paths['/api/bookings'].post.responses;
      for (const status of ['400', '409']) {
        expect(booking[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponseSchema' });
      }
    });
  });
});

describe('HTTP foundation with RATE_LIMITS=off', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ extraModules: [ProbeModule], env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  it('lifts every limit', async () => {
    for (let i = 0; i < 5; i += 1) await sut.http().get('/api/probe/limited').expect(200);
  });
});
