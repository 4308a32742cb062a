import type { Response, Test } from 'supertest';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { ProbeModule } from '../support/probe.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security headers on every kind of response the product gives (API 2xx/4xx/5xx, pages, shells, static
 * files, the console, the API docs, photos, form error pages), HSTS only in production, and CORS for
 * the listed origins only.
 */

const LISTED = 'https://staff.example.com.au';
const SAFE_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What is wrong with one response's security headers (empty when nothing is). */
function headerProblems(response: Response, production: boolean): string[] {
  const problems: string[] = [];
  const csp = cspDirectives(response.headers['content-security-policy']);
  for (const directive of ['object-src', 'base-uri', 'frame-ancestors']) {
    if (csp.get(directive)?.join(' ') !== "'none'") problems.push(`CSP ${directive} is ${csp.get(directive)?.join(' ') ?? 'missing'}`);
  }
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push(`X-Content-Type-Options is ${response.headers['x-content-type-options']}`);
  const referrer = response.headers['referrer-policy'];
  if (!SAFE_REFERRER_POLICIES.includes(referrer ?? '')) problems.push(`Referrer-Policy is ${referrer}`);
  const hsts = response.headers['strict-transport-security'];
  if (production) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0);
    if (maxAge < 15_552_000 || !/includeSubDomains/i.test(hsts ?? '')) problems.push(`HSTS is ${hsts}`);
  } else if (hsts !== undefined) {
    problems.push(`HSTS outside production: ${hsts}`);
  }
  if (response.headers['x-powered-by'] !== undefined) problems.push(`X-Powered-By: ${response.headers['x-powered-by']}`);
  return problems;
}

interface Probe {
  name: string;
  expected: number;
  request: (sut: TestApp) => Test;
}

