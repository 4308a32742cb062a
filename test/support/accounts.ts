import type { DataSource } from 'typeorm';
import { hashPassword } from '../../src/modules/auth/passwords.js';
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

/** The token in a link of the last e-mail with this template sent to `to` (read from the outbox). */
export async function linkTokenFromOutbox(dataSource: DataSource, to: string, template: string): Promise<string> {
  const [row] = await dataSource.query(
    `SELECT text_body FROM notifications WHERE lower(to_address) = lower($1) AND template_key = $2 ORDER BY created_at DESC LIMIT 1`,
    [to, template],
  );
  const match = /token=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? '');
  if (!match) throw new Error(`no ${template} e-mail with a link for ${to}`);
  return match[1]!;
}
