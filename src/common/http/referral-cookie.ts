import type { FastifyInstance } from 'fastify';
import { normaliseReferralCode, REFERRAL_CODE_PATTERN, REFERRAL_COOKIE, REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';

/**
 * A visitor who arrives through a plumber's referral link (`/?ref=CODE`, any page) has the code
 * remembered for 90 days in a first-party cookie (disclosed on the privacy page), so a booking made
 * later is credited to that plumber. Readable by the page (not HttpOnly): the booking form shows the
 * code in its 'Referral code' field, where the visitor can see it and remove it. A malformed code is ignored.
 */
export function registerReferralCookie(fastify: FastifyInstance, secure: boolean): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && request.url.includes('ref=') && !request.url.startsWith('/api/')) {
      const code = normaliseReferralCode(new URL(request.url, 'http://site').searchParams.get('ref') ?? '');
      if (REFERRAL_CODE_PATTERN.test(code)) {
        void reply.setCookie(REFERRAL_COOKIE, code, { path: '/', maxAge: REFERRAL_WINDOW_DAYS * 86_400, sameSite: 'lax', secure, httpOnly: false });
      }
    }
    done();
  });
}
