/** The answer when a request's text cannot be stored. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

/**
 * SQLSTATEs PostgreSQL answers for text it cannot store: 22021 (a NUL byte in text), 22P05 (\u0000 in
 * jsonb). Such a value passed every validator whose rule it did not break (a name, a message, a job
 * status code) and failed the query: the request's fault, a 400, not a 500 (found by the OpenAPI fuzz
 * run: /api/job-status/%00). The statement failed, so its transaction stored nothing.
 */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, driverError, cause } = current as { code?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_TEXT_SQLSTATES.has(code)) return true;
    current = driverError ?? cause;
  }
  return false;
}
