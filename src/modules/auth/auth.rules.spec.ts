import { accessTokenStillValid, decideRefresh, firstName, LOGIN_SLOWDOWN_MAX_MS, loginSlowdownMs } from './auth.rules.js';

const now = new Date('2026-11-21T00:00:00Z');
const later = new Date('2026-12-01T00:00:00Z');
const earlier = new Date('2026-11-01T00:00:00Z');

describe('decideRefresh', () => {
  const fresh = { usedAt: null, revokedAt: null, expiresAt: later, tokenVersion: 3 };

  it.each([
    ['a fresh token', fresh, 3, false, 'rotate'],
    ['a token used before (replay)', { ...fresh, usedAt: earlier }, 3, false, 'reuse'],
    ['a used and revoked token (replay after revocation)', { ...fresh, usedAt: earlier, revokedAt: earlier }, 3, false, 'reuse'],
    ['a revoked token', { ...fresh, revokedAt: earlier }, 3, false, 'reject'],
    ['an expired token', { ...fresh, expiresAt: earlier }, 3, false, 'reject'],
    ['a token from before the sessions were ended', fresh, 4, false, 'reject'],
    ['a token of a disabled user', fresh, 3, true, 'reject'],
  ] as const)('%s → %s', (_name, token, version, disabled, decision) => {
    expect(decideRefresh(token, version, disabled, now)).toBe(decision);
  });
});

describe('accessTokenStillValid', () => {
  const claims = { sub: 'u1', role: 'admin', ver: 2, typ: 'access', sid: '6f1c2d1e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' };
  const state = { exists: true, disabled: false, tokenVersion: 2, role: 'admin', signInLive: true };

  it.each([
    ['a current token', claims, state, true],
    ['a deleted user', claims, { ...state, exists: false }, false],
    ['a disabled user', claims, { ...state, disabled: true }, false],
    ['sessions ended since', claims, { ...state, tokenVersion: 3 }, false],
    ['a changed role', claims, { ...state, role: 'plumber' }, false],
    ['a token of another type', { ...claims, typ: 'refresh' }, state, false],
    ['its sign-in ended (logout, a replayed refresh token)', claims, { ...state, signInLive: false }, false],
    ['no sign-in named', { ...claims, sid: undefined as unknown as string }, state, false],
  ])('%s → %s', (_name, c, s, valid) => {
    expect(accessTokenStillValid(c, s)).toBe(valid);
  });
});

describe('firstName', () => {
  it.each([
    ['Sam Smith', 'Sam'],
    ['  Jo  ', 'Jo'],
    ['', 'there'],
    [null, 'there'],
  ])('%j → %s', (fullName, expected) => {
    expect(firstName(fullName)).toBe(expected);
  });
});

describe('loginSlowdownMs: a per-account slowdown, never a refusal', () => {
  it.each([
    [0, 0],
    [1, 0],
    [10, 0],
    [11, 250],
    [12, 500],
    [13, 1_000],
    [14, 2_000],
    [15, 2_000],
    [50, 2_000],
    [1_000_000, 2_000],
  ])('after %i recent failed sign-ins on the account, every attempt waits %i ms', (failures, wait) => {
    expect(loginSlowdownMs(failures)).toBe(wait);
  });

  it('never waits longer than the cap', () => {
    expect(LOGIN_SLOWDOWN_MAX_MS).toBe(2_000);
    expect(loginSlowdownMs(Number.MAX_SAFE_INTEGER)).toBe(LOGIN_SLOWDOWN_MAX_MS);
  });
});
