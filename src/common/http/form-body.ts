import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

/** A browser form post (urlencoded or multipart), as opposed to a JSON API call. */
export function isFormPost(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '');
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/**
 * The fields of a request body as strings, whatever its encoding: JSON, urlencoded or multipart
 * (files are refused here). Repeated fields keep their first value; non-text JSON values are kept
 * as they are so the rules can refuse them.
 */
export async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          throw DomainError.validation([{ field: part.fieldname, message: 'Files cannot be attached to this form' }]);
        }
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
      }
    } catch (error) {
      throw unreadableForm(error);
    }
    return fields;
  }
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw DomainError.validation([{ field: 'body', message: 'The request body must be a JSON object' }]);
  }
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
}

/**
 * A multipart body the parser gave up on (no boundary, cut short, malformed parts) is the sender's
 * fault: 400, not 500. Our own refusals and the parser's limits (413) keep their status.
 */
function unreadableForm(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
  return DomainError.validation([{ field: 'body', message: 'The form data could not be read. Please send the form again.' }]);
}

/** A path on this site to send a form post to afterwards; anything else becomes `fallback`. */
export function safeRedirect(target: unknown, fallback: string): string {
  return typeof target === 'string' && /^\/(?![/\\])[\w\-./?=&#%]*$/.test(target) ? target : fallback;
}

/** The form's page, from the Referer when it is this site, for "back to the form". */
export function refererPath(request: FastifyRequest, publicBaseUrl: string): string {
  const referer = request.headers.referer;
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    const base = new URL(publicBaseUrl);
    const host = String(request.headers.host ?? '');
    // A path starting with "//" would be a link to another site (https://this-site//evil.example/).
    const sameSite = (url.host === base.host || url.host === host) && !url.pathname.startsWith('//');
    return sameSite ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}
