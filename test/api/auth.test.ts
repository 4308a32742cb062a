import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Test } from 'supertest';
import { createOrPromoteAdmin } from '../../src/modules/auth/admin-accounts.js';
import { loginSlowdownMs } from '../../src/modules/auth/auth.rules.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, linkTokenFromMail, PASSWORD, refreshCookieFrom, signIn, type SignedIn } from '../support/accounts.js';
import { discoverRoutes } from '../support/routes.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const registration = { email: 'sam@smithplumbing.com.au', password: PASSWORD, fullName: 'Sam Smith', businessName: 'Smith Plumbing', phone: '0400 111 222' };

function without<T extends object>(body: T, key: string): Partial<T> {
  const copy = { ...body } as Record<string, unknown>;
  delete copy[key];
  return copy as Partial<T>;
}

describe('accounts: registration, verification, sign-in', () => {
  let smtp: SmtpSink;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('registers a plumber who must verify the e-mail before signing in', async () => {
    const registered = await sut.http().post('/api/auth/register').send(registration).expect(201);
    expect(registered.body).toEqual({ user: { email: registration.email, role: 'plumber' }, accessToken: null, verificationRequired: true });
    expect(registered.headers['set-cookie']).toBeUndefined();

    const [user] = await sut.dataSource.query(
      `SELECT u.password_hash, u.email_verified_at, p.full_name, p.business_name, p.phone, r.role
       FROM users u JOIN profiles p ON p.user_id = u.id JOIN user_roles r ON r.user_id = u.id WHERE u.email = $1`,
      [registration.email],
    );
    expect(user).toMatchObject({ full_name: 'Sam Smith', business_name: 'Smith Plumbing', phone: '0400 111 222', role: 'plumber', email_verified_at: null });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const mail = (await smtp.waitFor(1)).find((m) => m.to[0] === registration.email)!;
    expect(mail.subject).toBe('Confirm your email address');
    const link = /(http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const early = await sut.http().post('/api/auth/login').send({ email: registration.email, password: PASSWORD }).expect(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: 'Please check your email for a verification link before logging in.' });

    const token = new URL(link).searchParams.get('token');
    await sut.http().post('/api/auth/verify-email').send({ token }).expect(200, { message: 'Your email address is confirmed. You can now log in.' });
    const reused = await sut.http().post('/api/auth/verify-email').send({ token }).expect(400);
    expect(reused.body).toMatchObject({ code: 'TOKEN_INVALID', message: 'This link is invalid or has expired. Please request a new one.' });

    const login = await sut.http().post('/api/auth/login').send({ email: 'SAM@smithplumbing.com.au', password: PASSWORD }).expect(200);
    expect(login.body).toEqual({
      accessToken: expect.any(String),
      expiresIn: 900,
      user: { id: expect.any(String), email: registration.email, role: 'plumber' },
    });
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('relining_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).not.toMatch(/Secure/i); // only in production
    // Beside it, a readable marker (no credential) tells pages there is a session to restore.
    const marker = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('relining_session='))!;
    expect(marker).toMatch(/^relining_session=1;/);
    expect(marker).not.toMatch(/HttpOnly/i);
    const claims = jwt.decode(login.body.accessToken) as jwt.JwtPayload;
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(900);

    const me = await sut.http().get('/api/auth/me').set('Authorization', `Bearer ${login.body.accessToken}`).expect(200);
    expect(me.body).toEqual({
      id: login.body.user.id,
      email: registration.email,
      role: 'plumber',
      profile: { fullName: 'Sam Smith', businessName: 'Smith Plumbing', phone: '0400 111 222' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [{ last_sign_in_at: lastSignIn }] = await sut.dataSource.query(`SELECT last_sign_in_at FROM users WHERE email = $1`, [registration.email]);
    expect(lastSignIn).toBeInstanceOf(Date);
  });

  it.each(['fullName', 'businessName', 'phone'])('refuses a registration without %s', async (field) => {
    const response = await sut
      .http()
      .post('/api/auth/register')
      .send({ ...without(registration, field), email: `missing-${field}@example.com.au` })
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'All fields are required for registration.',
      errors: [{ field, message: 'All fields are required for registration.' }],
    });
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM users WHERE email = $1`, [`missing-${field}@example.com.au`]);
    expect(count).toBe(0);
  });

  it.each([
    [{ password: 'too short' }, 'password', 'Password must be at least 12 characters.'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ fullName: '   ' }, 'fullName', 'All fields are required for registration.'],
  ])('refuses %j', async (change, field, message) => {
    const response = await sut
      .http()
      .post('/api/auth/register')
      .send({ ...registration, email: 'x@example.com.au', ...change })
      .expect(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('answers a registration for an existing address exactly like a new one, and tells the owner', async () => {
    const owner = await createUser(sut.dataSource, { email: 'taken@example.com.au' });
    const response = await sut
      .http()
      .post('/api/auth/register')
      .send({ ...registration, email: 'Taken@example.com.au' })
      .expect(201);
    expect(response.body).toEqual({ user: { email: 'Taken@example.com.au', role: 'plumber' }, accessToken: null, verificationRequired: true });
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM users WHERE lower(email) = 'taken@example.com.au'`);
    expect(count).toBe(1);
    const [mail] = await sut.dataSource.query(`SELECT subject FROM notifications WHERE to_address = $1 AND template_key = 'account_exists'`, [owner.email]);
    expect(mail.subject).toBe('You already have an account');
  });

  it('refuses text holding a NUL character whether or not the address has an account, storing nothing', async () => {
    await createUser(sut.dataSource, { email: 'nul-taken@example.com.au' });
    for (const email of ['nul-taken@example.com.au', 'nul-new@example.com.au']) {
      const response = await sut
        .http()
        .post('/api/auth/register')
        .send({ ...registration, email, fullName: 'nul\u0000inside' })
        .expect(400);
      expect(response.body.errors).toEqual([{ field: 'fullName', message: 'Text cannot contain the NUL character (U+0000).' }]);
    }
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM notifications WHERE to_address LIKE 'nul-%'`);
    expect(count).toBe(0);
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    await createUser(sut.dataSource, { email: 'known@example.com.au' });
    const wrong = await sut.http().post('/api/auth/login').send({ email: 'known@example.com.au', password: 'wrong password!!' }).expect(401);
    const unknown = await sut.http().post('/api/auth/login').send({ email: 'nobody@example.com.au', password: 'wrong password!!' }).expect(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, correlationId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
  });

  it('refuses the console admin sign-up', async () => {
    const response = await sut.http().post('/api/auth/admin/register').send({ email: 'a@example.com.au', password: PASSWORD }).expect(403);
    expect(response.body).toMatchObject({
      code: 'SIGNUP_DISABLED',
      message: 'Admin accounts must be created by existing administrators. Please contact your system administrator.',
    });
  });
});

describe('accounts: sessions and tokens', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut.close());

  it('rotates the refresh token, and a replayed one ends that whole sign-in', async () => {
    const user = await createUser(sut.dataSource, { email: 'rotate@example.com.au' });
    const session = await signIn(sut, user);
    const first = await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(200);
    expect(first.body.user).toEqual({ id: user.id, email: user.email, role: 'plumber' });
    const rotated = refreshCookieFrom(first.headers['set-cookie']);
    expect(rotated).not.toBe(session.cookie);

    const replay = await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(401);
    expect(replay.body.message).toBe('Your session has ended. Please log in again.');
    await sut.http().post('/api/auth/refresh').set('Cookie', rotated).send({}).expect(401);
  });

  it('refuses a refresh without a cookie', async () => {
    await sut.http().post('/api/auth/refresh').send({}).expect(401);
  });

  it('logs out this sign-in, or every session of the user', async () => {
    const user = await createUser(sut.dataSource, { email: 'logout@example.com.au' });
    const one = await signIn(sut, user);
    const two = await signIn(sut, user);
    const logout = await sut.http().post('/api/auth/logout').set('Cookie', one.cookie).send({}).expect(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/relining_refresh=;/);
    await sut.http().post('/api/auth/refresh').set('Cookie', one.cookie).send({}).expect(401);
    // Signing out ends that sign-in's access token at once, not when its 15 minutes run out.
    await sut.http().get('/api/auth/me').set(one.auth).expect(401);
    await sut.http().get('/api/auth/me').set(two.auth).expect(200);
    await sut
      .http()
      .post('/api/auth/refresh')
      .set('Cookie', two.cookie)
      .send({})
      .expect(200)
      .then((r) => {
        two.cookie = refreshCookieFrom(r.headers['set-cookie']);
        two.auth = { Authorization: `Bearer ${r.body.accessToken}` };
      });
    await sut.http().get('/api/auth/me').set(two.auth).expect(200);

    await sut.http().post('/api/auth/logout').set('Cookie', two.cookie).send({ everywhere: true }).expect(204);
    await sut.http().get('/api/auth/me').set(two.auth).expect(401);
  });

  it.each([
    [
      'an unsigned token (alg none)',
      () => jwt.sign({ sub: 'x', role: 'admin', ver: 0, typ: 'access' }, '', { algorithm: 'none', audience: 'pipe-relining-api', issuer: 'pipe-relining' }),
    ],
    [
      'a token signed with another key',
      () =>
        jwt.sign({ role: 'admin', ver: 0, typ: 'access' }, 'another-secret-another-secret-0123456789', {
          subject: 'x',
          audience: 'pipe-relining-api',
          issuer: 'pipe-relining',
        }),
    ],
    [
      'a token for another audience',
      () => jwt.sign({ role: 'admin', ver: 0, typ: 'access' }, SECRET, { subject: 'x', audience: 'somebody-else', issuer: 'pipe-relining' }),
    ],
    [
      'an expired token',
      () =>
        jwt.sign({ role: 'admin', ver: 0, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, {
          subject: 'x',
          audience: 'pipe-relining-api',
          issuer: 'pipe-relining',
        }),
    ],
    ['a refresh token used as an access token', () => 'bm90LWEtand0LWJ1dC1hbi1vcGFxdWUtcmVmcmVzaC10b2tlbg'],
    ['garbage', () => 'Bearer-ish nonsense'],
  ])('refuses %s with 401', async (_name, makeToken) => {
    const admin = await createUser(sut.dataSource, { email: `admin-${Math.random()}@example.com.au`, role: 'admin' });
    const token = makeToken().replace('"sub":"x"', admin.id);
    await sut.http().get('/api/admin/users').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('treats a user without a role as a plumber (spec §6)', async () => {
    const user = await createUser(sut.dataSource, { email: 'norole@example.com.au', role: null });
    const session = await signIn(sut, user);
    const me = await sut.http().get('/api/auth/me').set(session.auth).expect(200);
    expect(me.body.role).toBe('plumber');
    await sut.http().get('/api/admin/users').set(session.auth).expect(403);
  });
});

describe('accounts: password reset', () => {
  let smtp: SmtpSink;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('answers alike for known and unknown addresses, and resets with the e-mailed link once', async () => {
    const user = await createUser(sut.dataSource, { email: 'forgetful@example.com.au' });
    const before = await signIn(sut, user);
    const known = await sut.http().post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    const unknown = await sut.http().post('/api/auth/forgot-password').send({ email: 'ghost@example.com.au' }).expect(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: 'If an account exists for that email, we have sent a link to reset the password.' });

    const mail = (await smtp.waitFor(1))[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Reset your password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];

    await sut.http().post('/api/auth/reset-password').send({ token, password: 'short' }).expect(400);
    await sut
      .http()
      .post('/api/auth/reset-password')
      .send({ token, password: 'a brand new passphrase' })
      .expect(200, { message: 'Your password has been updated. You can now log in.' });
    await sut.http().post('/api/auth/reset-password').send({ token, password: 'a brand new passphrase' }).expect(400);

    await sut.http().get('/api/auth/me').set(before.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', before.cookie).send({}).expect(401);
    await sut.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await signIn(sut, { email: user.email, password: 'a brand new passphrase' });
  });

  it('refuses an expired reset link', async () => {
    const user = await createUser(sut.dataSource, { email: 'late@example.com.au' });
    await sut.http().post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    const token = await linkTokenFromMail(smtp, user.email, '/reset-password');
    await sut.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const response = await sut.http().post('/api/auth/reset-password').send({ token, password: 'a brand new passphrase' }).expect(400);
    expect(response.body.code).toBe('TOKEN_INVALID');
  });

  it('gives the reset link one hour and the verification link 24 hours', async () => {
    const user = await createUser(sut.dataSource, { email: 'lifetimes@example.com.au', verified: false });
    await sut.http().post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    await sut.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(403);
    // The links are made when their e-mails are delivered, and last from then.
    await linkTokenFromMail(smtp, user.email, '/reset-password');
    await linkTokenFromMail(smtp, user.email, '/verify-email');
    const rows: Array<{ purpose: string; hours: number }> = await sut.dataSource.query(
      `SELECT purpose, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM account_tokens WHERE user_id = $1 ORDER BY purpose`,
      [user.id],
    );
    expect(rows).toEqual([
      { purpose: 'reset_password', hours: 1 },
      { purpose: 'verify_email', hours: 24 },
    ]);
  });
});

describe('accounts: without e-mail verification', () => {
  it('signs the new plumber in at once and queues the welcome e-mail', async () => {
    const sut = await startTestApp({ env: { AUTH_REQUIRE_EMAIL_VERIFICATION: 'false' } });
    try {
      const response = await sut.http().post('/api/auth/register').send(registration).expect(201);
      expect(response.body).toEqual({
        user: { id: expect.any(String), email: registration.email, role: 'plumber' },
        accessToken: expect.any(String),
        expiresIn: 900,
        verificationRequired: false,
      });
      refreshCookieFrom(response.headers['set-cookie']);
      await sut.http().get('/api/auth/me').set('Authorization', `Bearer ${response.body.accessToken}`).expect(200);
      const [mail] = await sut.dataSource.query(`SELECT subject FROM notifications WHERE template_key = 'welcome_plumber'`);
      expect(mail.subject).toBe('Welcome to our plumber referral program');
      // An existing address still gets no session.
      const again = await sut.http().post('/api/auth/register').send(registration).expect(201);
      expect(again.body.accessToken).toBeNull();
    } finally {
      await sut.close();
    }
  });
});

describe('accounts: rate limits', () => {
  it('allows 10 login attempts a minute per IP, then answers 429 with a clear message', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 10; i += 1)
        await sut
          .http()
          .post('/api/auth/login')
          .send({ email: `guess${i}@example.com.au`, password: 'wrong password!' })
          .expect(401);
      const blocked = await sut.http().post('/api/auth/login').send({ email: 'guess@example.com.au', password: 'wrong password!' }).expect(429);
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' });
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await sut.close();
    }
  });

  it('wrong passwords from other addresses never stop the owner signing in from theirs; they only slow every attempt on the account', async () => {
    const sut = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const owner = await createUser(sut.dataSource, { email: 'victim@example.com.au' });
      // A stranger guesses from 30 addresses (each of them within its own limits).
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          sut
            .http()
            .post('/api/auth/login')
            .set('X-Forwarded-For', `203.0.113.${i}`)
            .send({ email: 'Victim@example.com.au', password: `wrong password ${i}` }),
        ),
      );
      expect(guesses.map((response) => response.status)).toEqual(Array(30).fill(401));
      // The account is under attack now: every attempt on it waits first (never a refusal).
      const started = Date.now();
      const guess = await sut.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.200').send({ email: owner.email, password: 'one more guess!!' });
      expect(guess.status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(loginSlowdownMs(30) - 50);
      // The owner, from their own address, gets in at the first correct attempt.
      const signedIn = await sut.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ email: owner.email, password: owner.password });
      expect(signedIn.status).toBe(200);
      // Another account is not slowed at all.
      await createUser(sut.dataSource, { email: 'bystander@example.com.au' });
      await sut
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: 'bystander@example.com.au', password: PASSWORD })
        .expect(200);
    } finally {
      await sut.close();
    }
  });

  it('limits attempts per account and address: that address is refused for that account only', async () => {
    const sut = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const owner = await createUser(sut.dataSource, { email: 'pair@example.com.au' });
      await createUser(sut.dataSource, { email: 'pair-other@example.com.au' });
      // 30 guesses from one address over the hour (10 a minute: each minute's counters are cleared, as if a minute had passed).
      for (let minute = 0; minute < 3; minute += 1) {
        const guesses = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            sut
              .http()
              .post('/api/auth/login')
              .set('X-Forwarded-For', '203.0.113.50')
              .send({ email: owner.email, password: `wrong password ${i}` }),
          ),
        );
        expect(guesses.map((response) => response.status)).toEqual(Array(10).fill(401));
        await sut.dataSource.query(`DELETE FROM rate_limit_hits WHERE key LIKE '%:minute'`);
      }
      const blocked = await sut
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.50')
        .send({ email: 'PAIR@example.com.au', password: owner.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes\.$/) });
      expect(blocked.headers['retry-after']).toBeDefined();
      // The same address may still sign in to another account, and the owner from theirs.
      await sut
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.50')
        .send({ email: 'pair-other@example.com.au', password: PASSWORD })
        .expect(200);
      await sut.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.8').send({ email: owner.email, password: owner.password }).expect(200);
    } finally {
      await sut.close();
    }
  });

  it("a stranger's forgot-password requests never stop the owner receiving a reset link, nor flood the owner's mailbox", async () => {
    const smtp = await new SmtpSink().start();
    const sut = await startTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url } });
    try {
      const owner = await createUser(sut.dataSource, { email: 'reset-victim@example.com.au' });
      for (let i = 0; i < 20; i += 1) {
        await sut.http().post('/api/auth/forgot-password').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: owner.email }).expect(202);
      }
      // One address of the stranger runs out of its own allowance…
      for (let i = 0; i < 5; i += 1)
        await sut.http().post('/api/auth/forgot-password').set('X-Forwarded-For', '203.0.113.77').send({ email: owner.email }).expect(202);
      await sut.http().post('/api/auth/forgot-password').set('X-Forwarded-For', '203.0.113.77').send({ email: owner.email }).expect(429);
      // …but the owner asks from theirs and is answered, and a working link is in their mailbox.
      await sut.http().post('/api/auth/forgot-password').set('X-Forwarded-For', '198.51.100.9').send({ email: owner.email }).expect(202);
      const token = await linkTokenFromMail(smtp, owner.email, '/reset-password');
      await sut.http().post('/api/auth/reset-password').send({ token, password: 'the owner passphrase' }).expect(200);
      await signIn(sut, { email: owner.email, password: 'the owner passphrase' });
      // 26 requests, folded into one e-mail per quarter hour (two if the run crossed one).
      await sut.app.get(NotificationsWorker).drainNow();
      expect(smtp.received.filter((mail) => mail.to.includes(owner.email)).length).toBeLessThanOrEqual(2);
    } finally {
      await sut.close();
      await smtp.stop();
    }
  });

  it('limits registration and forgot-password too', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 5; i += 1)
        await sut
          .http()
          .post('/api/auth/forgot-password')
          .send({ email: `a${i}@example.com.au` })
          .expect(202);
      await sut.http().post('/api/auth/forgot-password').send({ email: 'a@example.com.au' }).expect(429);
      for (let i = 0; i < 5; i += 1)
        await sut
          .http()
          .post('/api/auth/register')
          .send({ ...registration, email: `r${i}@example.com.au` })
          .expect(201);
      await sut
        .http()
        .post('/api/auth/register')
        .send({ ...registration, email: 'r9@example.com.au' })
        .expect(429);
    } finally {
      await sut.close();
    }
  });
});

describe('accounts: what reaches the logs', () => {
  it('never logs passwords, tokens or refresh cookies, even at debug level', async () => {
    const lines: string[] = [];
    const smtp = await new SmtpSink().start();
    const sut = await startTestApp({ env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace', RATE_LIMITS: 'off' }, logLines: lines });
    try {
      await sut.http().post('/api/auth/register').send(registration).expect(201);
      const verifyToken = await linkTokenFromMail(smtp, registration.email, '/verify-email');
      await sut.http().post('/api/auth/verify-email').send({ token: verifyToken }).expect(200);
      const session = await signIn(sut, registration);
      await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(200);
      await sut.http().post('/api/auth/login').send({ email: registration.email, password: 'a wrong password!' }).expect(401);
      await sut.http().post('/api/auth/forgot-password').send({ email: registration.email }).expect(202);
      const resetToken = await linkTokenFromMail(smtp, registration.email, '/reset-password');
      await sut.http().post('/api/auth/reset-password').send({ token: resetToken, password: 'another secret passphrase' }).expect(200);

      const logs = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [
        PASSWORD,
        'a wrong password!',
        'another secret passphrase',
        verifyToken,
        resetToken,
        session.accessToken,
        session.cookie.split('=')[1]!,
      ]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await sut.close();
      await smtp.stop();
    }
  });
});

describe('accounts: a failed role lookup', () => {
  it('is logged and grants nothing', async () => {
    const lines: string[] = [];
    const sut = await startTestApp({ env: { LOG_LEVEL: 'error' }, logLines: lines });
    try {
      const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'role-lookup@example.com.au', role: 'admin' }));
      await sut.http().get('/api/admin/users').set(admin.auth).expect(200);
      await sut.dataSource.query(`ALTER TABLE user_roles RENAME TO user_roles_unavailable`);
      try {
        await sut.http().get('/api/admin/users').set(admin.auth).expect(403);
      } finally {
        await sut.dataSource.query(`ALTER TABLE user_roles_unavailable RENAME TO user_roles`);
      }
      expect(lines.join('\n')).toContain('Role lookup failed');
      await sut.http().get('/api/admin/users').set(admin.auth).expect(200);
    } finally {
      await sut.close();
    }
  });
});

describe('accounts: no login CSRF', () => {
  const SITE = 'http://localhost:3000'; // PUBLIC_BASE_URL of the test app
  const ELSEWHERE = 'https://evil.example.com';
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', AUTH_REQUIRE_EMAIL_VERIFICATION: 'false' } });
  });

  afterAll(() => sut.close());

  async function countOf(sql: string, parameters: unknown[] = []): Promise<number> {
    const [{ count }] = await sut.dataSource.query(sql, parameters);
    return count;
  }

  function setsCookies(response: { headers: Record<string, unknown> }): boolean {
    return response.headers['set-cookie'] !== undefined;
  }

  it.each([
    ['an HTML form (urlencoded) from another site', (test: Test, body: Record<string, string>) => test.set('Origin', ELSEWHERE).type('form').send(body)],
    [
      'a multipart form from another site',
      (test: Test, body: Record<string, string>) => Object.entries(body).reduce((t, [k, v]) => t.field(k, v), test.set('Origin', ELSEWHERE)),
    ],
    [
      'a text/plain form from another site',
      (test: Test, body: Record<string, string>) => test.set('Origin', ELSEWHERE).set('Content-Type', 'text/plain').send(JSON.stringify(body)),
    ],
    ['a urlencoded form from its own site (not JSON)', (test: Test, body: Record<string, string>) => test.set('Origin', SITE).type('form').send(body)],
    [
      'a form with no Origin but Sec-Fetch-Site: cross-site',
      (test: Test, body: Record<string, string>) => test.set('Sec-Fetch-Site', 'cross-site').type('form').send(body),
    ],
    ['JSON from another site', (test: Test, body: Record<string, string>) => test.set('Origin', ELSEWHERE).send(body)],
    ['JSON from Origin: null (a sandboxed frame)', (test: Test, body: Record<string, string>) => test.set('Origin', 'null').send(body)],
    ['JSON from a look-alike origin', (test: Test, body: Record<string, string>) => test.set('Origin', 'http://localhost:3000.evil.example.com').send(body)],
    ['JSON with no Origin but Sec-Fetch-Site: cross-site', (test: Test, body: Record<string, string>) => test.set('Sec-Fetch-Site', 'cross-site').send(body)],
  ])('never signs a browser in from %s', async (_name, send) => {
    const user = await createUser(sut.dataSource, { email: `csrf-${randomUUID()}@example.com.au` });
    const before = await countOf(`SELECT count(*)::int AS count FROM refresh_tokens WHERE user_id = $1`, [user.id]);
    const response = await send(sut.http().post('/api/auth/login'), { email: user.email, password: user.password });
    expect([403, 415]).toContain(response.status);
    expect(response.body).toEqual({ statusCode: response.status, code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) });
    expect(setsCookies(response)).toBe(false);
    expect(await countOf(`SELECT count(*)::int AS count FROM refresh_tokens WHERE user_id = $1`, [user.id])).toBe(before);

    // Nor registers (and signs in) a new account, nor signs anyone out or refreshes from there.
    const email = `csrf-new-${randomUUID()}@example.com.au`;
    const registered = await send(sut.http().post('/api/auth/register'), {
      email,
      password: PASSWORD,
      fullName: 'Eve Evil',
      businessName: 'Evil Co',
      phone: '0400 666 666',
    });
    expect([403, 415]).toContain(registered.status);
    expect(setsCookies(registered)).toBe(false);
    expect(await countOf(`SELECT count(*)::int AS count FROM users WHERE email = $1`, [email])).toBe(0);

    const session = await signIn(sut, user);
    for (const path of ['/api/auth/logout', '/api/auth/refresh']) {
      const refused = await send(sut.http().post(path).set('Cookie', session.cookie), { everywhere: 'true' });
      expect([403, 415]).toContain(refused.status);
      expect(setsCookies(refused)).toBe(false);
    }
    await sut.http().get('/api/auth/me').set(session.auth).expect(200);
    await sut.http().post('/api/auth/refresh').set('Cookie', session.cookie).send({}).expect(200);
  });

  it('answers 415 for anything but JSON and 403 for another origin, in the one error format', async () => {
    const form = await sut.http().post('/api/auth/login').type('form').send({ email: 'a@example.com.au', password: 'x' });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please send this request as JSON (Content-Type: application/json).',
    });
    const empty = await sut.http().post('/api/auth/refresh');
    expect(empty.status).toBe(415);
    const foreign = await sut.http().post('/api/auth/login').set('Origin', ELSEWHERE).send({ email: 'a@example.com.au', password: 'x' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ statusCode: 403, code: 'CROSS_SITE_REQUEST', message: 'This request must come from our website.' });
  });

  it('refuses a form post to every POST route under /api/auth', async () => {
    const routes = discoverRoutes(sut.app).filter((route) => route.method === 'POST' && route.path.startsWith('/api/auth/'));
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/logout', '/api/auth/refresh', '/api/auth/register']),
    );
    for (const route of routes) {
      expect([route.path, (await sut.http().post(route.path).set('Origin', ELSEWHERE).type('form').send({ a: 'b' })).status]).toEqual([route.path, 403]);
      expect([route.path, (await sut.http().post(route.path).type('form').send({ a: 'b' })).status]).toEqual([route.path, 415]);
    }
  });

  it('signs in, refreshes and signs out as the site and the console do: JSON from their own origin', async () => {
    const user = await createUser(sut.dataSource, { email: 'same-site@example.com.au' });
    const browser = (test: Test) => test.set('Origin', SITE).set('Sec-Fetch-Site', 'same-origin').set('Content-Type', 'application/json; charset=utf-8');
    const login = await browser(sut.http().post('/api/auth/login')).send({ email: user.email, password: user.password }).expect(200);
    const cookie = refreshCookieFrom(login.headers['set-cookie']);
    const refreshed = await browser(sut.http().post('/api/auth/refresh').set('Cookie', cookie)).send({}).expect(200);
    const rotated = refreshCookieFrom(refreshed.headers['set-cookie']);
    await browser(sut.http().post('/api/auth/logout').set('Cookie', rotated)).send({}).expect(204);
    await sut.http().get('/api/auth/me').set('Authorization', `Bearer ${refreshed.body.accessToken}`).expect(401);
    // Registration signs in at once here (no verification): from the site itself, too.
    const registered = await browser(sut.http().post('/api/auth/register'))
      .send({ email: 'same-site-new@example.com.au', password: PASSWORD, fullName: 'Sam Site', businessName: 'Site Plumbing', phone: '0400 222 333' })
      .expect(201);
    refreshCookieFrom(registered.headers['set-cookie']);
  });

  it('takes JSON from the address the browser used to reach the server (its Host), and from a client that sends no Origin', async () => {
    const user = await createUser(sut.dataSource, { email: 'own-host@example.com.au' });
    // A browser that reached the server as http://127.0.0.1:3000 (not PUBLIC_BASE_URL's localhost) sends that origin and Host.
    for (const host of ['127.0.0.1:3000', 'relining.local:8080']) {
      await sut
        .http()
        .post('/api/auth/login')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ email: user.email, password: user.password })
        .expect(200);
    }
    // Its Host names us, but the page was elsewhere: still refused.
    await sut
      .http()
      .post('/api/auth/login')
      .set('Host', '127.0.0.1:3000')
      .set('Origin', 'http://127.0.0.1:4000')
      .send({ email: user.email, password: user.password })
      .expect(403);
    await sut.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200); // curl, the tests
    await sut.http().post('/api/auth/login').set('Sec-Fetch-Site', 'none').send({ email: user.email, password: user.password }).expect(200); // typed in the address bar
  });
});

describe('accounts: setting a password retires every reset and invitation link', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'retire-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  /** An invited account with both an invitation link and a reset link in its mailbox. */
  async function invitedWithTwoLinks(email: string): Promise<{ invite: string; reset: string }> {
    await sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email, role: 'plumber' }).expect(202);
    const invite = await linkTokenFromMail(smtp, email, '/reset-password');
    await sut.http().post('/api/auth/forgot-password').send({ email }).expect(202);
    const reset = await linkTokenFromMail(smtp, email, '/reset-password', 2);
    expect(reset).not.toBe(invite);
    return { invite, reset };
  }

  async function statusOf(id: string): Promise<string> {
    return (await sut.dataSource.query(`SELECT status FROM notifications WHERE id = $1`, [id]))[0].status;
  }

  it('through a reset link: the invitation link stops working', async () => {
    const links = await invitedWithTwoLinks('retire-reset@example.com.au');
    await sut.http().post('/api/auth/reset-password').send({ token: links.reset, password: 'the reset passphrase' }).expect(200);
    const refused = await sut.http().post('/api/auth/reset-password').send({ token: links.invite, password: 'a hijacking passphrase' }).expect(400);
    expect(refused.body).toMatchObject({ code: 'TOKEN_INVALID', message: 'This link is invalid or has expired. Please request a new one.' });
    await signIn(sut, { email: 'retire-reset@example.com.au', password: 'the reset passphrase' });
  });

  it('through the invitation: the reset link stops working', async () => {
    const links = await invitedWithTwoLinks('retire-invite@example.com.au');
    await sut.http().post('/api/auth/reset-password').send({ token: links.invite, password: 'the invited passphrase' }).expect(200);
    await sut.http().post('/api/auth/reset-password').send({ token: links.reset, password: 'a hijacking passphrase' }).expect(400);
    await signIn(sut, { email: 'retire-invite@example.com.au', password: 'the invited passphrase' });
  });

  it('through admin:create --password: the links e-mailed stop working, and one still waiting to be sent is never sent', async () => {
    const links = await invitedWithTwoLinks('retire-cli@example.com.au');
    // One more reset e-mail, held back by the SMTP peer when the password is set.
    smtp.rejectWith(451, '4.3.0 Try again later');
    // (Reset e-mails to one address are folded into one per quarter hour: set the earlier one apart.)
    await sut.dataSource.query(`UPDATE notifications SET dedupe_key = dedupe_key || ':earlier' WHERE to_address = 'retire-cli@example.com.au'`);
    await sut.http().post('/api/auth/forgot-password').send({ email: 'retire-cli@example.com.au' }).expect(202);
    const [waiting] = await sut.dataSource.query(`SELECT id FROM notifications WHERE to_address = 'retire-cli@example.com.au' AND status <> 'sent'`);
    const deadline = Date.now() + 15_000;
    while ((await statusOf(waiting.id)) !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await statusOf(waiting.id)).toBe('failed');

    await sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, 'retire-cli@example.com.au', 'the command-line passphrase'));
    for (const token of [links.invite, links.reset]) {
      await sut.http().post('/api/auth/reset-password').send({ token, password: 'a hijacking passphrase' }).expect(400);
    }
    const before = smtp.received.length;
    smtp.accept();
    await sut.dataSource.query(`UPDATE notifications SET next_attempt_at = now() WHERE id = $1`, [waiting.id]);
    await sut.app.get(NotificationsWorker).drainNow();
    expect(await statusOf(waiting.id)).toBe('cancelled');
    const [{ last_error: reason }] = await sut.dataSource.query(`SELECT last_error FROM notifications WHERE id = $1`, [waiting.id]);
    expect(reason).toMatch(/^Not sent: its link was retired/);
    expect(smtp.received.length).toBe(before);
    await signIn(sut, { email: 'retire-cli@example.com.au', password: 'the command-line passphrase' });
  });
});

describe('accounts: forgot-password reveals nothing by its timing', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', LOG_LEVEL: 'info' }, logLines: lines });
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('answers before anything looks at the accounts: with every account table locked, known and unknown addresses get the same answer, and the e-mail follows', async () => {
    const owner = await createUser(sut.dataSource, { email: 'timing-owner@example.com.au' });
    const runner = sut.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // Nothing that depends on whether an account exists can run while these are locked.
      await runner.query(`LOCK TABLE users, profiles, user_roles, account_tokens, refresh_tokens IN ACCESS EXCLUSIVE MODE`);
      const known = await sut.http().post('/api/auth/forgot-password').send({ email: owner.email }).timeout(5_000).expect(202);
      const unknown = await sut.http().post('/api/auth/forgot-password').send({ email: 'timing-nobody@example.com.au' }).timeout(5_000).expect(202);
      expect(known.body).toEqual(unknown.body);
      expect(smtp.received.filter((mail) => mail.to.includes(owner.email))).toEqual([]);
    } finally {
      await runner.commitTransaction();
      await runner.release();
    }
    // The work was not lost: the owner's e-mail goes once the accounts can be read, and its link works.
    const token = await linkTokenFromMail(smtp, owner.email, '/reset-password');
    await sut.http().post('/api/auth/reset-password').send({ token, password: 'a timing-proof passphrase' }).expect(200);
    // The unknown address gets nothing; staff see why in the outbox.
    await sut.app.get(NotificationsWorker).drainNow();
    const [unknown] = await sut.dataSource.query(`SELECT status, last_error FROM notifications WHERE to_address = 'timing-nobody@example.com.au'`);
    expect(unknown).toEqual({ status: 'cancelled', last_error: 'Not sent: no account uses this address.' });
    expect(smtp.received.some((mail) => mail.to.includes('timing-nobody@example.com.au'))).toBe(false);
  });

  it('keeps the work when it fails after the answer: the failure is logged and recorded, and tried again until the e-mail goes', async () => {
    const owner = await createUser(sut.dataSource, { email: 'timing-retry@example.com.au' });
    await sut.dataSource.query(`ALTER TABLE account_tokens RENAME TO account_tokens_away`);
    try {
      await sut.http().post('/api/auth/forgot-password').send({ email: owner.email }).expect(202);
      const failed = async () => (await sut.dataSource.query(`SELECT attempts, last_error FROM notifications WHERE to_address = $1`, [owner.email]))[0];
      const deadline = Date.now() + 15_000;
      while (!(await failed())?.last_error && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await failed()).last_error).toMatch(/^Could not make the message's link: /);
    } finally {
      await sut.dataSource.query(`ALTER TABLE account_tokens_away RENAME TO account_tokens`);
    }
    expect(lines.join('\n')).toContain("E-mail not delivered: Could not make the message's link");
    const token = await linkTokenFromMail(smtp, owner.email, '/reset-password');
    await sut.http().post('/api/auth/reset-password').send({ token, password: 'a retried passphrase' }).expect(200);
  });
});
