import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_MARKER_COOKIE } from '@relining/contracts/api/auth';
import { REFRESH_TOKEN_TTL_MS } from './auth.rules.js';

export const REFRESH_COOKIE = 'relining_refresh';
/**
 * Not a credential: a readable marker that a refresh cookie exists, so pages only ask to restore a
 * session when there may be one (no failing request, and no console error, for every visitor). The
 * name is shared with the front ends' session client.
 */
export { SESSION_MARKER_COOKIE };
/** Sent only to the auth endpoints, never to the rest of the API or the pages. */
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: config.env === 'production',
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
  void reply.setCookie(SESSION_MARKER_COOKIE, '1', {
    httpOnly: false,
    secure: config.env === 'production',
    sameSite: 'strict',
    path: '/',
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure: config.env === 'production', sameSite: 'strict', path: COOKIE_PATH });
  void reply.clearCookie(SESSION_MARKER_COOKIE, { secure: config.env === 'production', sameSite: 'strict', path: '/' });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
