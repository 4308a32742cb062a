/** Lifetimes and decisions of the account system, as pure functions (tested in auth.rules.spec.ts). */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
export const JWT_AUDIENCE = 'pipe-relining-api';
export const JWT_ISSUER = 'pipe-relining';

export type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'invite';

/** How long a one-time link in an e-mail stays valid (issue 3: 24 h verification, 1 h reset). */
export const ACCOUNT_TOKEN_LIFETIME_MS = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  invite: 72 * 3_600_000,
} as const satisfies Record<AccountTokenPurpose, number>;

export interface StoredRefreshToken {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
  tokenVersion: number;
}

export type RefreshDecision =
  /** Valid: issue a new token in the same family, retire this one. */
  | 'rotate'
  /** Already used once: someone replayed it, so the whole family is revoked. */
  | 'reuse'
  /** Revoked, expired, or issued before the user's sessions were ended. */
  | 'reject';

export function decideRefresh(token: StoredRefreshToken, userTokenVersion: number, userDisabled: boolean, now: Date): RefreshDecision {
  if (token.usedAt) return 'reuse';
  if (token.revokedAt || token.expiresAt <= now || token.tokenVersion !== userTokenVersion || userDisabled) return 'reject';
  return 'rotate';
}

export interface AccessClaims {
  sub: string;
  role: string;
  ver: number;
  typ: string;
  /** The sign-in the token belongs to: its refresh-token family. */
  sid: string;
}

export interface SessionState {
  exists: boolean;
  disabled: boolean;
  tokenVersion: number;
  role: string;
  /** The token's sign-in (refresh-token family) is still on: not logged out, not ended by a replayed refresh token. */
  signInLive: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a uuid (the ids of sign-ins and link requests); anything else is never looked up. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Whether a claim can name a sign-in at all (a refresh-token family id). */
export const isSignInId = isUuid;

/**
 * Whether an access token (already verified for signature, audience, issuer and expiry) still speaks
 * for its user: not disabled, sessions not ended since, role unchanged, and its own sign-in still on,
 * so signing out (or a replayed refresh token) ends it at once rather than after its 15 minutes.
 */
export function accessTokenStillValid(claims: AccessClaims, state: SessionState): boolean {
  return (
    claims.typ === 'access' &&
    isSignInId(claims.sid) &&
    state.signInLive &&
    state.exists &&
    !state.disabled &&
    claims.ver === state.tokenVersion &&
    claims.role === state.role
  );
}

export { firstName } from '@relining/contracts/person-name';

/** Failed sign-ins on one account are counted over this window (every address together). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** The longest any sign-in attempt waits, however many guesses an account has had. */
export const LOGIN_SLOWDOWN_MAX_MS = 2_000;
const LOGIN_FAILURES_FREE = 10;

/**
 * How long a sign-in attempt on an account waits before its password is checked, by the failed
 * attempts on that account in the last quarter hour from any address: nothing for the first ten (people
 * mistype), then 250 ms doubling to at most 2 s. A slowdown, never a refusal: wrong passwords from elsewhere can make
 * the owner wait a moment, never keep them out (refusals are per account and address, and per address).
 * Keyed by the address typed, known or not, so the wait says nothing about whether an account exists.
 */
export function loginSlowdownMs(recentFailures: number): number {
  if (!(recentFailures > LOGIN_FAILURES_FREE)) return 0;
  const doublings = Math.min(recentFailures - LOGIN_FAILURES_FREE - 1, 16);
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, 250 * 2 ** doublings);
}
