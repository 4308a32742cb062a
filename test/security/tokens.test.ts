import jwt from 'jsonwebtoken';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/modules/auth/auth.rules.js';
import { createUser, refreshCookieFrom, signIn, type SignedIn, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every forged or stale credential answers 401. Each bad token is made from a claim set that is
 * accepted when signed correctly (the control case), so each refusal is due to the one defect named.
 */

const b64 = (value: object | string): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function parts(token: string): [string, string, string] {
  const [header, payload, signature] = token.split('.');
  return [header!, payload!, signature!];
}

describe('access tokens', () => {
  let sut: TestApp;
  let secret: string;
  let admin: TestUser;
  let adminSession: SignedIn;
  let plumberSession: SignedIn;

  /** The claims the server issues for the admin, as of now. */
  async function adminClaims(): Promise<Record<string, unknown>> {
    const [{ token_version }] = await sut.dataSource.query(`SELECT token_version FROM users WHERE id = $1`, [admin.id]);
    return { sub: admin.id, role: 'admin', ver: token_version, typ: 'access', sid: await signInOf(admin.id) };
  }

  /** The sign-in (refresh-token family) of the user's live session. */
  async function signInOf(userId: string): Promise<string> {
    const [row] = await sut.dataSource.query(
      `SELECT family_id FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return row.family_id;
  }

  function forge(claims: Record<string, unknown>, options: jwt.SignOptions = {}, key: string = secret): string {
    const lifetime: jwt.SignOptions = 'exp' in claims ? {} : { expiresIn: 900 };
    return jwt.sign(claims, key, { algorithm: 'HS256', audience: JWT_AUDIENCE, issuer: JWT_ISSUER, ...lifetime, ...options });
  }

  async function status(token: string, path = '/api/admin/users'): Promise<number> {
    return (await sut.http().get(path).set('Authorization', `Bearer ${token}`)).status;
  }

  beforeAll(async () => {
    sut = await startTestApp();
    secret = sut.config.jwtSecret!;
    admin = await createUser(sut.dataSource, { email: 'tokens-admin@example.com.au', role: 'admin' });
    [adminSession, plumberSession] = await Promise.all([
      signIn(sut, admin),
      signIn(sut, await createUser(sut.dataSource, { email: 'tokens-plumber@example.com.au' })),
    ]);
  });

  afterAll(() => sut.close());

  it('accepts the issued token and a correctly made one (the control for every case below)', async () => {
    expect(await status(adminSession.accessToken)).toBe(200);
    expect(await status(forge(await adminClaims()))).toBe(200);
  });

  const forgeries: Array<[string, (claims: Record<string, unknown>) => string]> = [
    ['alg none, no signature', (claims) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, aud: JWT_AUDIENCE, iss: JWT_ISSUER, exp: now() + 900 })}.`],
    [
      'alg none, keeping a valid signature',
      (claims) => {
        const [, payload, signature] = parts(forge(claims));
        return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
      },
    ],
    [
      'alg "None" spelled differently',
      (claims) => `${b64({ alg: 'None', typ: 'JWT' })}.${b64({ ...claims, aud: JWT_AUDIENCE, iss: JWT_ISSUER, exp: now() + 900 })}.`,
    ],
    ['HS256 with another key', (claims) => forge(claims, {}, 'another-secret-another-secret-0123456789')],
    ['HS256 with an empty-ish key', (claims) => forge(claims, {}, 'x')],
    ['HS512 with the right key (only HS256 is accepted)', (claims) => forge(claims, { algorithm: 'HS512' })],
    ['HS384 with the right key', (claims) => forge(claims, { algorithm: 'HS384' })],
    ['another audience', (claims) => forge(claims, { audience: 'somebody-else' })],
    ['no audience', (claims) => jwt.sign(claims, secret, { algorithm: 'HS256', issuer: JWT_ISSUER, expiresIn: 900 })],
    ['another issuer', (claims) => forge(claims, { issuer: 'someone-else' })],
    ['no issuer', (claims) => jwt.sign(claims, secret, { algorithm: 'HS256', audience: JWT_AUDIENCE, expiresIn: 900 })],
    ['expired a minute ago', (claims) => forge({ ...claims, exp: now() - 60 })],
    ['expired a second ago', (claims) => forge({ ...claims, exp: now() - 1 })],
    ['not valid before an hour from now', (claims) => forge(claims, { notBefore: 3600 })],
    ['typ refresh (a refresh token made a JWT)', (claims) => forge({ ...claims, typ: 'refresh' })],
    ['no typ', ({ typ: _typ, ...claims }) => forge(claims)],
    ['no ver', ({ ver: _ver, ...claims }) => forge(claims)],
    ['a stale ver', (claims) => forge({ ...claims, ver: Number(claims.ver) - 1 })],
    ['a future ver', (claims) => forge({ ...claims, ver: Number(claims.ver) + 1 })],
    ['ver as a string', (claims) => forge({ ...claims, ver: String(claims.ver) })],
    ['a role the user does not have', (claims) => forge({ ...claims, role: 'superuser' })],
    ['a user that does not exist', (claims) => forge({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })],
    ['a sub that is not a user id', (claims) => forge({ ...claims, sub: "x' OR '1'='1" })],
    ['no sub', ({ sub: _sub, ...claims }) => forge(claims)],
    ['no sid (no sign-in named)', ({ sid: _sid, ...claims }) => forge(claims)],
    ['a sid of no sign-in', (claims) => forge({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })],
    ['a sid that is not a sign-in id', (claims) => forge({ ...claims, sid: "x' OR '1'='1" })],
    ['a sid as a number', (claims) => forge({ ...claims, sid: 1 })],
    [
      'a signature of another payload',
      (claims) => {
        const [header, payload] = parts(forge(claims));
        const [, , otherSignature] = parts(forge({ ...claims, extra: 1 }));
        return `${header}.${payload}.${otherSignature}`;
      },
    ],
    ['a truncated signature', (claims) => forge(claims).slice(0, -4)],
  ];

  it.each(forgeries)('refuses a token with %s: 401', async (_name, make) => {
    const token = make(await adminClaims());
    expect(await status(token)).toBe(401);
    expect(await status(token, '/api/auth/me')).toBe(401);
  });

  it('refuses a tampered payload (plumber made admin, signature kept): 401', async () => {
    const [header, payload, signature] = parts(plumberSession.accessToken);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(await status(plumberSession.accessToken, '/api/auth/me')).toBe(200);
    const tampered = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    expect(await status(tampered)).toBe(401);
    expect(await status(`${header}.${b64({ ...claims, sub: admin.id })}.${signature}`, '/api/auth/me')).toBe(401);
    // Re-signing the tampered claims with the server's secret would pass the signature but not the role check.
    expect(await status(jwt.sign({ ...claims, role: 'admin' }, secret, { algorithm: 'HS256', noTimestamp: true }))).toBe(401);
  });

  it('refuses the refresh token (the cookie value) used as an access token: 401', async () => {
    const refreshToken = adminSession.cookie.split('=')[1]!;
    expect(await status(refreshToken)).toBe(401);
    expect(await status(refreshToken, '/api/auth/me')).toBe(401);
  });

  it.each([
    ['no credentials', undefined],
    ['an empty Bearer', 'Bearer '],
    ['Bearer without a space', `Bearer${'x'.repeat(10)}`],
    ['a Basic header', `Basic ${Buffer.from('tokens-admin@example.com.au:correct horse battery staple').toString('base64')}`],
    ['three garbage parts', 'Bearer abc.def.ghi'],
    ['four parts', 'Bearer a.b.c.d'],
    ['JSON instead of base64', 'Bearer {"alg":"none"}.{"sub":"x"}.'],
    ['a very long token', `Bearer ${'A'.repeat(7_000)}.${'B'.repeat(7_000)}.${'C'.repeat(100)}`],
    ['non-ASCII characters', 'Bearer \u00e9\u00ff.\u00e9\u00ff.\u00e9\u00ff'],
  ])('refuses %s: 401', async (_name, header) => {
    const request = sut.http().get('/api/admin/users');
    const response = header === undefined ? await request : await request.set('Authorization', header);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, correlationId: expect.any(String) });
  });

  it("refuses a token naming another user's sign-in, and one of an ended sign-in: 401", async () => {
    const plumberId = (await sut.http().get('/api/auth/me').set(plumberSession.auth).expect(200)).body.id as string;
    expect(await status(forge({ ...(await adminClaims()), sid: await signInOf(plumberId) }))).toBe(401);
    const ended = await signIn(sut, admin);
    const endedClaims = { ...(await adminClaims()), sid: await signInOf(admin.id) };
    expect(await status(forge(endedClaims))).toBe(200);
    await sut.http().post('/api/auth/logout').set('Cookie', ended.cookie).send({}).expect(204);
    expect(await status(forge(endedClaims))).toBe(401);
    expect(await status(ended.accessToken)).toBe(401);
    expect(await status(adminSession.accessToken)).toBe(200); // the other sign-in of the same admin
  });

  it('refuses an access token sent as the refresh cookie', async () => {
    await sut.http().post('/api/auth/refresh').set('Cookie', `relining_refresh=${adminSession.accessToken}`).send({}).expect(401);
  });
});

