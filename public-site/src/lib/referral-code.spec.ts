import { describe, expect, it } from '@jest/globals';
import { REFERRAL_COOKIE, REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import { referralCodeFromCookies, referralCodeFromSearch, referralCookie } from './referral-code';

describe('the referral code a visitor arrived with', () => {
  it.each([
    ['?ref=ABC123', 'ABC123'],
    ['?ref=abc-123', 'ABC123'],
    ['?utm_source=x&ref=%20ab%20c123%20', 'ABC123'],
    ['?ref=', ''],
    ['?ref=AB', ''], // too short to be a code
    ['?ref=ABC123%3Cscript%3E', ''],
    ['?reference=ABC123', ''],
    ['', ''],
  ])('from the address %j: %j', (search, code) => {
    expect(referralCodeFromSearch(search)).toBe(code);
  });

  it.each([
    [`${REFERRAL_COOKIE}=ABC123`, 'ABC123'],
    [`session_marker=1; ${REFERRAL_COOKIE}=abc123; other=x`, 'ABC123'],
    [`x${REFERRAL_COOKIE}=ABC123`, ''],
    [`${REFERRAL_COOKIE}=%E0%A4%A`, ''], // not decodable
    [`${REFERRAL_COOKIE}=ABC 123 = x`, ''],
    ['', ''],
  ])('from the cookies %j: %j', (cookies, code) => {
    expect(referralCodeFromCookies(cookies)).toBe(code);
  });

  it('is remembered as the server remembers it: the whole site, the referral window, Lax; Secure over HTTPS', () => {
    const maxAge = REFERRAL_WINDOW_DAYS * 24 * 60 * 60;
    expect(referralCookie('ABC123', false)).toBe(`${REFERRAL_COOKIE}=ABC123; Path=/; Max-Age=${maxAge}; SameSite=Lax`);
    expect(referralCookie('ABC123', true)).toBe(`${REFERRAL_COOKIE}=ABC123; Path=/; Max-Age=${maxAge}; SameSite=Lax; Secure`);
    // What it writes, it reads back.
    expect(referralCodeFromCookies(referralCookie('ABC123', true))).toBe('ABC123');
  });
});
