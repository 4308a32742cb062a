import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { REFRESH_TOKEN_TTL_MS } from './auth.rules.js';

export const REFRESH_COOKIE = 'relining_refresh';
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
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure: config.env === 'production', sameSite: 'strict', path: COOKIE_PATH });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
