import {
  afterFailedAttempt,
  calendarMethodOf,
  isDeliverableAddress,
  isPeerUnreachable,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_RETRY_DELAY_MS,
  messageIdDomain,
  toStoredAttachments,
} from './notification.rules.js';

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

describe('toStoredAttachments', () => {
  it('keeps text as UTF-8 and a Buffer as it is, both in base64, the content type lower case', () => {
    expect(
      toStoredAttachments([
        { filename: ' visit.ics ', contentType: 'Text/Calendar', content: 'SUMMARY:Café' },
        { filename: 'a.bin', contentType: 'application/octet-stream', content: Buffer.from([0, 255]) },
      ]),
    ).toEqual([
      { filename: 'visit.ics', contentType: 'text/calendar', content: Buffer.from('SUMMARY:Café', 'utf8').toString('base64') },
      { filename: 'a.bin', contentType: 'application/octet-stream', content: 'AP8=' },
    ]);
  });

  it('stores nothing for no files', () => {
    expect(toStoredAttachments([])).toEqual([]);
  });

  it.each(['', '   ', '../etc/passwd', 'a\\b.ics', 'visit.ics\r\nBcc: x@y.com', '..', 'x'.repeat(201)])('refuses the file name %j', (filename) => {
    expect(() => toStoredAttachments([{ filename, contentType: 'text/calendar', content: 'x' }])).toThrow('file name not allowed');
  });

  it.each(['text', 'text/calendar; method=REQUEST', 'text/calendar\r\nBcc: x@y.com', '/calendar', 'text/'])('refuses the content type %j', (contentType) => {
    expect(() => toStoredAttachments([{ filename: 'visit.ics', contentType, content: 'x' }])).toThrow('content type must be type/subtype');
  });

  it('refuses more files, or more bytes together, than a message may carry', () => {
    const file = { filename: 'a.txt', contentType: 'text/plain', content: 'x' };
    expect(toStoredAttachments(Array.from({ length: MAX_ATTACHMENTS }, () => file))).toHaveLength(MAX_ATTACHMENTS);
    expect(() => toStoredAttachments(Array.from({ length: MAX_ATTACHMENTS + 1 }, () => file))).toThrow(`at most ${MAX_ATTACHMENTS} files`);
    const half = { ...file, content: Buffer.alloc(MAX_ATTACHMENT_BYTES / 2) };
    expect(toStoredAttachments([half, half])).toHaveLength(2);
    expect(() => toStoredAttachments([half, half, file])).toThrow(`at most ${MAX_ATTACHMENT_BYTES} bytes`);
  });
});

describe('calendarMethodOf', () => {
  it.each([
    ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', 'REQUEST'],
    ['BEGIN:VCALENDAR\nMETHOD:cancel\nBEGIN:VEVENT\nEND:VEVENT\nEND:VCALENDAR\n', 'CANCEL'],
    ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', undefined],
    // A METHOD inside an event is not the calendar's.
    ['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nMETHOD:REQUEST\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', undefined],
  ])('%j → %s', (ics, method) => {
    expect(calendarMethodOf(ics)).toBe(method);
  });
});