/** One request of every kind of response; `expected` keeps each probe honest about what it reached. */
function probes(context: { plumber: () => SignedIn; photoPath: () => string }): Probe[] {
  return [
    { name: 'API 200', expected: 200, request: (sut) => sut.http().get('/api/health') },
    { name: 'API HEAD', expected: 200, request: (sut) => sut.http().head('/api/health') },
    { name: 'API 201', expected: 201, request: (sut) => sut.http().post('/api/me/referrals').set(context.plumber().auth).send(REFERRAL) },
    { name: 'API 204', expected: 204, request: (sut) => sut.http().post('/api/auth/logout').send({}) },
    { name: 'API 400 (validation)', expected: 400, request: (sut) => sut.http().post('/api/auth/login').send({}) },
    {
      name: 'API 400 (malformed JSON)',
      expected: 400,
      request: (sut) => sut.http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":'),
    },
    { name: 'API 401', expected: 401, request: (sut) => sut.http().get('/api/auth/me') },
    { name: 'API 403', expected: 403, request: (sut) => sut.http().get('/api/admin/users').set(context.plumber().auth) },
    { name: 'API 404 (GET)', expected: 404, request: (sut) => sut.http().get('/api/no-such-route') },
    { name: 'API 404 (POST)', expected: 404, request: (sut) => sut.http().post('/api/no-such-route').send({}) },
    {
      name: 'API 413',
      expected: 413,
      request: (sut) =>
        sut
          .http()
          .post('/api/probe/echo')
          .set('content-type', 'application/json')
          .send(`{"name":"${'x'.repeat(1_100_000)}"}`),
    },
    {
      name: 'API 415 (upload)',
      expected: 415,
      request: (sut) =>
        sut
          .http()
          .post(`${context.photoPath().split('/photos/')[0]}/photos`)
          .set(context.plumber().auth)
          .send({}),
    },
    { name: 'API 500', expected: 500, request: (sut) => sut.http().get('/api/probe/boom') },
    { name: 'API 429', expected: 429, request: (sut) => sut.http().get('/api/probe/limited') },
    { name: 'malformed URL', expected: 400, request: (sut) => sut.http().get('/api/admin/users/%E0%A4%A') },
    {
      name: 'over-long route parameter',
      expected: 414,
      request: (sut) =>
        sut
          .http()
          .put(`/api/admin/users/${'x'.repeat(600)}`)
          .send({}),
    },
    { name: 'job status (own Referrer-Policy)', expected: 404, request: (sut) => sut.http().get(`/api/job-status/booked-job1-${'a'.repeat(26)}`) },
    { name: 'referral photo (own CSP)', expected: 200, request: (sut) => sut.http().get(context.photoPath()).set(context.plumber().auth) },
    { name: 'form error page (HTML 400)', expected: 400, request: (sut) => sut.http().post('/api/bookings').type('form').send({ name: '' }) },
    { name: 'form redirect (303)', expected: 303, request: (sut) => sut.http().post('/api/referrals/quick').type('form').send(QUICK_FORM) },
    { name: 'prerendered home page', expected: 200, request: (sut) => sut.http().get('/') },
    { name: 'prerendered page, brotli', expected: 200, request: (sut) => sut.http().get('/about').set('accept-encoding', 'br') },
    { name: 'client-rendered shell', expected: 200, request: (sut) => sut.http().get('/job-status/booked-job1001-abc') },
    { name: '404 page', expected: 404, request: (sut) => sut.http().get('/no-such-page') },
    { name: 'path outside the build', expected: 404, request: (sut) => sut.http().get('/..%2f..%2fpackage.json') },
    { name: 'static asset', expected: 200, request: (sut) => sut.http().get('/assets/app-abc123.js') },
    { name: 'console shell', expected: 200, request: (sut) => sut.http().get('/admin') },
    { name: 'console route', expected: 200, request: (sut) => sut.http().get('/admin/bookings') },
    { name: 'console asset', expected: 200, request: (sut) => sut.http().get('/admin/assets/admin-abc123.js') },
    { name: 'API docs page', expected: 200, request: (sut) => sut.http().get('/api/docs') },
    { name: 'API docs script', expected: 200, request: (sut) => sut.http().get('/api/docs/swagger-ui-init.js') },
    { name: 'API docs JSON', expected: 200, request: (sut) => sut.http().get('/api/docs/json') },
    {
      name: 'CORS preflight',
      expected: 204,
      request: (sut) => sut.http().options('/api/admin/users').set('origin', LISTED).set('access-control-request-method', 'PUT'),
    },
    { name: 'unsupported method', expected: 404, request: (sut) => sut.http().delete('/api/health') },
  ];
}

const REFERRAL = {
  clientName: 'Casey Client',
  jobAddress: '9 Header Road',
  suburb: 'Toowong',
  clientPhone: '0400 555 666',
  urgency: 'medium',
  description: 'Slow drain',
  serviceTypes: { cleanView: true, reline: false },
};

const QUICK_FORM = {
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  clientName: 'Casey Client',
  jobAddress: '9 Header Road',
  suburb: 'Toowong',
  clientPhone: '0400 555 666',
  urgency: 'medium',
  description: 'Slow drain',
  contactClient: 'true',
};

describe.each([
  ['test', false],
  ['development', false],
  ['production', true],
] as const)('security headers with NODE_ENV=%s', (nodeEnv, production) => {
  let sut: TestApp;
  let plumber: SignedIn;
  let photoPath: string;

  beforeAll(async () => {
    sut = await startTestApp({ env: { NODE_ENV: nodeEnv, CORS_ORIGINS: LISTED, LOG_LEVEL: 'silent' }, extraModules: [ProbeModule] });
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: `headers-${nodeEnv}@plumbing.com.au` }));
    const referral = (await sut.http().post('/api/me/referrals').set(plumber.auth).send(REFERRAL).expect(201)).body;
    const photos = (await sut.http().post(`/api/me/referrals/${referral.id}/photos`).set(plumber.auth).attach('photos', PNG, 'pipe.png').expect(201)).body;
    photoPath = `/api/me/referrals/${referral.id}/photos/${photos[0].id}`;
  });

  afterAll(() => sut.close());

  it('sends CSP (object-src, base-uri, frame-ancestors none), nosniff and a referrer policy on every kind of response, HSTS only in production', async () => {
    // The probe route allows 2 a minute: the third call (the 429 probe) is over the limit.
    await sut.http().get('/api/probe/limited').expect(200);
    await sut.http().get('/api/probe/limited').expect(200);
    const results: Array<{ name: string; status: number; problems: string[] }> = [];
    for (const probe of probes({ plumber: () => plumber, photoPath: () => photoPath })) {
      const response = await probe.request(sut);
      const problems = headerProblems(response, production);
      if (response.status !== probe.expected) problems.unshift(`status ${response.status}, expected ${probe.expected}`);
      results.push({ name: probe.name, status: response.status, problems });
    }
    expect(results.filter((result) => result.problems.length > 0)).toEqual([]);
  });

  it('sends the refresh cookie HttpOnly, SameSite=Strict, only to /api/auth, and Secure in production', async () => {
    const login = await sut
      .http()
      .post('/api/auth/login')
      .send({ email: `headers-${nodeEnv}@plumbing.com.au`, password: 'correct horse battery staple' })
      .expect(200);
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((value) => value.startsWith('relining_refresh='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(/; Secure/i.test(cookie)).toBe(production);
  });
});

