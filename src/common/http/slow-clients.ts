import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long a client may take to send a request, so a slow or stalled client (a "slowloris" sending a
 * header line now and then, or a body a byte at a time) cannot hold a connection, and the memory and
 * parsing work behind it, for ever. Values are in RELIABILITY.md; tests shrink them (createApp's
 * `httpLimits`) to watch them work in seconds.
 */
export interface HttpLimits {
  /** From the first byte of a request to the end of its headers (Node's `headersTimeout`). */
  headersMs: number;
  /** From the end of the headers to the end of the body, for every route but those given more. */
  bodyMs: number;
  /** A body must keep arriving: this long without a byte ends it, whatever time it has left. */
  bodyIdleMs: number;
  /** The whole body of a photo upload (5 photos of 10 MB each; routes marked `UPLOAD_BODY_ALLOWANCE`). */
  uploadBodyMs: number;
  /** How long an idle keep-alive connection stays open between requests (`HTTP_KEEP_ALIVE_TIMEOUT_MS`). */
  keepAliveMs: number;
  /** How often Node checks the headers deadline of open connections. */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: Omit<HttpLimits, 'keepAliveMs'> = {
  headersMs: 10_000,
  bodyMs: 30_000,
  bodyIdleMs: 30_000,
  // 50 MB in 10 minutes is 0.7 Mbit/s: slower than any NBN or 4G upload link.
  uploadBodyMs: 600_000,
  checkIntervalMs: 1_000,
};

/** Fastify route config (`@RouteConfig`) giving a route the upload body allowance. */
export interface BodyAllowanceRouteConfig {
  bodyAllowance?: 'upload';
}

/** Route config for the photo upload: `@RouteConfig(UPLOAD_BODY_ALLOWANCE)`. */
export const UPLOAD_BODY_ALLOWANCE = { bodyAllowance: 'upload' } as const satisfies BodyAllowanceRouteConfig;

/** The options Node's HTTP server takes at creation (Fastify's `http` option and its own timeouts). */
export function nodeServerOptions(limits: HttpLimits) {
  return {
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkIntervalMs },
    keepAliveTimeout: limits.keepAliveMs,
    // Node's own deadline for a whole request: the backstop behind the per-route body deadline below.
    requestTimeout: limits.headersMs + Math.max(limits.bodyMs, limits.uploadBodyMs) + limits.checkIntervalMs,
  };
}

/**
 * Watches the body of every request that has one: all of it within the route's allowance
 * (`bodyMs`, or `uploadBodyMs` on routes marked `UPLOAD_BODY_ALLOWANCE`), and never `bodyIdleMs` without a byte. A client past
 * either is answered 408 in the error format (by `refuse`, which closes the connection); if an answer
 * has already started, the connection is closed.
 */
export function watchBodyReceipt(fastify: FastifyInstance, limits: HttpLimits, refuse: (socket: Socket) => void): void {
  // A callback hook (no promise per request: most requests have no body to watch).
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!hasBody(request)) {
      done();
      return;
    }
    const config = request.routeOptions.config as BodyAllowanceRouteConfig | undefined;
    const allowanceMs = config?.bodyAllowance === 'upload' ? limits.uploadBodyMs : limits.bodyMs;
    const socket = request.raw.socket;
    const startedAt = Date.now();
    let lastBytes = socket.bytesRead;
    let lastProgressAt = startedAt;
    let timer: NodeJS.Timeout | undefined;

    const check = (): void => {
      if (request.raw.complete || socket.destroyed) return;
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastProgressAt = now;
      }
      const deadline = Math.min(startedAt + allowanceMs, lastProgressAt + limits.bodyIdleMs);
      if (now >= deadline) {
        request.log.warn({ receivedMs: now - startedAt, allowanceMs }, 'Request body too slow: connection closed');
        const answered = (request.raw as { res?: { headersSent?: boolean } }).res?.headersSent === true;
        if (answered || !socket.writable) socket.destroy();
        else refuse(socket);
        return;
      }
      timer = setTimeout(check, Math.min(deadline - now, limits.bodyIdleMs));
      timer.unref();
    };
    timer = setTimeout(check, Math.min(allowanceMs, limits.bodyIdleMs));
    timer.unref();
    request.raw.once('close', () => clearTimeout(timer));
    done();
  });
}

/** A request carries a body only with Content-Length above 0 or Transfer-Encoding (RFC 9112 §6). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
