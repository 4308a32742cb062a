import { randomUUID } from 'node:crypto';

export const CORRELATION_HEADER = 'x-request-id';

/** A caller may pass its own id (a proxy's, a test's); anything that could corrupt a log line is replaced. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The request's correlation id: the caller's `X-Request-Id` when it is safe to log, else a new UUID. */
export function correlationIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** The correlation id Fastify gave a request (answered in `X-Request-Id` and logged with every line). */
export function correlationIdOf(request: { id?: unknown } | undefined): string {
  return typeof request?.id === 'string' ? request.id : randomUUID();
}
