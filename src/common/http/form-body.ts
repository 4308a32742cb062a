import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

/** A browser form post (urlencoded or multipart), as opposed to a JSON API call. */
export function isFormPost(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '');
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/**
 * Whether a request is answered as a browser page (a redirect, or a page listing the problems) rather
 * than JSON. Decided by what the client accepts, not by how its body is encoded: a form post (urlencoded
 * or multipart) gets a page unless its Accept prefers JSON (the spec's original booking call posts
 * multipart with `Accept: application/json` and reads a JSON answer); a JSON body always gets JSON.
 */
export function answersWithPage(request: FastifyRequest): boolean {
  return isFormPost(request) && !prefersJson(request.headers.accept);
}

/**
 * Whether an Accept header ranks JSON above HTML: by quality, then (at equal quality) by which is
 * named more specifically (`application/json, *\/*` names JSON, not HTML). No header, `*\/*` or a tie
 * is no preference.
 */
export function prefersJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept ?? '');
  const json = rank(ranges, 'application', 'json');
  const html = rank(ranges, 'text', 'html');
  if (json.quality === 0) return false;
  return json.quality > html.quality || (json.quality === html.quality && json.specificity > html.specificity);
}

interface MediaRange {
  type: string;
  subtype: string;
  quality: number;
}

function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const item of accept.toLowerCase().split(',').slice(0, 50)) {
    const [range = '', ...parameters] = item.split(';').map((part) => part.trim());
    const match = /^([\w.+*-]+)\/([\w.+*-]+)$/.exec(range);
    if (!match) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const q = /^q=([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (parameter.startsWith('q=')) quality = q ? Math.min(1, Number(q[1])) : 0;
    }
    ranges.push({ type: match[1]!, subtype: match[2]!, quality });
  }
  return ranges;
}

/** The quality the most specific matching range gives a media type (RFC 9110 §12.5.1), 0 if none. */
function rank(ranges: readonly MediaRange[], type: string, subtype: string): { quality: number; specificity: number } {
  let best = { quality: 0, specificity: -1 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > best.specificity) best = { quality: range.quality, specificity };
  }
  return best;
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
