import { normaliseReferralCode, REFERRAL_CODE_PATTERN, REFERRAL_COOKIE, REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';

/**
 * The plumber's referral code a visitor arrived with (`?ref=CODE`). The server remembers it in the
 * first-party cookie REFERRAL_COOKIE when the page is served; the site does the same when the address
 * changes in the browser, so a link followed without a page load is remembered as well. Only a
 * well-formed code is remembered or offered: anything else in the address or the cookie is ignored.
 */

const MAX_AGE_SECONDS = REFERRAL_WINDOW_DAYS * 24 * 60 * 60;

/** A well-formed code in the form the server looks it up (capitals, no spaces or dashes); '' otherwise. */
function wellFormed(value: unknown): string {
  const code = normaliseReferralCode(value);
  return REFERRAL_CODE_PATTERN.test(code) ? code : '';
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/** The code a Cookie header (`document.cookie`) remembers; '' when none. */
export function referralCodeFromCookies(cookies: string): string {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.split('=');
    if (name?.trim() === REFERRAL_COOKIE) return wellFormed(decoded(value.join('=').trim()));
  }
  return '';
}

/** The code a query string (`?ref=CODE`) carries; '' when none. */
export function referralCodeFromSearch(search: string): string {
  return wellFormed(new URLSearchParams(search).get('ref'));
}

/** The cookie remembering `code`, as the server sets it: whole site, REFERRAL_WINDOW_DAYS, sent on a link from elsewhere (Lax). */
export function referralCookie(code: string, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** In the browser: remembers the code of the current address, if it has one. */
export function rememberReferralFromAddress(): void {
  const code = referralCodeFromSearch(window.location.search);
  if (code && referralCodeFromCookies(document.cookie) !== code) document.cookie = referralCookie(code, window.location.protocol === 'https:');
}

/**
 * In the browser: the code to offer in the booking form. The address's own comes first (it is the
 * newest, and may not be in the cookie yet when the form reads it), then the remembered one.
 */
export function rememberedReferralCode(): string {
  return referralCodeFromSearch(window.location.search) || referralCodeFromCookies(document.cookie);
}
