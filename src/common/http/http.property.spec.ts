import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { anyValue, check, nastyString } from '../../../test/support/property.js';
import { DomainError } from '../errors/domain-error.js';
import { codeForStatus, messageForStatus } from '../errors/error-response.js';
import { toErrorResponse } from '../errors/all-exceptions.filter.js';
import { NUL_MESSAGE } from '../errors/unstorable-text.js';
import { correlationIdFor } from '../logging/correlation-id.js';
import { tooManyRequestsMessage } from '../rate-limit/rate-limit.guard.js';
import { refererPath, safeRedirect } from './form-body.js';

const SITE = 'https://www.example.com.au';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Where a browser goes when it follows `path` on this site: the same origin, or not. */
const staysOnSite = (path: string) => {
  try {
    return new URL(path, `${SITE}/form`).origin === SITE;
  } catch {
    return false; // "//" alone: a link to no site at all
  }
};

/** Redirect targets an attacker would try: other sites, protocol-relative, backslashes, schemes, encoded tricks. */
const redirectTarget = fc.oneof(
  nastyString(30),
  fc.webUrl(),
  fc.webPath(),
  fc
    .tuple(
      fc.constantFrom('/', '//', '/\\', '\\\\', '/%2F', '/%5C', '/\t/', '/ /', 'https:', 'javascript:', '/./', '/..//', '///'),
      fc.oneof(fc.domain(), nastyString(10)),
    )
    .map(([start, rest]) => start + rest),
);

function request(headers: Record<string, string | undefined>): FastifyRequest {
  return { headers } as unknown as FastifyRequest;
}

describe('HTTP helpers (properties)', () => {
  it("a correlation id is the caller's only when it is short and plain, otherwise a fresh UUID: never anything that could break a log line", () => {
    check(
      fc.property(fc.oneof(nastyString(120), fc.stringMatching(/^[A-Za-z0-9._:-]{1,100}$/), fc.constantFrom(undefined, ['a', 'b'])), (incoming) => {
        const id = correlationIdFor(incoming as string | string[] | undefined);
        expect(id).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
        if (typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(incoming)) expect(id).toBe(incoming);
        else expect(id).toMatch(UUID);
      }),
      200,
    );
  });

  it("a form's redirect target is followed only when it stays on this site; anything else goes to the fallback", () => {
    check(
      fc.property(fc.oneof(redirectTarget, anyValue), (target) => {
        const where = safeRedirect(target, '/thank-you');
        expect(staysOnSite(where)).toBe(true);
        expect(where === target || where === '/thank-you').toBe(true);
        expect(where).not.toMatch(/[\s\\]/);
      }),
      250,
    );
  });

  it('"back to the form" links go only to a page of this site, whatever the Referer says', () => {
    check(
      fc.property(
        fc.oneof(
          fc
            .tuple(fc.constantFrom(SITE, 'http://localhost:3000', 'https://evil.example'), redirectTarget)
            .map(([origin, path]) => `${origin}${path.startsWith('/') ? '' : '/'}${path}`),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          nastyString(40),
        ),
        (referer) => {
          const path = refererPath(request({ referer, host: 'localhost:3000' }), SITE);
          expect(path.startsWith('/')).toBe(true);
          expect(staysOnSite(path)).toBe(true);
        },
      ),
      250,
    );
  });

  it('every failure becomes the one error format, 400–599, with no internals in a 5xx', () => {
    const thrown = fc.oneof(
      anyValue,
      fc.record({
        statusCode: fc.oneof(fc.integer({ min: -1, max: 700 }), fc.double(), fc.constantFrom('404', null, 404.5, 499.99)),
        message: nastyString(),
        code: fc.oneof(nastyString(8), fc.constantFrom('FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_BODY_TOO_LARGE')),
      }),
      fc.tuple(fc.integer({ min: 400, max: 599 }), nastyString()).map(([status, message]) => new HttpException(message, status)),
      fc.constantFrom(
        new BadRequestException(['a', 'b']),
        new NotFoundException(),
        new PayloadTooLargeException(),
        new SyntaxError('Unexpected token'),
        new TypeError('secret internals at /srv/app.js:1'),
        new Error('password=hunter2'),
      ),
      fc
        .tuple(fc.constantFrom('VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'), nastyString(), fc.integer({ min: 400, max: 499 }))
        .map(([code, message, status]) => new DomainError(code, message, status, [{ field: 'x', message }])),
    );
    check(
      fc.property(thrown, fc.uuid(), (exception, correlationId) => {
        const body = toErrorResponse(exception, correlationId);
        expect(Number.isInteger(body.statusCode)).toBe(true);
        expect(body.statusCode).toBeGreaterThanOrEqual(400);
        expect(body.statusCode).toBeLessThanOrEqual(599);
        expect(typeof body.code).toBe('string');
        expect(body.code.length).toBeGreaterThan(0);
        expect(typeof body.message).toBe('string');
        expect(body.correlationId).toBe(correlationId);
        expect(Object.keys(body).every((key) => ['statusCode', 'code', 'message', 'errors', 'correlationId'].includes(key))).toBe(true);
        if (body.errors !== undefined) expect(body.errors.every((item) => typeof item.field === 'string' && typeof item.message === 'string')).toBe(true);
        if (body.statusCode >= 500) {
          expect(body).toEqual({
            statusCode: body.statusCode,
            code: codeForStatus(body.statusCode),
            message: messageForStatus(body.statusCode),
            correlationId,
          });
        }
      }),
      200,
    );
  });

  it("text PostgreSQL cannot store (a NUL character) is the request's fault: 400, whatever wraps the driver error", () => {
    check(
      fc.property(fc.constantFrom('22021', '22P05'), fc.nat(2), fc.uuid(), (code, wrapping, correlationId) => {
        const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
        const thrown =
          wrapping === 0
            ? driverError
            : wrapping === 1
              ? Object.assign(new Error('QueryFailedError'), { driverError })
              : new Error('failed', { cause: driverError });
        expect(toErrorResponse(thrown, correlationId)).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: NUL_MESSAGE, correlationId });
      }),
      30,
    );
  });

  it('codes and messages exist for every status', () => {
    check(
      fc.property(fc.integer({ min: 400, max: 599 }), (status) => {
        expect(codeForStatus(status)).toMatch(/^[A-Z_]+$/);
        expect(messageForStatus(status).length).toBeGreaterThan(0);
      }),
    );
  });

  it('"too many requests" names a wait that is never shorter than the real one', () => {
    check(
      fc.property(fc.integer({ min: 1, max: 30 * 86_400 }), (seconds) => {
        const message = tooManyRequestsMessage(seconds);
        const minutes = /in (\d+) minutes/.exec(message)?.[1];
        const hours = /in (\d+) hours/.exec(message)?.[1];
        if (seconds <= 60) expect(message).toBe('Too many requests. Please wait a minute and try again.');
        else if (minutes) expect(Number(minutes) * 60).toBeGreaterThanOrEqual(seconds);
        else expect(Number(hours) * 3_600).toBeGreaterThanOrEqual(seconds);
      }),
    );
  });
});
