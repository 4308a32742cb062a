import { DemoDataService } from '../../src/demo/demo-data.service.js';
import { createOrPromoteAdmin } from '../../src/modules/auth/admin-accounts.js';
import { createUser, linkTokenFromOutbox, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('profiles: GET/PUT /api/me/profile', () => {
  let sut: TestApp;
  let plumber: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp();
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'profile@example.com.au', fullName: 'Pat Lee' }));
  });

  afterAll(() => sut.close());

  it('reads and updates the signed-in user’s own profile', async () => {
    await sut.http().get('/api/me/profile').set(plumber.auth).expect(200, { fullName: 'Pat Lee', businessName: 'Test Plumbing', phone: '0400 000 000' });
    await sut.http().put('/api/me/profile').set(plumber.auth).send({ fullName: '  Pat Lee-Smith ', phone: '' }).expect(200, {
      fullName: 'Pat Lee-Smith',
      businessName: 'Test Plumbing',
      phone: null,
    });
  });

  it('creates the profile when there is none (upsert)', async () => {
    const user = await createUser(sut.dataSource, { email: 'noprofile@example.com.au' });
    await sut.dataSource.query(`DELETE FROM profiles WHERE user_id = $1`, [user.id]);
    const session = await signIn(sut, user);
    await sut.http().get('/api/me/profile').set(session.auth).expect(200, { fullName: null, businessName: null, phone: null });
    await sut
      .http()
      .put('/api/me/profile')
      .set(session.auth)
      .send({ businessName: 'New Co' })
      .expect(200, { fullName: null, businessName: 'New Co', phone: null });
  });

  it('refuses unknown fields and anonymous callers', async () => {
    await sut.http().put('/api/me/profile').set(plumber.auth).send({ role: 'admin' }).expect(400);
    await sut.http().get('/api/me/profile').expect(401);
  });
});

describe('staff: /api/admin/users', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let adminId: string;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    const user = await createUser(sut.dataSource, { email: 'boss@example.com.au', role: 'admin', fullName: 'Bo Boss' });
    adminId = user.id;
    admin = await signIn(sut, user);
  });

  afterAll(() => sut.close());

  it('lists users with real values, paged in the react-admin dialect', async () => {
    const plumber = await createUser(sut.dataSource, { email: 'listed@example.com.au', fullName: 'Lee Listed' });
    await signIn(sut, plumber);
    const response = await sut
      .http()
      .get('/api/admin/users')
      .query({ filter: '{"q":"listed"}', sort: '["email","ASC"]', range: '[0,9]' })
      .set(admin.auth)
      .expect(200);
    expect(response.headers['content-range']).toBe('users 0-0/1');
    expect(response.body).toEqual([
      {
        id: plumber.id,
        email: 'listed@example.com.au',
        role: 'plumber',
        fullName: 'Lee Listed',
        businessName: 'Test Plumbing',
        phone: '0400 000 000',
        emailVerified: true,
        disabled: false,
        createdAt: expect.stringMatching(/^\d{4}-/),
        lastSignInAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    const admins = await sut.http().get('/api/admin/users').query({ filter: '{"role":"admin"}' }).set(admin.auth).expect(200);
    expect(admins.body.map((u: { email: string }) => u.email)).toEqual(['boss@example.com.au']);
  });

  it('is for admins only', async () => {
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'nosy@example.com.au' }));
    await sut.http().get('/api/admin/users').set(plumber.auth).expect(403);
    await sut.http().get('/api/admin/users').expect(401);
    await sut.http().post('/api/admin/users/invite').set(plumber.auth).send({ email: 'x@example.com.au', role: 'admin' }).expect(403);
  });

  it('changes a role, which takes effect on that user’s next request', async () => {
    const user = await createUser(sut.dataSource, { email: 'promoted@example.com.au' });
    const before = await signIn(sut, user);
    await sut.http().get('/api/admin/users').set(before.auth).expect(403);

    // react-admin sends the whole record; read-only fields are ignored.
    const record = (await sut.http().get(`/api/admin/users/${user.id}`).set(admin.auth).expect(200)).body;
    const updated = await sut
      .http()
      .put(`/api/admin/users/${user.id}`)
      .set(admin.auth)
      .send({ ...record, role: 'admin', email: 'hacked@example.com' })
      .expect(200);
    expect(updated.body).toMatchObject({ id: user.id, email: 'promoted@example.com.au', role: 'admin' });

    await sut.http().get('/api/auth/me').set(before.auth).expect(401);
    await sut.http().post('/api/auth/refresh').set('Cookie', before.cookie).send({}).expect(401);
    const after = await signIn(sut, user);
    await sut.http().get('/api/admin/users').set(after.auth).expect(200);
  });

  it('refuses an admin changing their own role, and an unknown role', async () => {
    const own = await sut.http().put(`/api/admin/users/${adminId}`).set(admin.auth).send({ role: 'plumber' }).expect(403);
    expect(own.body.message).toBe('You cannot change your own role.');
    const user = await createUser(sut.dataSource, { email: 'wrongrole@example.com.au' });
    const wrong = await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ role: 'owner' }).expect(400);
    expect(wrong.body.errors).toEqual([{ field: 'role', message: 'Role must be admin or plumber' }]);
  });

  it('disables a user: their sessions end and they cannot sign in', async () => {
    const user = await createUser(sut.dataSource, { email: 'disabled@example.com.au' });
    const session = await signIn(sut, user);
    await sut
      .http()
      .put(`/api/admin/users/${user.id}`)
      .set(admin.auth)
      .send({ disabled: true })
      .expect(200)
      .then((r) => expect(r.body.disabled).toBe(true));
    await sut.http().get('/api/auth/me').set(session.auth).expect(401);
    const login = await sut.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(403);
    expect(login.body.code).toBe('ACCOUNT_DISABLED');
    await sut.http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ disabled: false }).expect(200);
    await signIn(sut, user);
  });

  it('answers 404 for a user that does not exist', async () => {
    await sut.http().get('/api/admin/users/00000000-0000-4000-8000-000000000000').set(admin.auth).expect(404);
    await sut.http().put('/api/admin/users/00000000-0000-4000-8000-000000000000').set(admin.auth).send({ role: 'admin' }).expect(404);
  });

  it('invites a new user, who sets a password from the e-mailed link and signs in with that role', async () => {
    const invited = await sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'newadmin@example.com.au', role: 'admin' }).expect(202);
    // No SMTP_URL here (preview mode): the answer never says 'sent'.
    expect(invited.body).toEqual({
      message: 'Invitation to newadmin@example.com.au saved as a preview (not sent: no SMTP server configured)',
      status: 'preview',
    });
    const existing = await sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'boss@example.com.au', role: 'plumber' }).expect(202);
    expect(existing.body).toEqual({ message: 'Invitation to boss@example.com.au saved as a preview (not sent: no SMTP server configured)', status: 'preview' });

    const [mail] = await sut.dataSource.query(`SELECT subject, text_body FROM notifications WHERE template_key = 'user_invite'`);
    expect(mail.subject).toBe("You're invited to Pipe Relining Australia");
    expect(mail.text_body).toContain('as Admin');
    const token = await linkTokenFromOutbox(sut.dataSource, 'newadmin@example.com.au', 'user_invite');
    await sut.http().post('/api/auth/login').send({ email: 'newadmin@example.com.au', password: PASSWORD }).expect(401);
    await sut.http().post('/api/auth/reset-password').send({ token, password: PASSWORD }).expect(200);
    const session = await signIn(sut, { email: 'newadmin@example.com.au', password: PASSWORD });
    await sut.http().get('/api/admin/users').set(session.auth).expect(200);
  });
});

