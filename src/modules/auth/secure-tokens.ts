import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens and one-time links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as hashes: a copy of the database cannot sign anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
