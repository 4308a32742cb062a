import { afterFailedAttempt, isDeliverableAddress, isPeerUnreachable, MAX_RETRY_DELAY_MS, messageIdDomain } from './notification.rules.js';

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

describe('isPeerUnreachable', () => {
  it.each([
    [{ code: 'ESOCKET' }, true], // connection refused, reset
    [{ code: 'ECONNECTION' }, true], // closed unexpectedly
    [{ code: 'ETIMEDOUT' }, true],
    [{ code: 'EDNS' }, true],
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: 'EENVELOPE', responseCode: 550 }, false], // the peer refused this recipient
    [{ code: 'EMESSAGE', responseCode: 451 }, false], // the peer answered: try this message later
    [{ code: 'ESOCKET', responseCode: 421 }, false], // it answered, with a code
    [{ code: 'EENVELOPE' }, false], // refused before sending (no recipient)
    [{ code: 'EAUTH', responseCode: 535 }, false],
    [{}, false],
  ])('%j → %s', (error, unreachable) => {
    expect(isPeerUnreachable(error)).toBe(unreachable);
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
