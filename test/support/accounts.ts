import type { DataSource } from 'typeorm';
import { ACCOUNT_TOKEN_LIFETIME_MS } from '../../src/modules/auth/auth.rules.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { hashToken, newOpaqueToken } from '../../src/modules/auth/secure-tokens.js';
import type { SmtpSink } from './smtp-sink.js';
import type { TestApp } from './test-app.js';

export const PASSWORD = 'correct horse battery staple';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A user straight in the database (verified unless told otherwise), for tests that need one. */
export async function createUser(
  dataSource: DataSource,
  options: { email: string; role?: 'admin' | 'plumber' | null; verified?: boolean; password?: string; fullName?: string },
): Promise<TestUser> {
  const password = options.password ?? PASSWORD;
  const [user] = await dataSource.query(
    `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, CASE WHEN $3 THEN now() END) RETURNING id`,
    [options.email, await hashPassword(password), options.verified ?? true],
  );
  await dataSource.query(`INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, $2, 'Test Plumbing', '0400 000 000')`, [
    user.id,
    options.fullName ?? 'Test Person',
  ]);
  if (options.role !== null) await dataSource.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, [user.id, options.role ?? 'plumber']);
  return { id: user.id, email: options.email, password };
}

export interface SignedIn {
  accessToken: string;
  /** The `Cookie` header value carrying the refresh token. */
  cookie: string;
  auth: { Authorization: string };
}

export function refreshCookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const refresh = cookies.find((cookie) => cookie.startsWith('relining_refresh='));
  if (!refresh) throw new Error('no refresh cookie was set');
  return refresh.split(';')[0]!;
}

export async function signIn(app: TestApp, user: { email: string; password: string }): Promise<SignedIn> {
  const response = await app.http().post('/api/auth/login').send({ email: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    accessToken: response.body.accessToken,
    cookie: refreshCookieFrom(response.headers['set-cookie']),
    auth: { Authorization: `Bearer ${response.body.accessToken}` },
  };
}

/**
 * A working token for the link of the last e-mail with this template queued to `to`, for tests without
 * an SMTP peer. The outbox never holds one (its links read `[link hidden]`; the worker makes the token
 * when it delivers): this makes one for that e-mail's link request as the worker's minter would (only
 * while the request stands, for the account of its address, hashed, with the purpose's lifetime).
 */
export async function linkTokenFromOutbox(dataSource: DataSource, to: string, template: string): Promise<string> {
  const [row] = await dataSource.query(
    `SELECT r.id, r.purpose, u.id AS user_id
     FROM notifications n
     JOIN account_link_requests r ON r.id::text = n.link_ref AND r.retired_at IS NULL
     JOIN users u ON lower(u.email) = lower(r.email)
     WHERE lower(n.to_address) = lower($1) AND n.template_key = $2 AND n.link_minter = 'account-link'
     ORDER BY n.created_at DESC LIMIT 1`,
    [to, template],
  );
  if (!row) throw new Error(`no ${template} e-mail with a link for ${to}`);
  const token = newOpaqueToken();
  await dataSource.query(
    `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, request_id) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)`,
    [row.user_id, row.purpose, hashToken(token), ACCOUNT_TOKEN_LIFETIME_MS[row.purpose as keyof typeof ACCOUNT_TOKEN_LIFETIME_MS], row.id],
  );
  return token;
}

/** The token of the account link (`/verify-email`, `/reset-password`) in the last e-mail the SMTP peer received for `to`. */
export async function linkTokenFromMail(smtp: SmtpSink, to: string, path: '/verify-email' | '/reset-password', count = 1): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) && mail.text.includes(`${path}?token=`));
    if (mails.length >= count) {
      const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mails[mails.length - 1]!.text);
      if (!match) throw new Error(`the ${path} e-mail to ${to} holds no token`);
      return match[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} e-mail reached ${to}`);
    await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
}
