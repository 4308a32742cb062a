import { HttpStatus } from '@nestjs/common';
import type { FieldError } from '@relining/contracts/api/errors';

export type { FieldError };

/**
 * A failure the caller can act on, thrown by rules and services. The global filter turns it into
 * `{ statusCode, code, message, errors?, correlationId }` with this status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number = HttpStatus.BAD_REQUEST,
    readonly errors?: readonly FieldError[],
    /** When the same request may succeed: the filter sends it as `Retry-After` (seconds). */
    readonly retryAfterSeconds?: number,
    /** More for the caller to act on, written into the error body beside `errors` (e.g. `nextSlots`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(errors: readonly FieldError[]): DomainError {
    return new DomainError('VALIDATION_FAILED', errors[0]?.message ?? 'The request is not valid.', HttpStatus.BAD_REQUEST, errors);
  }

  static notFound(message = 'Not found.'): DomainError {
    return new DomainError('NOT_FOUND', message, HttpStatus.NOT_FOUND);
  }

  /** A 503 for a temporary state (a full queue): the client is told when to try again. */
  static unavailable(code: string, message: string, retryAfterSeconds: number): DomainError {
    return new DomainError(code, message, HttpStatus.SERVICE_UNAVAILABLE, undefined, retryAfterSeconds);
  }

  static conflict(code: string, message: string): DomainError {
    return new DomainError(code, message, HttpStatus.CONFLICT);
  }
}
