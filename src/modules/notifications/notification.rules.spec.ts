import { afterFailedAttempt, isDeliverableAddress, MAX_RETRY_DELAY_MS, messageIdDomain } from './notification.rules.js';

describe('afterFailedAttempt', () => {
  const policy = { maxAttempts: 5, retryBaseMs: 1_000 };

  it.each([
    [1, 'failed', 1_000],
    [2, 'failed', 2_000],
    [3, 'failed', 4_000],
    [4, 'failed', 8_000],
    [5, 'dead', 0],
    [6, 'dead', 0],
  ])('after try %i the message is %s, retried in %i ms', (attempts, status, retryInMs) => {
    expect(afterFailedAttempt(attempts, policy)).toEqual({ status, retryInMs });
  });

  it('never waits longer than the cap', () => {
    expect(afterFailedAttempt(40, { maxAttempts: 50, retryBaseMs: 60_000 }).retryInMs).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('messageIdDomain', () => {
  it.each([
    ['Pipe Relining <no-reply@example.com.au>', 'example.com.au'],
    ['bookings@Example.com', 'example.com'],
    ['broken', 'localhost'],
  ])('%s → %s', (from, domain) => {
    expect(messageIdDomain(from)).toBe(domain);
  });
});

describe('isDeliverableAddress', () => {
  it.each([
    ['jo@example.com.au', true],
    ['jo.smith+tag@mail.example.com', true],
    ['jo@example', false],
    ['jo@example.com\r\nBcc: x@y.com', false],
    ['a@b.com, c@d.com', false],
    ['Jo <jo@example.com>', false],
    ['', false],
    ["o'brien+drains@example.com.au", true],
    ['jo@example.com\u2028Bcc: x@y.com', false],
    ['jo\u0085@example.com', false],
    ['jo%0d%0aBcc:x@example.com', false],
    ['jo@example.com;x@y.com', false],
    ['"jo"@example.com', false],
  ])('%j → %s', (address, ok) => {
    expect(isDeliverableAddress(address)).toBe(ok);
  });
});
