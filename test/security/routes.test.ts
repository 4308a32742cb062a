import { createUser, signIn } from '../support/accounts.js';
import { ProbeModule } from '../support/probe.module.js';
import { discoverRoutes, fastifyRoutes, type DiscoveredRoute } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The routes anyone may call without signing in, each reviewed. A route made public without being
 * added here fails this test until someone has looked at it.
 */
const PUBLIC_ROUTES = [
  'GET /api/addresses/suggest', // address suggestions for the booking form (rate-limited, no personal data)
  'GET /api/availability', // a region's open days and free times for the booking form (rate-limited, never counts or names)
  'GET /api/booking/:token', // the customer's private booking link: an unguessable token, their appointment only (rate-limited)
  'GET /api/booking/:token/availability', // free times of that appointment's region, for moving it (rate-limited)
  'GET /api/calendar/:file', // a staff member's calendar feed for calendar apps: the unguessable token is the key, rotated in the console
  'GET /api/health', // load balancers and uptime checks
  'GET /api/job-status/:code', // the customer's tracking page: an unguessable code, stage and first name only
  'GET /api/job-status/:code/quote', // the customer's quote: only once this browser unlocked the job (403 until then)
  'POST /api/job-status/:code/quote/accept', // the customer's go-ahead: only once unlocked (rate-limited)
  'POST /api/job-status/:code/quote/decline', // the customer declines: only once unlocked (rate-limited)
  'GET /api/job-status/:code/photos/:photoId/:file', // the published report's photos: only once this browser unlocked the job (403 before)
  'GET /api/job-status/:code/report', // the published inspection report: only once unlocked (403 before)
  'GET /api/job-status/:code/report.pdf', // its PDF: only once unlocked (403 before)
  'POST /api/job-status/:code/unlock', // the postcode or the phone's last four digits unlock the job's private part (5 wrong an hour per job, rate-limited)
  'POST /api/auth/admin/register', // always refused (spec: console sign-up disabled)
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/logout', // ends the sign-in of the refresh cookie it is sent, if any
  'POST /api/auth/refresh', // needs the HttpOnly refresh cookie
  'POST /api/auth/register',
  'POST /api/auth/reset-password', // needs the e-mailed one-time token
  'POST /api/auth/verify-email', // needs the e-mailed one-time token
  'POST /api/booking/:token/cancel', // the customer cancels their own appointment through their link (rate-limited)
  'POST /api/booking/:token/move', // the customer moves their own appointment to a free slot (rate-limited)
  'POST /api/bookings', // the public booking form
  'GET /unsubscribe/:token', // the unsubscribe link of a marketing e-mail (Spam Act: no sign-in); the token only unsubscribes its address
  'POST /unsubscribe/:token', // a mail program's one-click unsubscribe (RFC 8058)
  'POST /unsubscribe/:token/resubscribe', // the unsubscribe page's 'Subscribe again'
  'POST /api/unsubscribe/:unsubscribeToken', // the same unsubscribe as JSON
  'POST /api/enquiries', // the corporate and product enquiry forms
  'POST /api/referrals/quick', // the quick referral form (no account)
  'GET /api/reviews/:token', // the customer's private review link: an unguessable token, its first name, suburb and job number only (rate-limited)
  'POST /api/reviews/:token', // the customer's review through that link, once: stored pending, never shown before staff publish it (rate-limited)
  'GET /media/:id/:file', // the published sizes of the media library's photos that the pages show (not archived ones)
].sort();

/** Routes open to every signed-in user whatever the role: each serves only the caller's own account. */
const EVERY_ROLE_ROUTES = ['GET /api/auth/me', 'GET /api/me/profile', 'PUT /api/me/profile'].sort();

const KNOWN_ROLES = ['admin', 'plumber'];

/**
 * Routes registered on Fastify directly, outside Nest (so outside the access guard): each reviewed.
 * The front ends serve only built files; the docs describe the API and hold no data.
 */
