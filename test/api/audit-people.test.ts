import { createUser, linkTokenFromOutbox, PASSWORD, signIn, type SignedIn, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** An audit_log row as the database answers it. */
interface Entry {
  id: string;
  entity: string;
  entity_id: string | null;
  action: string;
  actor_kind: string;
  actor_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  details: ({ filter?: Record<string, unknown> } & Record<string, unknown>) | null;
}

/** What an action must have written: the entry's identity, who acted, and (some of) its changes and details. */
interface Expected {
  entity: string;
  entityId: string | null;
  action: string;
  actor: { kind: 'user' | 'public' | 'system'; id?: string | null };
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  details?: Record<string, unknown> | null;
}

interface Case {
  name: string;
  /** Performs the action through the API; answers the entry it must have written. */
  act: () => Promise<Expected>;
}

describe('audit trail: people, sign-ins, templates, settings and the outbox', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let adminUser: TestUser;
  let plumberUser: TestUser;
  let plumber: SignedIn;

  const http = () => sut.http();

  async function lastId(): Promise<number> {
    const [row] = await sut.dataSource.query(`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`);
    return row.id;
  }

  async function entriesAfter(since: number): Promise<Entry[]> {
    return sut.dataSource.query(`SELECT * FROM audit_log WHERE id > $1 ORDER BY id`, [since]);
  }

  /** Entries written after `since` with this action, waited for (some are written after the answer, on their own). */
  async function waitForEntries(since: number, action: string, count = 1): Promise<Entry[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await entriesAfter(since)).filter((entry) => entry.action === action);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`no '${action}' audit entry was written`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function wholeTrail(): Promise<string> {
    const rows = await sut.dataSource.query(`SELECT * FROM audit_log`);
    return JSON.stringify(rows);
  }

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    adminUser = await createUser(sut.dataSource, { email: 'people-admin@example.com.au', role: 'admin' });
    admin = await signIn(sut, adminUser);
    plumberUser = await createUser(sut.dataSource, { email: 'people-plumber@example.com.au', fullName: 'Pat Plumber' });
    plumber = await signIn(sut, plumberUser);
  });

  afterAll(async () => {
    await sut.close();
  });

  const cases: Case[] = [
    {
      name: 'a sign-in: the session, as the user who signed in',
      act: async () => {
        const user = await createUser(sut.dataSource, { email: 'signs-in@example.com.au' });
        await signIn(sut, user);
        return { entity: 'session', entityId: user.id, action: 'sign_in', actor: { kind: 'user', id: user.id } };
      },
    },
    {
      name: 'a failed sign-in of a known address: a visitor, with the address typed',
      act: async () => {
        const response = await http().post('/api/auth/login').send({ email: plumberUser.email, password: 'not the password' }).expect(401);
        expect(JSON.stringify(response.body)).not.toMatch(/audit|known/i);
        return { entity: 'session', entityId: null, action: 'sign_in_failed', actor: { kind: 'public', id: null }, details: { email: plumberUser.email } };
      },
    },
    {
      name: 'a failed sign-in of an unknown address: the same entry',
      act: async () => {
        await http().post('/api/auth/login').send({ email: 'nobody-here@example.com.au', password: 'whatever it is' }).expect(401);
        return {
          entity: 'session',
          entityId: null,
          action: 'sign_in_failed',
          actor: { kind: 'public', id: null },
          details: { email: 'nobody-here@example.com.au' },
        };
      },
    },
    {
      name: 'a sign-out: the session, as its user',
      act: async () => {
        const user = await createUser(sut.dataSource, { email: 'signs-out@example.com.au' });
        const session = await signIn(sut, user);
        await http().post('/api/auth/logout').set('Cookie', session.cookie).send({}).expect(204);
        return { entity: 'session', entityId: user.id, action: 'sign_out', actor: { kind: 'user', id: user.id } };
      },
    },
    {
      name: 'a registration: the new user, created by a visitor',
      act: async () => {
        await http()
          .post('/api/auth/register')
          .send({ email: 'new-plumber@example.com.au', password: PASSWORD, fullName: 'Nia New', businessName: 'New Pipes', phone: '0400 123 456' })
          .expect(201);
        const [user] = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'new-plumber@example.com.au'`);
        return {
          entity: 'user',
          entityId: user.id,
          action: 'create',
          actor: { kind: 'public', id: null },
          changes: {
            email: { before: null, after: 'new-plumber@example.com.au' },
            fullName: { before: null, after: 'Nia New' },
            businessName: { before: null, after: 'New Pipes' },
            phone: { before: null, after: '0400 123 456' },
            role: { before: null, after: 'plumber' },
          },
        };
      },
    },
    {
      name: 'an e-mail address confirmed through its link: the user, as its owner',
      act: async () => {
        const token = await linkTokenFromOutbox(sut.dataSource, 'new-plumber@example.com.au', 'verify_email');
        await http().post('/api/auth/verify-email').send({ token }).expect(200);
        const [user] = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'new-plumber@example.com.au'`);
        return { entity: 'user', entityId: user.id, action: 'email_verified', actor: { kind: 'user', id: user.id } };
      },
    },
    {
      name: 'an invitation: the new user, by the staff member, with the address and role',
      act: async () => {
        await http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'invited@example.com.au', role: 'admin' }).expect(202);
        const [user] = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'invited@example.com.au'`);
        return {
          entity: 'user',
          entityId: user.id,
          action: 'invite',
          actor: { kind: 'user', id: adminUser.id },
          details: { email: 'invited@example.com.au', role: 'admin' },
        };
      },
    },
    {
      name: 'a password reset through the e-mailed link: the user, as its owner, no password or hash',
      act: async () => {
        const user = await createUser(sut.dataSource, { email: 'forgetful@example.com.au' });
        await http().post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
        const token = await linkTokenFromOutbox(sut.dataSource, user.email, 'reset_password');
        await http().post('/api/auth/reset-password').send({ token, password: 'a brand new passphrase' }).expect(200);
        const [row] = await sut.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [user.id]);
        const trail = await wholeTrail();
        expect(trail).not.toContain(row.password_hash);
        expect(trail).not.toContain('a brand new passphrase');
        expect(trail).not.toContain(token);
        return {
          entity: 'user',
          entityId: user.id,
          action: 'password_reset',
          actor: { kind: 'user', id: user.id },
          changes: null,
          details: { via: 'reset_password' },
        };
      },
    },
    {
      name: 'an invitation accepted: the password set through its link, as the invited user',
      act: async () => {
        const token = await linkTokenFromOutbox(sut.dataSource, 'invited@example.com.au', 'user_invite');
        await http().post('/api/auth/reset-password').send({ token, password: 'an invited passphrase' }).expect(200);
        const [user] = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'invited@example.com.au'`);
        expect(await wholeTrail()).not.toContain('an invited passphrase');
        return { entity: 'user', entityId: user.id, action: 'invitation_accepted', actor: { kind: 'user', id: user.id }, details: { via: 'invite' } };
      },
    },
    {
      name: "a role change: the user's role before and after, by the staff member",
      act: async () => {
        const user = await createUser(sut.dataSource, { email: 'promoted@example.com.au' });
        await http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ id: user.id, email: user.email, role: 'admin' }).expect(200);
        return {
          entity: 'user',
          entityId: user.id,
          action: 'role_changed',
          actor: { kind: 'user', id: adminUser.id },
          changes: { role: { before: 'plumber', after: 'admin' } },
        };
      },
    },
    {
      name: 'a user disabled by staff',
      act: async () => {
        const user = await createUser(sut.dataSource, { email: 'disabled@example.com.au' });
        await http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ disabled: true }).expect(200);
        return {
          entity: 'user',
          entityId: user.id,
          action: 'disable',
          actor: { kind: 'user', id: adminUser.id },
          changes: { disabled: { before: false, after: true } },
        };
      },
    },
    {
      name: 'a profile change by its owner: only the fields that changed',
      act: async () => {
        await http().put('/api/me/profile').set(plumber.auth).send({ fullName: 'Patricia Plumber', phone: '0400 000 000' }).expect(200);
        return {
          entity: 'user',
          entityId: plumberUser.id,
          action: 'profile_updated',
          actor: { kind: 'user', id: plumberUser.id },
          changes: { fullName: { before: 'Pat Plumber', after: 'Patricia Plumber' } },
        };
      },
    },
    {
      name: 'a change of payment details: bank details masked only, never in full nor encrypted',
      act: async () => {
        await http()
          .put('/api/me/payment-details')
          .set(plumber.auth)
          .send({ paymentMethod: 'direct_deposit', accountName: 'Pat Plumber', bsb: '062 000', accountNumber: '12345678' })
          .expect(200);
        const [stored] = await sut.dataSource.query(`SELECT bsb_encrypted, account_number_encrypted FROM plumber_payment_details WHERE user_id = $1`, [
          plumberUser.id,
        ]);
        const trail = await wholeTrail();
        for (const secret of ['12345678', '062000', '062 000', '062-000', stored.bsb_encrypted, stored.account_number_encrypted]) {
          expect(trail).not.toContain(secret);
        }
        return {
          entity: 'user',
          entityId: plumberUser.id,
          action: 'payment_details_changed',
          actor: { kind: 'user', id: plumberUser.id },
          changes: {
            paymentMethod: { before: null, after: 'direct_deposit' },
            accountName: { before: null, after: 'Pat Plumber' },
            bsb: { before: null, after: '062-***' },
            accountNumber: { before: null, after: '****678' },
          },
        };
      },
    },
    {
      name: "staff recording a plumber's Statement by a Supplier",
      act: async () => {
        await http().put(`/api/admin/users/${plumberUser.id}/payment-details`).set(admin.auth).send({ supplierStatement: true }).expect(200);
        return {
          entity: 'user',
          entityId: plumberUser.id,
          action: 'payment_details_changed',
          actor: { kind: 'user', id: adminUser.id },
          changes: { supplierStatement: { before: false, after: true } },
        };
      },
    },
    {
      name: 'the RCTI agreement accepted by the plumber',
      act: async () => {
        await http().post('/api/me/rcti-agreement').set(plumber.auth).send({}).expect(200);
        return { entity: 'user', entityId: plumberUser.id, action: 'rcti_accepted', actor: { kind: 'user', id: plumberUser.id } };
      },
    },
    {
      name: 'a template edit: subject and body before and after',
      act: async () => {
        const template = (await http().get('/api/admin/email-templates/quote_sent').set(admin.auth).expect(200)).body;
        await http()
          .put('/api/admin/email-templates/quote_sent')
          .set(admin.auth)
          .send({ ...template, subject: 'Your quote is here' })
          .expect(200);
        return {
          entity: 'template',
          entityId: 'quote_sent',
          action: 'update',
          actor: { kind: 'user', id: adminUser.id },
          changes: { subject: { before: template.subject, after: 'Your quote is here' } },
        };
      },
    },
    {
      name: 'a template put back to its default wording: a reset',
      act: async () => {
        const template = (await http().get('/api/admin/email-templates/quote_sent').set(admin.auth).expect(200)).body;
        await http()
          .put('/api/admin/email-templates/quote_sent')
          .set(admin.auth)
          .send({ ...template, subject: template.defaultSubject, body: template.defaultBody })
          .expect(200);
        return {
          entity: 'template',
          entityId: 'quote_sent',
          action: 'reset',
          actor: { kind: 'user', id: adminUser.id },
          changes: { subject: { before: 'Your quote is here', after: template.defaultSubject } },
        };
      },
    },
    {
      name: 'a settings update: the setting by its key, the field before and after',
      act: async () => {
        await http().put('/api/admin/settings/email').set(admin.auth).send({ autoNotify: false }).expect(200);
        return {
          entity: 'setting',
          entityId: 'email',
          action: 'update',
          actor: { kind: 'user', id: adminUser.id },
          changes: { autoNotify: { before: true, after: false } },
        };
      },
    },
    {
      name: "the payout bank settings: the business's BSB and account number masked",
      act: async () => {
        const bank = {
          bankMnemonic: 'CBA',
          bsb: '062-111',
          accountNumber: '10000001',
          accountName: 'Pipe Relining Australia',
          apcaUserId: '301500',
          remitterName: 'PIPE RELINING',
          balancingRecord: false,
        };
        await http().put('/api/admin/settings/payouts').set(admin.auth).send(bank).expect(200);
        const trail = await wholeTrail();
        expect(trail).not.toContain('10000001');
        expect(trail).not.toContain('062-111');
        return {
          entity: 'setting',
          entityId: 'payout_bank',
          action: 'update',
          actor: { kind: 'user', id: adminUser.id },
          changes: { bsb: { before: '', after: '062-***' }, accountNumber: { before: '', after: '****001' }, apcaUserId: { before: '', after: '301500' } },
        };
      },
    },
    {
      name: 'an outbox Resend: the message, dead before, queued after',
      act: async () => {
        await http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'bounced@example.com.au', role: 'plumber' }).expect(202);
        const [[message]] = await sut.dataSource.query(
          `UPDATE notifications SET status = 'dead', attempts = 3, last_error = 'mailbox full' WHERE to_address = 'bounced@example.com.au' RETURNING id`,
        );
        await http().post(`/api/admin/notifications/${message.id}/resend`).set(admin.auth).expect(200);
        return {
          entity: 'notification',
          entityId: message.id,
          action: 'resend',
          actor: { kind: 'user', id: adminUser.id },
          changes: { status: { before: 'dead', after: 'queued' }, attempts: { before: 3, after: 0 } },
        };
      },
    },
  ];

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, { act }) => {
    const since = await lastId();
    const expected = await act();
    const [entry, ...others] = (await waitForEntries(since, expected.action)).filter(
      (row) => row.entity === expected.entity && row.entity_id === expected.entityId,
    );
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      entity: expected.entity,
      entity_id: expected.entityId,
      action: expected.action,
      actor_kind: expected.actor.kind,
      ...(expected.actor.id !== undefined && { actor_id: expected.actor.id }),
    });
    if (expected.changes === null) expect(entry!.changes).toBeNull();
    else if (expected.changes) expect(entry!.changes).toMatchObject(expected.changes);
    if (expected.details) expect(entry!.details).toMatchObject(expected.details);
  });

  it('writes nothing for a change refused for bad input, nor for saving the same value again', async () => {
    const user = await createUser(sut.dataSource, { email: 'refused@example.com.au' });
    const since = await lastId();
    await http().put(`/api/admin/users/${user.id}`).set(admin.auth).send({ role: 'spaceship' }).expect(400);
    await http().put('/api/admin/email-templates/quote_sent').set(admin.auth).send({ subject: ' ', body: 'Hello' }).expect(400);
    await http().put('/api/me/payment-details').set(plumber.auth).send({ bsb: '12' }).expect(400);
    await http().put('/api/admin/settings/email').set(admin.auth).send({ includeTrackingLink: true }).expect(200);
    await http().put('/api/me/profile').set(plumber.auth).send({ fullName: 'Patricia Plumber' }).expect(200);
    // A sign-in after them: once its entry is there, an entry of the refused changes would be too.
    await signIn(sut, user);
    await waitForEntries(since, 'sign_in');
    expect((await entriesAfter(since)).map((entry) => entry.action)).toEqual(['sign_in']);
  });

  it('answers a failed sign-in alike for known and unknown addresses', async () => {
    const since = await lastId();
    const known = await http().post('/api/auth/login').send({ email: plumberUser.email, password: 'wrong again' }).expect(401);
    const unknown = await http().post('/api/auth/login').send({ email: 'still-nobody@example.com.au', password: 'wrong again' }).expect(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, correlationId: undefined });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    await waitForEntries(since, 'sign_in_failed', 2);
  });

  describe('CSV exports of the users and the outbox', () => {
    const csvLines = (text: string): string[] => text.trim().split('\n');

    it('exports every user matching the filter, with no password hash or bank details, and records the export', async () => {
      const since = await lastId();
      const all = await http().get('/api/admin/users/export.csv').set(admin.auth).expect(200);
      expect(all.headers['content-type']).toMatch(/^text\/csv/);
      expect(all.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = csvLines(all.text);
      expect(lines[0]).toBe('"id","email","full_name","business_name","phone","role","verified","disabled","created_at (Melbourne time)"');
      const [{ total }] = await sut.dataSource.query(`SELECT count(*)::int AS total FROM users`);
      expect(lines).toHaveLength(total + 1);
      const hashes: Array<{ password_hash: string }> = await sut.dataSource.query(`SELECT password_hash FROM users WHERE password_hash IS NOT NULL`);
      for (const { password_hash } of hashes) expect(all.text).not.toContain(password_hash);
      expect(all.text).not.toMatch(/argon2|062-|\*\*\*\*/);

      const admins = await http()
        .get('/api/admin/users/export.csv')
        .query({ filter: JSON.stringify({ role: 'admin' }), sort: JSON.stringify(['email', 'ASC']) })
        .set(admin.auth)
        .expect(200);
      const adminRows = csvLines(admins.text).slice(1);
      const expected: Array<{ email: string }> = await sut.dataSource.query(
        `SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'admin' ORDER BY lower(u.email)`,
      );
      expect(adminRows.map((line) => line.split(',')[1])).toEqual(expected.map((row) => `"${row.email}"`));
      expect(adminRows.every((line) => line.includes(',"admin",'))).toBe(true);
      expect(admins.text).toContain(`"${adminUser.id}","people-admin@example.com.au","Test Person","Test Plumbing","0400 000 000","admin","true","false","`);

      const [entry] = (await waitForEntries(since, 'export', 2)).filter((row) => row.details?.filter?.role === 'admin');
      expect(entry).toMatchObject({
        entity: 'export',
        entity_id: 'users',
        actor_kind: 'user',
        actor_id: adminUser.id,
        details: { list: 'users', filter: { role: 'admin' }, sort: ['email', 'ASC'], rows: expected.length, complete: true },
      });
    });

    it('exports every outbox message matching the filter, without the bodies, and records the export', async () => {
      await sut.dataSource.query(
        `UPDATE notifications SET status = 'dead', attempts = 3, last_error = 'mailbox full' WHERE to_address = 'invited@example.com.au'`,
      );
      const since = await lastId();
      const all = await http().get('/api/admin/notifications/export.csv').set(admin.auth).expect(200);
      expect(all.headers['content-disposition']).toMatch(/attachment; filename="notifications-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = csvLines(all.text);
      expect(lines[0]).toBe('"id","created_at (Melbourne time)","to","subject","template","status","attempts","last_error","sent_at (Melbourne time)"');
      const [{ total }] = await sut.dataSource.query(`SELECT count(*)::int AS total FROM notifications`);
      expect(total).toBeGreaterThan(1);
      expect(lines).toHaveLength(total + 1);
      // No bodies: not their links, nor their wording.
      expect(all.text).not.toMatch(/token=|link hidden|<html|https?:\/\//i);

      const dead = await http()
        .get('/api/admin/notifications/export.csv')
        .query({ filter: JSON.stringify({ status: 'dead' }) })
        .set(admin.auth)
        .expect(200);
      const expected: Array<{ id: string }> = await sut.dataSource.query(`SELECT id FROM notifications WHERE status = 'dead' ORDER BY created_at DESC, id`);
      const deadRows = csvLines(dead.text).slice(1);
      expect(expected.length).toBeGreaterThan(0);
      expect(deadRows.map((line) => line.split(',')[0]).sort()).toEqual(expected.map((row) => `"${row.id}"`).sort());
      expect(deadRows.every((line) => line.includes(',"dead","3","mailbox full",'))).toBe(true);

      const [entry] = (await waitForEntries(since, 'export', 2)).filter((row) => row.details?.filter?.status === 'dead');
      expect(entry).toMatchObject({
        entity: 'export',
        entity_id: 'notifications',
        actor_id: adminUser.id,
        details: { list: 'notifications', filter: { status: 'dead' }, rows: expected.length, complete: true },
      });
    });

    it.each([
      ['/api/admin/users/export.csv', { role: 'spaceship' }],
      ['/api/admin/users/export.csv', { passwordHash: 'x' }],
      ['/api/admin/notifications/export.csv', { status: 'lost' }],
      ['/api/admin/notifications/export.csv', { textBody: 'x' }],
    ])('%s refuses a bad filter %j with 400 and records nothing', async (path, filter) => {
      const since = await lastId();
      await http()
        .get(path)
        .query({ filter: JSON.stringify(filter) })
        .set(admin.auth)
        .expect(400);
      expect(await entriesAfter(since)).toEqual([]);
    });

    it.each(['/api/admin/users/export.csv', '/api/admin/notifications/export.csv'])('%s is for staff only', async (path) => {
      await http().get(path).set(plumber.auth).expect(403);
      await http().get(path).expect(401);
    });
  });
});
