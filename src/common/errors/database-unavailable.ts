import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** Network failures reaching PostgreSQL (the pg driver passes the socket's code through). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean "the database cannot serve you now", not "your statement is wrong": class 08
 * (connection exception), 57P01-57P03 (shutting down, crashed, starting up), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the pg driver and its pool say when a connection is lost, cannot be made in time, or was closed. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * Whether a failure means the database is unreachable or restarting (the request may succeed in a
 * moment), as opposed to a fault of this request or of the code. Looks through TypeORM's wrapper
 * (`driverError`) and `cause`. A transaction whose connection died half-way fails with TypeORM's
 * "query runner already released" errors: those count too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof QueryRunnerAlreadyReleasedError || current instanceof QueryRunnerProviderAlreadyReleasedError) return true;
    const { code, message, driverError, cause } = current as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = driverError ?? cause;
  }
  return false;
}
