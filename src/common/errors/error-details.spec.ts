import { HttpStatus } from '@nestjs/common';
import { toErrorResponse } from './all-exceptions.filter.js';
import { DomainError } from './domain-error.js';

describe("a domain error's details in the one error format", () => {
  const nextSlots = [{ date: '2026-12-01', time: '9:00 AM', label: 'Tuesday 1 December, 9:00 AM AWST' }];

  it('are written beside the fixed fields (a refused booking time lists the next free slots)', () => {
    const sut = new DomainError('SLOT_TAKEN', 'Sorry, that time has just been taken.', HttpStatus.CONFLICT, undefined, undefined, { nextSlots });
    expect(toErrorResponse(sut, 'corr-1')).toEqual({
      statusCode: HttpStatus.CONFLICT,
      code: 'SLOT_TAKEN',
      message: 'Sorry, that time has just been taken.',
      nextSlots,
      correlationId: 'corr-1',
    });
  });

  it('never replace a fixed field: status, code, message, field problems and correlation id stay the error’s own', () => {
    const details = {
      statusCode: 200,
      code: 'OK',
      message: 'All good',
      errors: [{ field: 'x', message: 'from the details' }],
      correlationId: 'forged',
      nextSlots,
    };
    const withProblems = new DomainError(
      'SLOT_CLOSED',
      'Closed.',
      HttpStatus.BAD_REQUEST,
      [{ field: 'preferred_date', message: 'Closed.' }],
      undefined,
      details,
    );
    expect(toErrorResponse(withProblems, 'corr-2')).toEqual({
      statusCode: HttpStatus.BAD_REQUEST,
      code: 'SLOT_CLOSED',
      message: 'Closed.',
      errors: [{ field: 'preferred_date', message: 'Closed.' }],
      nextSlots,
      correlationId: 'corr-2',
    });
    const withoutProblems = new DomainError('SLOT_TAKEN', 'Taken.', HttpStatus.CONFLICT, undefined, undefined, details);
    expect(toErrorResponse(withoutProblems, 'corr-3')).toEqual({
      statusCode: HttpStatus.CONFLICT,
      code: 'SLOT_TAKEN',
      message: 'Taken.',
      nextSlots,
      correlationId: 'corr-3',
    });
  });
});
