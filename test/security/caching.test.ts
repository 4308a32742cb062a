import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { discoverRoutes, type DiscoveredRoute } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Authenticated answers are never cached (issue 12 item 13): every response of every route under
 * /api/auth, /api/me and /api/admin, whoever asks and whatever the outcome (2xx, 4xx, a 404 for a
 * route that does not exist, a URL the router refuses), says `Cache-Control: no-store`, carries no
 * validator (ETag, Last-Modified) and never answers 304, even to a conditional request.
 */

const PRIVATE_PREFIXES = ['/api/auth', '/api/me', '/api/admin'];

type Caller = 'anonymous' | 'plumber' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'plumber', 'admin'];

/** A conditional request that a cache-aware server could answer with 304. */
function conditional(test: Test): Test {
  return test.set('If-None-Match', '*').set('If-Modified-Since', new Date(Date.now() + 86_400_000).toUTCString());
}

function cacheProblems(response: Response): string[] {
  const problems: string[] = [];
  const cacheControl = String(response.headers['cache-control'] ?? '');
  if (!/(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)) problems.push(`Cache-Control is "${cacheControl}"`);
  if (response.status === 304) problems.push('answered 304');
  if (response.headers.etag !== undefined) problems.push(`ETag ${response.headers.etag}`);
  if (response.headers['last-modified'] !== undefined) problems.push(`Last-Modified ${response.headers['last-modified']}`);
  return problems;
}

describe('authenticated answers are never cached', () => {
  let sut: TestApp;
  let routes: DiscoveredRoute[];
  const sessions: Partial<Record<Caller, SignedIn>> = {};

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    routes = discoverRoutes(sut.app).filter((route) => PRIVATE_PREFIXES.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`)));
    sessions.plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'cache-plumber@example.com.au' }));
    sessions.admin = await signIn(sut, await createUser(sut.dataSource, { email: 'cache-admin@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  function send(route: { method: string; path: string }, caller: Caller): Test {
    const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    let test = conditional(sut.http()[method](path));
    const session = sessions[caller as Exclude<Caller, 'anonymous'>];
    if (session) test = test.set(session.auth);
    return method === 'get' || method === 'delete' ? test : test.send({});
  }

  it('covers the routes it should (every private prefix has routes)', () => {
    for (const prefix of PRIVATE_PREFIXES) expect(routes.some((route) => route.path.startsWith(prefix))).toBe(true);
    expect(routes.length).toBeGreaterThan(30);
  });

  it('says no-store on every response of every /api/auth, /api/me and /api/admin route, to every caller, and never 304', async () => {
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      // Logging out everywhere would end the sessions the rest of the run uses.
      if (route.key === 'POST /api/auth/logout') continue;
      for (const caller of CALLERS) {
        const response = await send(route, caller);
        statuses.add(response.status);
        for (const problem of cacheProblems(response)) problems.push(`${route.key} as ${caller} (${response.status}): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // The run reached successes and refusals alike.
    for (const status of [200, 400, 401, 403, 404]) expect(statuses).toContain(status);
  });

  it.each([
    [
      'a successful sign-in',
      (app: TestApp) => app.http().post('/api/auth/login').send({ email: 'cache-plumber@example.com.au', password: 'correct horse battery staple' }),
      200,
    ],
    [
      'a failed sign-in',
      (app: TestApp) => app.http().post('/api/auth/login').send({ email: 'cache-plumber@example.com.au', password: 'wrong password!!' }),
      401,
    ],
    ['logging out', (app: TestApp) => app.http().post('/api/auth/logout').send({}), 204],
    ['HEAD of a signed-in route', (app: TestApp) => app.http().head('/api/auth/me'), 401],
    ['an /api/admin route that does not exist', (app: TestApp) => app.http().get('/api/admin/no-such-thing'), 404],
    ['an /api/me route that does not exist', (app: TestApp) => app.http().post('/api/me/no-such-thing').send({}), 404],
    ['a URL the router refuses', (app: TestApp) => app.http().get('/api/admin/users/%E0%A4%A'), 400],
    [
      'an over-long route parameter',
      (app: TestApp) =>
        app
          .http()
          .put(`/api/admin/users/${'x'.repeat(600)}`)
          .send({}),
      414,
    ],
    ['malformed JSON', (app: TestApp) => app.http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":'), 400],
  ])('says no-store on %s', async (_name, request, status) => {
    const response = await conditional(request(sut));
    expect(response.status).toBe(status);
    expect(cacheProblems(response)).toEqual([]);
  });

  it('says no-store on a referral photo served to its plumber and to staff', async () => {
    const referral = await sut
      .http()
      .post('/api/me/referrals')
      .set(sessions.plumber!.auth)
      .send({
        clientName: 'Casey Client',
        jobAddress: '9 Cache Road',
        suburb: 'Toowong',
        clientPhone: '0400 555 666',
        urgency: 'medium',
        description: 'Slow drain',
        serviceTypes: { cleanView: true, reline: false },
      })
      .expect(201);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const uploaded = await sut
      .http()
      .post(`/api/me/referrals/${referral.body.id}/photos`)
      .set(sessions.plumber!.auth)
      .attach('photos', png, 'drain.png')
      .expect(201);
    const photoId = (uploaded.body.photos ?? uploaded.body)[0].id as string;
    for (const [path, session] of [
      [`/api/me/referrals/${referral.body.id}/photos/${photoId}`, sessions.plumber!],
      [`/api/admin/referrals/${referral.body.id}/photos/${photoId}`, sessions.admin!],
    ] as const) {
      const response = await conditional(sut.http().get(path).set(session.auth));
      expect(response.status).toBe(200);
      expect(cacheProblems(response)).toEqual([]);
    }
  });
});
