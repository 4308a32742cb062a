/**
 * What may reach a log line. Operators get what they need to find and fix a problem (method, path,
 * status, correlation id, record ids, error type, SQL text and constraint, SMTP reply codes); secrets
 * and personal data stay in the database, where staff see them through the console. Pure functions,
 * tested in log-redaction.spec.ts and, over a whole journey, in test/security/logs.test.ts.
 */

export const REDACTED = '[redacted]';

/**
 * Path segments that are credentials: the job-status tracking code (whoever has it sees the job), whose
 * readable start (status and job number) is kept so an operator can tell which job was asked for; and
 * the booking link's token (whoever has it can move or cancel the appointment: issue 16) and a staff
 * calendar feed's token (whoever has it reads every appointment), and a review link's token (whoever
 * has it writes the customer's review: issue 20), kept not at all.
 */
const SECRET_SEGMENTS: ReadonlyArray<{ pattern: RegExp; readableStart: boolean }> = [
  { pattern: /^(\/(?:api\/)?job-status\/)([^/]+)/, readableStart: true },
  { pattern: /^(\/(?:api\/)?booking\/)([^/]+)/, readableStart: false },
  { pattern: /^(\/api\/calendar\/)([^/]+)/, readableStart: false },
  { pattern: /^(\/(?:api\/reviews|review)\/)([^/]+)/, readableStart: false },
];

/** A request path as logged: never the query string (reset and verification tokens ride there), no secret segments. */
export function loggablePath(url: string | undefined): string {
  let path = (url ?? '').split(/[?#]/, 1)[0]!;
  for (const { pattern, readableStart } of SECRET_SEGMENTS) {
    path = path.replace(pattern, (_match, prefix: string, segment: string) => {
      const readable = readableStart ? segment.lastIndexOf('-') : -1;
      return `${prefix}${readable > 0 ? `${segment.slice(0, readable + 1)}${REDACTED}` : REDACTED}`;
    });
  }
  return path;
}

const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[^\s"',;]+/gi;

/**
 * Free text that may quote personal data or credentials (an SMTP server's reply names the recipient; a
 * library's message may echo a header): e-mail addresses, JWTs and Bearer credentials are blanked.
 */
export function redactText(text: string): string {
  if (!text.includes('@') && !text.includes('eyJ') && !/bearer/i.test(text)) return text;
  return text.replace(BEARER, `Bearer ${REDACTED}`).replace(JWT, REDACTED).replace(EMAIL_ADDRESS, '[e-mail address]');
}

/**
 * The fields of a serialized error worth logging. Database errors carry the failed query's values
 * (`parameters`, and `detail`: "Failing row contains (…)"), which are customers' data: left out.
 */
const KEPT_ERROR_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'statusCode',
  'responseCode',
  'command',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
  'query',
] as const;

export function loggableError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? redactText(error) : error;
  const source = error as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const field of KEPT_ERROR_FIELDS) {
    const value = source[field];
    if (value === undefined) continue;
    kept[field] = typeof value === 'string' ? redactText(value) : value;
  }
  if (Array.isArray(source.aggregateErrors)) kept.aggregateErrors = source.aggregateErrors.map(loggableError);
  return kept;
}