describe('CORS', () => {
  let sut: TestApp;
  let defaults: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { CORS_ORIGINS: `${LISTED},https://www.example.com.au` } });
    // Without CORS_ORIGINS only the origin of PUBLIC_BASE_URL is listed.
    defaults = await startTestApp({ databaseUrl: sut.databaseUrl, env: { PUBLIC_BASE_URL: 'https://relining.example.com.au/' } });
  });

  afterAll(async () => {
    await defaults.close();
    await sut.close();
  });

  const preflight = (app: TestApp, origin: string, path = '/api/admin/users') =>
    app
      .http()
      .options(path)
      .set('origin', origin)
      .set('access-control-request-method', 'PUT')
      .set('access-control-request-headers', 'authorization,content-type');

  it.each([LISTED, 'https://www.example.com.au'])('answers a preflight from the listed origin %s, with credentials', async (origin) => {
    const response = await preflight(sut, origin);
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toContain('PUT');
    expect(response.headers['access-control-allow-headers']?.toLowerCase()).toContain('authorization');
    expect(response.headers.vary).toMatch(/Origin/i);
  });

  it('answers a simple request from a listed origin, exposing Content-Range, on successes and errors alike', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/auth/me', 401],
    ] as const) {
      const response = await sut.http().get(path).set('origin', LISTED).expect(status);
      expect(response.headers['access-control-allow-origin']).toBe(LISTED);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-expose-headers']).toContain('Content-Range');
      expect(response.headers.vary).toMatch(/Origin/i);
    }
  });

  const unlisted = [
    'https://evil.example.com',
    'null',
    'http://staff.example.com.au', // another scheme
    'https://staff.example.com.au:8443', // another port
    'https://staff.example.com.au.evil.com', // a suffix
    'https://evilstaff.example.com.au', // a prefix
    'https://example.com.au', // the parent domain
    'http://localhost:3000', // PUBLIC_BASE_URL's origin, not listed when CORS_ORIGINS is set
    '*',
  ];

  it.each(unlisted)('gives the unlisted origin %s no CORS headers (preflight and simple request)', async (origin) => {
    for (const response of [
      await preflight(sut, origin),
      await sut.http().get('/api/health').set('origin', origin),
      await sut.http().post('/api/auth/refresh').set('origin', origin),
    ]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('never answers with a wildcard origin', async () => {
    for (const origin of [LISTED, 'https://evil.example.com']) {
      const response = await sut.http().get('/api/health').set('origin', origin);
      expect(response.headers['access-control-allow-origin']).not.toBe('*');
    }
  });

  it('lists only the origin of PUBLIC_BASE_URL when CORS_ORIGINS is not set', async () => {
    expect((await preflight(defaults, 'https://relining.example.com.au')).headers['access-control-allow-origin']).toBe('https://relining.example.com.au');
    for (const origin of [LISTED, 'http://localhost:3000', 'https://relining.example.com.au.evil.com']) {
      expect((await preflight(defaults, origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
