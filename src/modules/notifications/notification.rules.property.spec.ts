import addressparser from 'nodemailer/lib/addressparser';
import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { NotificationStatus } from '@relining/contracts/notification-status';
import { afterFailedAttempt, isDeliverableAddress, MAX_RETRY_DELAY_MS, messageIdDomain } from './notification.rules.js';

/** The ranges the configuration accepts (MAIL_MAX_ATTEMPTS 1–50, MAIL_RETRY_BASE_MS 10 ms–1 h). */
const policy = fc.record({ maxAttempts: fc.integer({ min: 1, max: 50 }), retryBaseMs: fc.integer({ min: 10, max: 3_600_000 }) });
const attempts = fc.integer({ min: 0, max: 10_000 });

describe('notification rules (properties)', () => {
  it('after a failed try: dead exactly when the tries are used up, otherwise a retry within 6 hours', () => {
    check(
      fc.property(attempts, policy, (tries, retry) => {
        const outcome = afterFailedAttempt(tries, retry);
        if (tries >= retry.maxAttempts) {
          expect(outcome).toEqual({ status: NotificationStatus.Dead, retryInMs: 0 });
        } else {
          expect(outcome.status).toBe(NotificationStatus.Failed);
          expect(Number.isFinite(outcome.retryInMs)).toBe(true);
          expect(outcome.retryInMs).toBeGreaterThanOrEqual(Math.min(retry.retryBaseMs, MAX_RETRY_DELAY_MS));
          expect(outcome.retryInMs).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
        }
      }),
      250,
    );
  });

  it('the wait never shrinks from one try to the next, and doubles until it reaches the cap', () => {
    check(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 10, max: 3_600_000 }), (tries, retryBaseMs) => {
        const unlimited = { maxAttempts: 1_000, retryBaseMs };
        const now = afterFailedAttempt(tries, unlimited).retryInMs;
        const next = afterFailedAttempt(tries + 1, unlimited).retryInMs;
        expect(next).toBeGreaterThanOrEqual(now);
        expect(next).toBe(Math.min(now * 2, MAX_RETRY_DELAY_MS));
      }),
      250,
    );
  });

  it('a Message-ID domain is always a bare host name, whatever the sender setting holds (no header can be smuggled in)', () => {
    check(
      fc.property(
        fc.oneof(
          nastyString(60),
          fc.tuple(nastyString(10), nastyString(20)).map(([name, domain]) => `${name} <x@${domain}>`),
        ),
        (mailFrom) => {
          expect(messageIdDomain(mailFrom)).toMatch(/^[a-z0-9.-]+$/);
        },
      ),
      250,
    );
    check(
      fc.property(
        fc.domain(),
        fc.string({ maxLength: 20 }).filter((name) => !/[<>]/.test(name)),
        (domain, name) => {
          expect(messageIdDomain(`${name} <no-reply@${domain}>`)).toBe(domain.toLowerCase());
          expect(messageIdDomain(`no-reply@${domain}`)).toBe(domain.toLowerCase());
        },
      ),
    );
  });

  it('a deliverable address is exactly one mailbox to the mail library: no list, no display name, no line break', () => {
    check(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          nastyString(60),
          fc.tuple(fc.emailAddress(), fc.constantFrom(',', ';', '\r\n', ' ', '<', '>', '"', '(c)'), fc.emailAddress()).map((parts) => parts.join('')),
        ),
        (address) => {
          if (!isDeliverableAddress(address)) return;
          expect(address).not.toMatch(/[\r\n\s,;<>"]/);
          const parsed = addressparser(address, { flatten: true });
          expect(parsed).toHaveLength(1);
          expect(parsed[0]!.address).toBe(address);
          expect(parsed[0]!.name).toBe('');
        },
      ),
      300,
    );
  });

  it('ordinary addresses (letters, digits, dots, plus, hyphen) are deliverable', () => {
    check(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}$/), fc.domain(), (local, domain) => {
        fc.pre(`${local}@${domain}`.length <= 254 && domain.includes('.'));
        expect(isDeliverableAddress(`${local}@${domain}`)).toBe(true);
      }),
    );
  });
});
