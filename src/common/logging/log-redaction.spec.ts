import { loggableError, loggablePath, redactText } from './log-redaction.js';

describe('loggablePath', () => {
  it.each([
    ['/api/health', '/api/health'],
    ['/api/admin/bookings?filter={"q":"Smith"}', '/api/admin/bookings'],
    ['/reset-password?token=abc123', '/reset-password'],
    ['/verify-email#token=abc', '/verify-email'],
    ['/api/job-status/booked-job7001-23aat4outua3g5gwfu3vjm57wi', '/api/job-status/booked-job7001-[redacted]'],
    ['/job-status/quoted-job12-abcdefabcdefabcdefabcdefab?utm=x', '/job-status/quoted-job12-[redacted]'],
    ['/job-status/nohyphenatall', '/job-status/[redacted]'],
    ['/job-status/-leading', '/job-status/[redacted]'],
    ['/api/job-status/booked-job1-abc/extra', '/api/job-status/booked-job1-[redacted]/extra'],
    ['/api/admin/jobs/5b7c9a2e-0000-4000-8000-000000000000', '/api/admin/jobs/5b7c9a2e-0000-4000-8000-000000000000'],
    ['/job-status', '/job-status'],
    ['/booking/Zq3-x_9KfA2bLm0pQr7sTu1vWx4yZ', '/booking/[redacted]'],
    ['/api/booking/Zq3-x_9KfA2bLm0pQr7sTu1vWx4yZ/move', '/api/booking/[redacted]/move'],
    ['/review/Zq3-x_9KfA2bLm0pQr7sTu1vWx4yZ', '/review/[redacted]'],
    ['/api/reviews/Zq3-x_9KfA2bLm0pQr7sTu1vWx4yZ', '/api/reviews/[redacted]'],
    ['/api/admin/reviews/5b7c9a2e-0000-4000-8000-000000000000', '/api/admin/reviews/5b7c9a2e-0000-4000-8000-000000000000'],
    ['/api/calendar/FfFfFfFfFfFfFfFfFfFfFfFfFfFfFfFf.ics', '/api/calendar/[redacted]'],
    ['/api/booking/Zq3-x_9KfA2bLm0pQr7sTu1vWx4yZ/availability?from=2026-12-01&days=14', '/api/booking/[redacted]/availability'],
    ['/api/admin/bookings/5b7c9a2e-0000-4000-8000-000000000000', '/api/admin/bookings/5b7c9a2e-0000-4000-8000-000000000000'],
    [undefined, ''],
  ])('logs %s as %s', (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });
});

describe('redactText', () => {
  it.each([
    [
      'E-mail not delivered: 450 4.2.1 <harriet.q@example.net.au>: Mailbox unavailable',
      'E-mail not delivered: 450 4.2.1 <[e-mail address]>: Mailbox unavailable',
    ],
    ['to a.b+c@mail.example.com and d@e.io', 'to [e-mail address] and [e-mail address]'],
    ['header Authorization: Bearer abc.def-ghi, next', 'header Authorization: Bearer [redacted], next'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig-nature_ok end', 'token [redacted] end'],
    ['request completed', 'request completed'],
    ['Rebates due e-mail queued: 3 payments', 'Rebates due e-mail queued: 3 payments'],
    ['user@localhost has no domain dot', 'user@localhost has no domain dot'],
  ])('turns %j into %j', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});

describe('loggableError', () => {
  it('keeps what helps an operator and drops the failed query values', () => {
    const serialized = {
      type: 'QueryFailedError',
      message: 'new row for relation "referrals" violates check constraint "x"',
      stack: 'QueryFailedError: new row …\n    at …',
      query: 'INSERT INTO referrals (client_name, client_phone) VALUES ($1, $2)',
      parameters: ['Fergus Faultless', '0477 123 987'],
      detail: 'Failing row contains (Fergus Faultless, 0477 123 987).',
      driverError: { detail: 'Failing row contains (Fergus Faultless, 0477 123 987).' },
      code: '23514',
      constraint: 'x',
      table: 'referrals',
      where: 'SQL statement "…Fergus…"',
    };
    expect(loggableError(serialized)).toEqual({
      type: 'QueryFailedError',
      message: serialized.message,
      stack: serialized.stack,
      query: serialized.query,
      code: '23514',
      constraint: 'x',
      table: 'referrals',
    });
  });

  it('keeps SMTP reply codes and blanks addresses quoted in the message', () => {
    expect(
      loggableError({
        type: 'Error',
        message: 'Message failed: 550 <a@b.com.au> unknown',
        code: 'EMESSAGE',
        responseCode: 550,
        command: 'DATA',
        response: '550 <a@b.com.au>',
      }),
    ).toEqual({
      type: 'Error',
      message: 'Message failed: 550 <[e-mail address]> unknown',
      code: 'EMESSAGE',
      responseCode: 550,
      command: 'DATA',
    });
  });

  it('handles aggregate errors, strings and non-objects', () => {
    expect(loggableError({ type: 'AggregateError', message: 'x', aggregateErrors: [{ type: 'Error', message: 'to x@y.com', parameters: [1] }] })).toEqual({
      type: 'AggregateError',
      message: 'x',
      aggregateErrors: [{ type: 'Error', message: 'to [e-mail address]' }],
    });
    expect(loggableError('failed for x@y.com')).toBe('failed for [e-mail address]');
    expect(loggableError(undefined)).toBeUndefined();
    expect(loggableError(42)).toBe(42);
  });
});
