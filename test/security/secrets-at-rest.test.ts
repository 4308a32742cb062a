import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { DiskObjectStorage } from '../../src/common/storage/disk-storage.js';
import { createBackup } from '../../src/database/backup/backup.js';
import { AccountLinksMintedAtDelivery1764510000000 } from '../../src/database/migrations/1764510000000-account-links-minted-at-delivery.js';
import { hashToken } from '../../src/modules/auth/secure-tokens.js';
import { createUser, linkTokenFromMail, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * No live secret at rest (issue 12 item 3): verification, reset and invitation links are never
 * readable from the database, the staff outbox or a backup while they work. The stored message keeps
 * `[link hidden]`; the token is made when the e-mail is handed to the SMTP server (each try, retry and
 * resend makes a new one) and exists only in that message and, hashed, in `account_tokens`.
 */

const ACCOUNT_TEMPLATES = ['verify_email', 'reset_password', 'user_invite'];

interface AtRest {
  /** Every row of every table, as PostgreSQL prints it. */
  tables: string;
  /** A db:backup file of the database, unzipped. */
  backup: string;
}

/** Everything a database copy holds: every table's rows, and a fresh backup file. */
async function everythingAtRest(sut: TestApp, folder: string): Promise<AtRest> {
  const names: Array<{ name: string }> = await sut.dataSource.query(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY 1`,
  );
  const parts: string[] = [];
  for (const { name } of names) {
    const [{ rows }] = await sut.dataSource.query(`SELECT coalesce(string_agg(t::text, E'\\n'), '') AS rows FROM "${name}" t`);
    parts.push(`== ${name}\n${rows}`);
  }
  const file = path.join(folder, `${Date.now()}-${Math.random().toString(36).slice(2)}.backup.gz`);
  await createBackup({ databaseUrl: sut.databaseUrl, file, storage: new DiskObjectStorage(path.join(folder, 'uploads')), includeUploads: false });
  const backup = gunzipSync(await readFile(file)).toString('utf8');
  return { tables: parts.join('\n'), backup };
}

/** Hashes of every credential that would work now: unused, unexpired one-time tokens and refresh tokens. */
async function liveHashes(dataSource: DataSource): Promise<Set<string>> {
  const rows: Array<{ hash: string }> = await dataSource.query(
    `SELECT token_hash AS hash FROM account_tokens WHERE used_at IS NULL AND expires_at > now()
     UNION ALL
     SELECT token_hash FROM refresh_tokens WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
  );
  return new Set(rows.map((row) => row.hash));
}

/** Every string in `text` that could be a token (ours are 43 URL-safe base64 characters) and would work. */
function workingTokensIn(text: string, live: Set<string>): string[] {
  const candidates = new Set(text.match(/[A-Za-z0-9_-]{20,}/g) ?? []);
  return [...candidates].filter((candidate) => live.has(hashToken(candidate)));
}

/** What an account e-mail's link says in a stored body: `token=` (or `token&#x3D;` in HTML) then its value. */
function storedLinkValues(body: string): string[] {
  return [...body.matchAll(/token(?:=|&#x3D;)([^\s"'<&]+(?: hidden\])?)/g)].map((match) => match[1]!);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('no live secret at rest: account links are made at delivery', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'secrets-at-rest-'));
    smtp = await new SmtpSink().start();
    // Two tries per message, then dead (so the test can see the retry and a staff Resend).
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', MAIL_MAX_ATTEMPTS: '2' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'rest-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
    await rm(folder, { recursive: true, force: true });
  });

  async function accountMessages(): Promise<Array<{ id: string; to: string; status: string; text: string; html: string }>> {
    return sut.dataSource.query(
      `SELECT id, to_address AS to, status, text_body AS text, html_body AS html FROM notifications WHERE template_key = ANY($1) ORDER BY created_at`,
      [ACCOUNT_TEMPLATES],
    );
  }

  /** Nothing at rest — tables, backup, the console's outbox — holds a working token, and each stored link says it is hidden. */
  async function expectNoWorkingTokenAtRest(delivered: string[] = []): Promise<void> {
    const atRest = await everythingAtRest(sut, folder);
    const live = await liveHashes(sut.dataSource);
    expect(workingTokensIn(atRest.tables, live)).toEqual([]);
    expect(workingTokensIn(atRest.backup, live)).toEqual([]);
    for (const token of delivered) {
      expect(atRest.tables).not.toContain(token);
      expect(atRest.backup).not.toContain(token);
    }
    const messages = await accountMessages();
    expect(messages.length).toBeGreaterThanOrEqual(3);
    for (const message of messages) {
      const shown = await sut.http().get(`/api/admin/notifications/${message.id}`).set(admin.auth).expect(200);
      for (const body of [message.text, message.html, shown.body.text, shown.body.html]) {
        expect(storedLinkValues(body)).not.toEqual([]);
        for (const value of storedLinkValues(body)) expect(value).toBe('[link hidden]');
        expect(workingTokensIn(body, live)).toEqual([]);
        for (const token of delivered) expect(body).not.toContain(token);
      }
    }
  }

  it('holds no working link while the e-mails wait, after failed tries, and after they were sent; the links sent work', async () => {
    smtp.rejectWith(451, '4.3.0 Try again later');
    // A verification (registration), a reset (an existing account) and an invitation.
    await sut
      .http()
      .post('/api/auth/register')
      .send({ email: 'rest-new@example.com.au', password: PASSWORD, fullName: 'Riley Rest', businessName: 'Rest Plumbing', phone: '0400 100 200' })
      .expect(201);
    const forgetful = await createUser(sut.dataSource, { email: 'rest-forgetful@example.com.au' });
    await sut.http().post('/api/auth/forgot-password').send({ email: forgetful.email }).expect(202);
    await sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'rest-invitee@example.com.au', role: 'admin' }).expect(202);

    // Queued (tried or not yet).
    await expectNoWorkingTokenAtRest();

    // Every try was refused by the SMTP peer: each made a token (two tries each), none of which is anywhere at rest.
    await waitUntil('every account e-mail is dead', async () => (await accountMessages()).every((message) => message.status === 'dead'));
    const [{ count: made }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM account_tokens WHERE request_id IS NOT NULL AND used_at IS NULL`);
    expect(made).toBe(6);
    await expectNoWorkingTokenAtRest();

    // Staff resend them from the outbox: each try makes a new token, and the one e-mailed works.
    smtp.accept();
    for (const message of await accountMessages()) await sut.http().post(`/api/admin/notifications/${message.id}/resend`).set(admin.auth).expect(200);
    const verifyToken = await linkTokenFromMail(smtp, 'rest-new@example.com.au', '/verify-email');
    const resetToken = await linkTokenFromMail(smtp, forgetful.email, '/reset-password');
    const inviteToken = await linkTokenFromMail(smtp, 'rest-invitee@example.com.au', '/reset-password');
    await waitUntil('every account e-mail is recorded as sent', async () => (await accountMessages()).every((message) => message.status === 'sent'));
    const invitation = smtp.received.find((mail) => mail.to.includes('rest-invitee@example.com.au'))!;
    expect(invitation.text).toContain(`/reset-password?token=${inviteToken}&invite=1`);
    expect(invitation.html).toContain(`token&#x3D;${inviteToken}`);

    // Sent: still nothing at rest signs anyone in, and the tokens e-mailed appear nowhere.
    await expectNoWorkingTokenAtRest([verifyToken, resetToken, inviteToken]);

    // The links in the e-mails work.
    await sut.http().post('/api/auth/verify-email').send({ token: verifyToken }).expect(200);
    await signIn(sut, { email: 'rest-new@example.com.au', password: PASSWORD });
    await sut.http().post('/api/auth/reset-password').send({ token: resetToken, password: 'a new reset passphrase' }).expect(200);
    await signIn(sut, { email: forgetful.email, password: 'a new reset passphrase' });
    await sut.http().post('/api/auth/reset-password').send({ token: inviteToken, password: 'an invited passphrase' }).expect(200);
    const invitee = await signIn(sut, { email: 'rest-invitee@example.com.au', password: 'an invited passphrase' });
    await sut.http().get('/api/admin/users').set(invitee.auth).expect(200);
  });

  it('a message sent twice (a crash between delivery and record) carries a link that works in either copy, until one is used', async () => {
    const user = await createUser(sut.dataSource, { email: 'rest-repeat@example.com.au' });
    await sut.http().post('/api/auth/forgot-password').send({ email: user.email }).expect(202);
    const first = await linkTokenFromMail(smtp, user.email, '/reset-password');
    const [message] = await sut.dataSource.query(`SELECT id FROM notifications WHERE to_address = $1 AND template_key = 'reset_password'`, [user.email]);
    await waitUntil(
      'the first copy is recorded',
      async () => (await sut.dataSource.query(`SELECT status FROM notifications WHERE id = $1`, [message.id]))[0].status === 'sent',
    );
    // As if the server died before recording the delivery: the message is due again, with its Message-ID.
    await sut.dataSource.query(`UPDATE notifications SET status = 'queued', attempts = 0, sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [message.id]);
    const second = await linkTokenFromMail(smtp, user.email, '/reset-password', 2);
    const copies = smtp.received.filter((mail) => mail.to.includes(user.email));
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(copies[1]!.messageId);
    expect(second).not.toBe(first);
    await expectNoWorkingTokenAtRest([first, second]);
    // Either link works (a mail program may show only one copy); using one retires the other.
    await sut.http().post('/api/auth/reset-password').send({ token: first, password: 'the repeat passphrase' }).expect(200);
    await sut.http().post('/api/auth/reset-password').send({ token: second, password: 'another repeat passphrase' }).expect(400);
  });

  it('delivers a reset link to the address of the account, whatever case it was typed in', async () => {
    const user = await createUser(sut.dataSource, { email: 'rest-case@example.com.au' });
    await sut.http().post('/api/auth/forgot-password').send({ email: 'REST-Case@Example.com.au' }).expect(202);
    const token = await linkTokenFromMail(smtp, user.email, '/reset-password');
    const mail = smtp.received.filter((received) => received.text.includes(token));
    expect(mail.map((received) => received.to)).toEqual([[user.email]]);
    const stored = async () => sut.dataSource.query(`SELECT to_address FROM notifications WHERE lower(to_address) = $1 AND status = 'sent'`, [user.email]);
    await waitUntil('the delivery is recorded', async () => (await stored()).length === 1);
    expect((await stored())[0].to_address).toBe(user.email);
  });
});

describe('no live secret at rest in preview mode (no SMTP_URL)', () => {
  let sut: TestApp;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'secrets-preview-'));
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });

  afterAll(async () => {
    await sut.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores previews whose links are hidden, and makes no token at all', async () => {
    const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'preview-admin@example.com.au', role: 'admin' }));
    const forgetful = await createUser(sut.dataSource, { email: 'preview-forgetful@example.com.au' });
    await sut
      .http()
      .post('/api/auth/register')
      .send({ email: 'preview-new@example.com.au', password: PASSWORD, fullName: 'Pat Preview', businessName: 'Preview Co', phone: '0400 300 400' })
      .expect(201);
    await sut.http().post('/api/auth/forgot-password').send({ email: forgetful.email }).expect(202);
    await sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'preview-invitee@example.com.au', role: 'plumber' }).expect(202);

    const messages: Array<{ id: string; status: string; text: string; html: string }> = await sut.dataSource.query(
      `SELECT id, status, text_body AS text, html_body AS html FROM notifications WHERE template_key = ANY($1)`,
      [ACCOUNT_TEMPLATES],
    );
    expect(messages.map((message) => message.status)).toEqual(['preview', 'preview', 'preview']);
    for (const message of messages) {
      const shown = await sut.http().get(`/api/admin/notifications/${message.id}`).set(admin.auth).expect(200);
      for (const body of [message.text, message.html, shown.body.text, shown.body.html]) {
        expect(storedLinkValues(body)).not.toEqual([]);
        for (const value of storedLinkValues(body)) expect(value).toBe('[link hidden]');
      }
    }
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM account_tokens`);
    expect(count).toBe(0);
    const atRest = await everythingAtRest(sut, folder);
    const live = await liveHashes(sut.dataSource);
    expect(workingTokensIn(atRest.tables, live)).toEqual([]);
    expect(workingTokensIn(atRest.backup, live)).toEqual([]);
  });
});

