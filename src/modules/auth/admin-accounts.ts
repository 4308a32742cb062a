import type { EntityManager } from 'typeorm';
import { isValidEmail, passwordProblem, ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import { Role } from '@relining/contracts/roles';
import { insertAccount, lockAccountByEmail, restoreAccountAccess, upsertRole } from '../users/users.repository.js';
import { insertAccountToken, PASSWORD_LINK_PURPOSES, retireAccountLinks } from './auth.repository.js';
import { ACCOUNT_TOKEN_LIFETIME_MS } from './auth.rules.js';
import { hashPassword } from './passwords.js';
import { hashToken, newOpaqueToken } from './secure-tokens.js';

export interface AdminAccountResult {
  userId: string;
  created: boolean;
  /** Without a password: a one-time link to set one (24 hours). */
  setPasswordToken?: string;
}

/**
 * Creates an admin account (or makes an existing account admin), outside the HTTP API: used by
 * `npm run admin:create` for the first admin and by the demo data. Verified at once: whoever runs
 * this controls the server. Any change of role ends the user's sessions.
 */
export async function createOrPromoteAdmin(manager: EntityManager, email: string, password?: string): Promise<AdminAccountResult> {
  const address = email.trim();
  if (!isValidEmail(address)) throw new Error(ACCOUNT_MESSAGES.invalidEmail);
  if (password !== undefined) {
    const problem = passwordProblem(password);
    if (problem) throw new Error(problem);
  }
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const existing = await lockAccountByEmail(manager, address);
  let userId: string;
  if (existing) {
    userId = existing;
    await restoreAccountAccess(manager, userId, passwordHash);
  } else {
    userId = await insertAccount(manager, { email: address, passwordHash, verified: true });
  }
  await upsertRole(manager, userId, Role.Admin);
  if (passwordHash) {
    // The password is set: every outstanding reset and invitation link of the account stops working.
    await retireAccountLinks(manager, { userId, email: address }, PASSWORD_LINK_PURPOSES);
    return { userId, created: !existing };
  }
  const token = newOpaqueToken();
  await insertAccountToken(manager, userId, 'invite', hashToken(token), ACCOUNT_TOKEN_LIFETIME_MS.verify_email);
  return { userId, created: !existing, setPasswordToken: token };
}

/**
 * What `npm run admin:create` prints: the links use the public address of this run (PUBLIC_BASE_URL,
 * by default http://localhost:PORT), never one fixed at build time.
 */
export function adminCreatedMessage(publicBaseUrl: string, email: string, result: AdminAccountResult): string {
  const origin = publicBaseUrl.replace(/\/+$/, '');
  const verb = result.created ? 'Created admin account' : 'Made admin';
  const next = result.setPasswordToken
    ? `Set the password within 24 hours (the link works once):\n${origin}/reset-password?token=${result.setPasswordToken}&invite=1\n`
    : `Log in at ${origin}/admin\n`;
  return `${verb}: ${email.trim()}\n${next}`;
}
