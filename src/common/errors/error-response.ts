import { HttpStatus } from '@nestjs/common';
import type { ApiErrorBody } from '@relining/contracts/api/errors';

/** The one error shape every API failure answers with (shared with the front ends' client). */
export type ErrorResponse = ApiErrorBody;

/** Stable codes for failures that have no more specific code of their own. */
const CODE_BY_STATUS: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'BAD_REQUEST',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'METHOD_NOT_ALLOWED',
  [HttpStatus.NOT_ACCEPTABLE]: 'NOT_ACCEPTABLE',
  [HttpStatus.CONFLICT]: 'CONFLICT',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'PAYLOAD_TOO_LARGE',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'UNSUPPORTED_MEDIA_TYPE',
  [HttpStatus.UNPROCESSABLE_ENTITY]: 'UNPROCESSABLE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'RATE_LIMITED',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'The request is not valid.',
  [HttpStatus.UNAUTHORIZED]: 'Please sign in to continue.',
  [HttpStatus.FORBIDDEN]: 'You do not have permission to do that.',
  [HttpStatus.NOT_FOUND]: 'Not found.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request is too large.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'This type of content is not accepted.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests. Please wait a minute and try again.',
  [HttpStatus.INTERNAL_SERVER_ERROR]: 'Something went wrong on our side. Please try again.',
};

export function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

export function messageForStatus(status: number): string {
  return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? MESSAGE_BY_STATUS[500]! : MESSAGE_BY_STATUS[400]!);
}
