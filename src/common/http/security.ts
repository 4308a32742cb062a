import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../config/app-config.js';

/**
 * Security headers on every response (pages, files and API) and CORS for the configured origins only.
 * Styles allow 'unsafe-inline' because the staff console's component library injects style tags;
 * scripts come only from our own origin.
 */
/** Returns the headers, for the few answers Fastify writes itself (framework-errors.ts). */
export async function registerSecurity(app: NestFastifyApplication, config: AppConfig): Promise<Readonly<Record<string, string>>> {
  const production = config.env === 'production';
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(config.publicBaseUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // The same headers on every response, worked out once at boot (helmet's middleware would rebuild
  // them, the CSP string included, for every request). Through Nest's security hook: it runs first
  // for every request, also for those the router refuses before any Fastify hook (a malformed URL, an
  // over-long parameter), and puts them on the raw response, where a route's own value wins (photos
  // have their own CSP). (`app.useSecurityHeaders()` and `app.enableCsrfProtection()` would replace it.)
  const entries = Object.entries(headers);
  const adapter = app.getHttpAdapter() as FastifyAdapter;
  adapter.registerSecurityHook((_request, response) => {
    for (const [name, value] of entries) response.setHeader(name, value);
    return undefined;
  });
  // CORS preflights are answered by the CORS hook, which runs before the security hook: they get the
  // headers as they are sent.
  adapter.getInstance().addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.raw.hasHeader('x-content-type-options')) {
      for (const [name, value] of entries) if (!reply.hasHeader(name)) void reply.header(name, value);
    }
    done(null, payload);
  });
  const allowed = new Set(config.corsOrigins);
  app.enableCors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['Content-Range', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  return headers;
}

/** The headers helmet sets for these options, collected by running its middleware once. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