describe('first admin and demo data', () => {
  it('creates an admin, or promotes an existing account, from the command-line function', async () => {
    const sut = await startTestApp();
    try {
      const created = await sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, 'first@example.com.au', PASSWORD));
      expect(created.created).toBe(true);
      const session = await signIn(sut, { email: 'first@example.com.au', password: PASSWORD });
      await sut.http().get('/api/admin/users').set(session.auth).expect(200);

      const plumber = await createUser(sut.dataSource, { email: 'later-admin@example.com.au' });
      const promoted = await sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, plumber.email));
      expect(promoted).toMatchObject({ created: false, setPasswordToken: expect.any(String) });
      await sut.http().post('/api/auth/reset-password').send({ token: promoted.setPasswordToken, password: 'another long password' }).expect(200);
      const admin = await signIn(sut, { email: plumber.email, password: 'another long password' });
      await sut.http().get('/api/admin/users').set(admin.auth).expect(200);

      await expect(sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, 'bad', PASSWORD))).rejects.toThrow(
        'Please enter a valid email address',
      );
      await expect(sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, 'ok@example.com.au', 'short'))).rejects.toThrow(
        'Password must be at least 12 characters.',
      );
    } finally {
      await sut.close();
    }
  });

  it('seeds a demo admin and plumber into an empty database only, handing their details over once', async () => {
    // How they are shown (last, on the terminal only) is test/api/start-server.test.ts.
    let sut: TestApp | undefined;
    try {
      sut = await startTestApp({ env: { DEMO_DATA: 'true' } });
      const demo = sut.app.get(DemoDataService);
      const { adminPassword, plumberPassword } = demo.takeNewAccounts()!;
      expect(demo.takeNewAccounts()).toBeUndefined();
      const adminSession = await signIn(sut, { email: 'admin@example.com.au', password: adminPassword });
      await sut.http().get('/api/admin/users').set(adminSession.auth).expect(200);
      const plumberSession = await signIn(sut, { email: 'plumber@example.com.au', password: plumberPassword });
      expect((await sut.http().get('/api/auth/me').set(plumberSession.auth)).body.role).toBe('plumber');

      await demo.onApplicationBootstrap();
      expect(demo.takeNewAccounts()).toBeUndefined();
    } finally {
      await sut?.close();
    }
  });
});