const ROUTES_OUTSIDE_NEST = [
  'GET /', // public site
  'GET /*', // public site: pages, files, the 404 page (and a JSON 404 for unknown /api paths)
  'GET /admin', // staff console shell (its data comes from the guarded API)
  'GET /admin*', // = /admin/*: Fastify's printed tree drops the '/' before a wildcard under a route
  'GET /api/docs', // the OpenAPI viewer and description
  'GET /api/docs/',
  'GET /api/docs/*',
  'GET /api/docs/LICENSE',
  'GET /api/docs/docs/swagger-ui-init.js',
  'GET /api/docs/index.html',
  'GET /api/docs/json',
  'GET /api/docs/swagger-ui-init.js',
  'GET /api/docs/yaml',
  'OPTIONS *', // CORS preflight
].sort();

describe('deny by default: every route of the Nest router', () => {
  let sut: TestApp;
  let routes: DiscoveredRoute[];

  beforeAll(async () => {
    sut = await startTestApp();
    routes = discoverRoutes(sut.app);
  });

  afterAll(() => sut.close());

  it('finds the routes of every controller (the walk itself works)', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((route) => route.key)).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/admin/users/:id', 'POST /api/me/referrals/:id/photos']),
    );
  });

  it('leaves no route outside Nest (and so outside the guard) but the reviewed ones', () => {
    const nest = new Set(routes.map((route) => route.key));
    const all = fastifyRoutes(sut.app);
    expect(all.length).toBeGreaterThan(routes.length);
    expect(routes.map((route) => route.key).filter((key) => !all.includes(key))).toEqual([]);
    expect(all.filter((key) => !nest.has(key))).toEqual(ROUTES_OUTSIDE_NEST);
  });

  it('has @Public() or a role on every route', () => {
    const unmarked = routes
      .filter((route) => !route.isPublic && route.roles.length === 0)
      .map((route) => `${route.key} (${route.controller}.${route.handler})`);
    expect(unmarked).toEqual([]);
  });

  it('never marks a route both public and role-limited (the role would silently not apply)', () => {
    expect(routes.filter((route) => route.isPublic && route.roles.length > 0).map((route) => route.key)).toEqual([]);
  });

  it('names only roles that exist', () => {
    expect(routes.filter((route) => route.roles.some((role) => !KNOWN_ROLES.includes(role))).map((route) => route.key)).toEqual([]);
  });

  it('makes public exactly the reviewed routes', () => {
    expect(routes.filter((route) => route.isPublic).map((route) => route.key)).toEqual(PUBLIC_ROUTES);
  });

  it('opens exactly the reviewed routes to every role', () => {
    expect(routes.filter((route) => KNOWN_ROLES.every((role) => route.roles.includes(role))).map((route) => route.key)).toEqual(EVERY_ROLE_ROUTES);
  });

  it('keeps every staff route (/api/admin/…) for admins only', () => {
    const staff = routes.filter((route) => route.path.startsWith('/api/admin/') && !route.isPublic);
    expect(staff.length).toBeGreaterThan(30);
    expect(staff.filter((route) => route.roles.join() !== 'admin').map((route) => route.key)).toEqual([]);
  });
});

describe('deny by default: the guard at run time', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ extraModules: [ProbeModule] });
  });

  afterAll(() => sut.close());

  it('answers no one on a route with neither @Public() nor a role: 401 anonymous, 403 signed in', async () => {
    const unmarked = discoverRoutes(sut.app).find((route) => route.key === 'GET /api/probe/private')!;
    expect(unmarked).toMatchObject({ isPublic: false, roles: [] });
    await sut.http().get('/api/probe/private').expect(401);
    const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'unmarked-admin@example.com.au', role: 'admin' }));
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'unmarked-plumber@example.com.au' }));
    await sut.http().get('/api/probe/private').set(admin.auth).expect(403);
    await sut.http().get('/api/probe/private').set(plumber.auth).expect(403);
    await sut.http().get('/api/health').set(plumber.auth).expect(200);
  });
});