describe('no live secret at rest after upgrading: messages stored by earlier versions', () => {
  it('have their links hidden by the migration, and those not yet sent are cancelled rather than sent with a dead link', async () => {
    const sut = await startTestApp();
    try {
      const migration = new AccountLinksMintedAtDelivery1764510000000();
      const runner = sut.dataSource.createQueryRunner();
      try {
        await migration.down(runner);
        const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
        for (const [key, status] of [
          ['reset_password', 'sent'],
          ['verify_email', 'queued'],
          ['user_invite', 'failed'],
        ] as const) {
          await runner.query(
            `INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id)
             VALUES ($1, 'old@example.com.au', 'Old', $2, $3, $4, $5, $1)`,
            [
              `old-${key}`,
              `Here: http://localhost:3000/reset-password?token=${token}&invite=1`,
              `<a href="http://localhost:3000/x?token&#x3D;${token}">x</a>`,
              key,
              status,
            ],
          );
        }
        await migration.up(runner);
        const rows: Array<{ status: string; text: string; html: string }> = await runner.query(
          `SELECT status, text_body AS text, html_body AS html FROM notifications WHERE to_address = 'old@example.com.au' ORDER BY template_key`,
        );
        expect(rows.map((row) => row.status)).toEqual(['sent', 'cancelled', 'cancelled']);
        for (const row of rows) {
          expect(row.text).toBe('Here: http://localhost:3000/reset-password?token=[link hidden]&invite=1');
          expect(row.html).toBe('<a href="http://localhost:3000/x?token&#x3D;[link hidden]">x</a>');
        }
      } finally {
        await runner.release();
      }
    } finally {
      await sut.close();
    }
  });
});