describe('tokens of a changed account', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp();
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'changes-admin@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  it('refuses the access and refresh tokens of a disabled user, and lets them sign in again only once enabled', async () => {
    const user = await createUser(sut.dataSource, { email: 'disabled@plumbing.com.au' });
    const session = await signIn(sut, user);
    await sut.http().get('/api/me/referrals').set(session.auth).expect(200);

    await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ disabled: true }).expect(200);
    await sut.http().get('/api/me/referrals').set(session.auth).expect(401);
    await sut.http().get('/api/auth/me').set(session.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(401);
    await sut.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(403);

    // Disabled at the database without the version moving on (another tool, a migration): still refused.
    await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ disabled: false }).expect(200);
    const again = await signIn(sut, user);
    await sut.dataSource.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [user.id]);
    await sut.http().get('/api/me/referrals').set(again.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', again.cookie).send({}).expect(401);
  });

  it('refuses a token issued before the user was made admin, and an admin token issued before a demotion', async () => {
    const user = await createUser(sut.dataSource, { email: 'promoted@plumbing.com.au' });
    const before = await signIn(sut, user);
    await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ role: 'admin' }).expect(200);
    await sut.http().get('/api/auth/me').set(before.auth).expect(401);
    await sut.http().get('/api/admin/users').set(before.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', before.cookie).send({}).expect(401);

    const asAdmin = await signIn(sut, user);
    await sut.http().get('/api/admin/users').set(asAdmin.auth).expect(200);
    await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ role: 'plumber' }).expect(200);
    await sut.http().get('/api/admin/users').set(asAdmin.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', asAdmin.cookie).send({}).expect(401);
  });

  it('refuses a token whose role no longer matches the stored one, even if the version did not move', async () => {
    const user = await createUser(sut.dataSource, { email: 'sql-demoted@example.com.au', role: 'admin' });
    const session = await signIn(sut, user);
    await sut.http().get('/api/admin/users').set(session.auth).expect(200);
    await sut.dataSource.query(`UPDATE user_roles SET role = 'plumber' WHERE user_id = $1`, [user.id]);
    await sut.http().get('/api/admin/users').set(session.auth).expect(401);
    await sut.http().get('/api/auth/me').set(session.auth).expect(401);
  });

  it('refuses every token of a user who logged out everywhere', async () => {
    const user = await createUser(sut.dataSource, { email: 'everywhere@plumbing.com.au' });
    const [one, two] = [await signIn(sut, user), await signIn(sut, user)];
    await sut.http().post('/api/auth/logout').set('Cookie', one.cookie).send({ everywhere: true }).expect(204);
    for (const session of [one, two]) {
      await sut.http().get('/api/auth/me').set(session.auth).expect(401);
      await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(401);
    }
  });
});

