import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { hashToken, newOpaqueToken } from './secure-tokens.js';
import { accessTokenStillValid, decideRefresh, firstName, type StoredRefreshToken } from './auth.rules.js';

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true });
const version = fc.integer({ min: 0, max: 5 });
const storedToken: fc.Arbitrary<StoredRefreshToken> = fc.record({
  usedAt: fc.option(instant, { nil: null }),
  revokedAt: fc.option(instant, { nil: null }),
  expiresAt: instant,
  tokenVersion: version,
});

describe('auth rules (properties)', () => {
  it('a refresh token rotates only when unused, not revoked, unexpired, of the current version and the user is enabled', () => {
    check(
      fc.property(storedToken, version, fc.boolean(), instant, (token, userVersion, disabled, now) => {
        const decision = decideRefresh(token, userVersion, disabled, now);
        const valid = !token.usedAt && !token.revokedAt && token.expiresAt > now && token.tokenVersion === userVersion && !disabled;
        expect(decision === 'rotate').toBe(valid);
        // A used token presented again is always treated as theft, whatever else is true.
        expect(decision === 'reuse').toBe(token.usedAt !== null);
      }),
      250,
    );
  });

  it('time only takes validity away: a token refused now is refused later too', () => {
    check(
      fc.property(storedToken, version, fc.boolean(), instant, fc.integer({ min: 0, max: 10 ** 10 }), (token, userVersion, disabled, now, later) => {
        const before = decideRefresh(token, userVersion, disabled, now);
        const after = decideRefresh(token, userVersion, disabled, new Date(now.getTime() + later));
        if (before !== 'rotate') expect(after).toBe(before);
      }),
      250,
    );
  });

  it('an access token speaks for its user only while it is an access token of the same version and role, of a sign-in still on, for an enabled user', () => {
    const claims = fc.record({
      sub: fc.uuid(),
      role: fc.constantFrom('admin', 'plumber', 'Admin', ''),
      ver: version,
      typ: fc.constantFrom('access', 'refresh', 'Access', ''),
      sid: fc.oneof(fc.uuid(), nastyString(40)),
    });
    const state = fc.record({
      exists: fc.boolean(),
      disabled: fc.boolean(),
      tokenVersion: version,
      role: fc.constantFrom('admin', 'plumber'),
      signInLive: fc.boolean(),
    });
    check(
      fc.property(claims, state, (claim, session) => {
        const namesSignIn = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claim.sid);
        expect(accessTokenStillValid(claim, session)).toBe(
          claim.typ === 'access' &&
            namesSignIn &&
            session.signInLive &&
            session.exists &&
            !session.disabled &&
            claim.ver === session.tokenVersion &&
            claim.role === session.role,
        );
      }),
      250,
    );
  });

  it('the greeting name is one word from the full name, or "there"', () => {
    check(
      fc.property(fc.oneof(nastyString(40), fc.constantFrom(null, undefined)), (fullName) => {
        const name = firstName(fullName);
        expect(name.length).toBeGreaterThan(0);
        expect(name).not.toMatch(/\s/);
        if (name !== 'there') expect(fullName!.trim().startsWith(name)).toBe(true);
        else expect(fullName?.trim() === '' || fullName == null || fullName.trim().startsWith('there')).toBe(true);
      }),
      250,
    );
  });

  it('opaque tokens are 256-bit URL-safe strings, never repeated; their stored hashes differ as the tokens do', () => {
    const tokens = Array.from({ length: 5_000 }, () => newOpaqueToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens.slice(0, 100)) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    check(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (a, b) => {
        expect(hashToken(a) === hashToken(b)).toBe(a === b);
        expect(hashToken(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });
});
