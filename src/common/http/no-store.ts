import type { FastifyInstance } from 'fastify';

/** Where answers speak for a signed-in person (or refuse to): never kept by a browser or a proxy. */
const PRIVATE_API_PREFIXES = ['/api/auth', '/api/me', '/api/admin'];

/** Whether a request path (query string and all) is under /api/auth, /api/me or /api/admin. */
export function isPrivateApiPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return PRIVATE_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Authenticated answers are never cached: every response under /api/auth, /api/me and /api/admin
 * (successes, refusals, errors, a 404 for a route that does not exist, referral photos) says
 * `Cache-Control: private, no-store` and carries no validator, so nothing is ever answered 304 there
 * and a shared computer's browser cache or a proxy keeps no copy of someone's data. In `onSend`, the
 * last word: a route's own value (photos said `private, max-age=3600`) is replaced.
 */
export function registerNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateApiPath(request.url)) {
      void reply.header('cache-control', 'private, no-store');
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      if (reply.statusCode === 304) void reply.status(200);
    }
    done(null, payload);
  });
}
