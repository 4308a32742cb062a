import { CanActivate, ExecutionContext, HttpStatus, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../errors/domain-error.js';

export const SAME_ORIGIN_JSON = 'sameOriginJson';

export const SAME_ORIGIN_JSON_MESSAGES = {
  notJson: 'Please send this request as JSON (Content-Type: application/json).',
  crossSite: 'This request must come from our website.',
} as const;

/**
 * Marks routes that set or use the refresh cookie (sign-in, registration, refresh, sign-out: every
 * POST under /api/auth): they take only JSON from our own origin, so a page on another site can never
 * sign a browser in (login CSRF) or out with a form post. See `SameOriginJsonGuard`.
 */
export const SameOriginJson = (): MethodDecorator & ClassDecorator => SetMetadata(SAME_ORIGIN_JSON, true);

export interface RequestOrigin {
  method: string;
  contentType: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The origin the request itself was made to (scheme and Host): a browser on that address sends it as Origin. */
  ownOrigin: string | undefined;
}

export type SameOriginDecision = 'ok' | 'cross-site' | 'not-json';

/** Whether a Content-Type header says JSON (`application/json`, parameters such as charset allowed). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Whether a request may use a route marked `@SameOriginJson()`:
 * - its `Origin`, when sent, must be one of the allowed origins (`CORS_ORIGINS`, by default the origin
 *   of `PUBLIC_BASE_URL`) or the very origin the request was made to (a browser on
 *   http://127.0.0.1:3000, or behind a dev proxy); `null` (sandboxed frames, some redirects) never is;
 * - without an `Origin`, `Sec-Fetch-Site: cross-site` is refused; a client that sends neither (curl,
 *   tests, server-to-server) is no browser, so carries no victim's cookie;
 * - the body must be JSON: HTML forms can only send urlencoded, multipart or text/plain, and a
 *   cross-origin JSON request needs a CORS preflight, which only allowed origins pass.
 * The origin is checked first: a request from another site is a 403 whatever it carries.
 */
export function decideSameOriginJson(request: RequestOrigin, allowedOrigins: ReadonlySet<string>): SameOriginDecision {
  if (request.origin !== undefined) {
    const origin = request.origin.trim().toLowerCase();
    const allowed = origin !== 'null' && (allowedOrigins.has(origin) || (request.ownOrigin !== undefined && origin === request.ownOrigin.toLowerCase()));
    if (!allowed) return 'cross-site';
  } else if ((request.secFetchSite ?? '').trim().toLowerCase() === 'cross-site') {
    return 'cross-site';
  }
  if (!isJsonContentType(request.contentType)) return 'not-json';
  return 'ok';
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Applies `@SameOriginJson()`: 403 `CROSS_SITE_REQUEST` for another origin, 415 for a body that is not
 * JSON, in the one error format. Registered before the rate-limit guard, so a page elsewhere cannot
 * spend someone's sign-in allowance either.
 */
@Injectable()
export class SameOriginJsonGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(
    private readonly reflector: Reflector,
    @InjectConfig() config: AppConfig,
  ) {
    this.allowed = new Set(config.corsOrigins.map((origin) => origin.toLowerCase()));
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.getAllAndOverride<boolean>(SAME_ORIGIN_JSON, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method === 'GET' || request.method === 'HEAD') return true;
    const host = header(request, 'host');
    const decision = decideSameOriginJson(
      {
        method: request.method,
        contentType: header(request, 'content-type'),
        origin: header(request, 'origin'),
        secFetchSite: header(request, 'sec-fetch-site'),
        ownOrigin: host ? `${request.protocol}://${host}` : undefined,
      },
      this.allowed,
    );
    if (decision === 'cross-site') throw new DomainError('CROSS_SITE_REQUEST', SAME_ORIGIN_JSON_MESSAGES.crossSite, HttpStatus.FORBIDDEN);
    if (decision === 'not-json') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', SAME_ORIGIN_JSON_MESSAGES.notJson, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    return true;
  }
}
