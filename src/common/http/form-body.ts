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

/** What the multipart parser (busboy) says when a body is not multipart it can read. */
const MULTIPART_PARSE_ERROR = /multipart|boundary/i;

/**
 * A multipart body the parser gave up on (no boundary, cut short) is the sender's fault: a 400, not a
 * 500 (found by the OpenAPI fuzz run). Every other error, our refusals and the parser's limits
 * (413) included, is passed on as it is.
 */
export function unreadableForm(error: unknown): unknown {
  const message = (error as { message?: unknown } | null)?.message;
  if (error instanceof DomainError || typeof message !== 'string' || !MULTIPART_PARSE_ERROR.test(message)) return error;
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