describe('the refresh cookie', () => {
  let sut: TestApp;
  let shapes: SignedIn | undefined;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut.close());

  it("is refused when reused after rotation, and the reuse ends the rotated one and that sign-in's access tokens too", async () => {
    const user = await createUser(sut.dataSource, { email: 'reuse@plumbing.com.au' });
    const session = await signIn(sut, user);
    const rotated = await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(200);
    const next = refreshCookieFrom(rotated.headers['set-cookie']);
    await sut.http().get('/api/auth/me').set('Authorization', `Bearer ${rotated.body.accessToken}`).expect(200);
    const other = await signIn(sut, user);
    await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', next).send({}).expect(401);
    // The replay ended the access tokens of that sign-in at once, the first and the rotated one.
    await sut.http().get('/api/auth/me').set(session.auth).expect(401);
    await sut.http().get('/api/auth/me').set('Authorization', `Bearer ${rotated.body.accessToken}`).expect(401);
    // Another sign-in of the same user is a separate family and keeps working.
    await sut.http().get('/api/auth/me').set(other.auth).expect(200);
    await sut.http().post('/api/auth/refresh').set('Cookie', other.cookie).send({}).expect(200);
  });

  it('is refused after logout, and so is the access token of that sign-in', async () => {
    const user = await createUser(sut.dataSource, { email: 'logout-cookie@plumbing.com.au' });
    const session = await signIn(sut, user);
    const other = await signIn(sut, user);
    await sut.http().get('/api/me/referrals').set(session.auth).expect(200);
    await sut.http().post('/api/auth/logout').set('Cookie', session.cookie).send({}).expect(204);
    await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(401);
    // Its access token ends at once, not when its 15 minutes run out; the user's other sign-in goes on.
    await sut.http().get('/api/me/referrals').set(session.auth).expect(401);
    await sut.http().get('/api/auth/me').set(session.auth).expect(401);
    await sut.http().get('/api/me/referrals').set(other.auth).expect(200);
  });

  it.each([
    ['a tampered value', (cookie: string) => `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`],
    ['a value of another shape', () => 'relining_refresh=../../etc/passwd'],
    ['an overlong value', () => `relining_refresh=${'a'.repeat(5_000)}`],
    ['an empty value', () => 'relining_refresh='],
  ])('is refused with %s', async (_name, make) => {
    shapes ??= await signIn(sut, await createUser(sut.dataSource, { email: 'shapes@plumbing.com.au' }));
    await sut.http().post('/api/auth/refresh').set('Cookie', make(shapes.cookie)).send({}).expect(401);
  });

  it('still refreshes the session whose cookie was tampered with above (the control)', async () => {
    await sut.http().post('/api/auth/refresh').set('Cookie', shapes!.cookie).send({}).expect(200);
  });
});

function now(): number {
  return Math.floor(Date.now() / 1000);
}
