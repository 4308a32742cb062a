import { HttpStatus } from '@nestjs/common';
import { DATABASE_RETRY_AFTER_SECONDS, retryAfterSeconds, toErrorResponse } from './all-exceptions.filter.js';
import { DomainError } from './domain-error.js';

describe('Retry-After: one mechanism for every temporary state', () => {
  it.each<[string, unknown, number | undefined]>([
    ['the database unreachable', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), DATABASE_RETRY_AFTER_SECONDS],
    ['a domain error that says when (a full photo queue)', DomainError.unavailable('PHOTOS_BUSY', 'Busy.', 12), 12],
    ['a domain error that does not', DomainError.validation([{ field: 'photos', message: 'Choose a photo.' }]), undefined],
    ['a fault of the code', new TypeError('x is undefined'), undefined],
  ])('%s', (_name, exception, expected) => {
    expect(retryAfterSeconds(exception)).toBe(expected);
  });

  it('answers a temporary domain error as a 503 in the one error format, with its own code and message', () => {
    expect(toErrorResponse(DomainError.unavailable('PHOTOS_BUSY', 'Busy right now.', 7), 'corr-1')).toEqual({
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'PHOTOS_BUSY',
      message: 'Busy right now.',
      correlationId: 'corr-1',
    });
  });
});
