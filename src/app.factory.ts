import { registerReferralCookie } from './common/http/referral-cookie.js';
import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { RequestMethod } from '@nestjs/common';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule, type AppModuleOptions } from './app.module.js';
import { registerFrontends } from './common/http/frontends.js';
import { PublicSiteContent } from './common/http/public-site-content.js';
import { ServerRenderedPages } from './common/http/server-rendered-pages.js';
import { frameworkErrorHandlers } from './common/http/framework-errors.js';
import { registerFormPages } from './common/http/form-page.js';
import { registerJsonBodyParser } from './common/http/json-body.js';
import { registerNoStore } from './common/http/no-store.js';
import { registerOpenApi } from './common/http/openapi.js';
import { registerSecurity } from './common/http/security.js';
import { DEFAULT_HTTP_LIMITS, nodeServerOptions, watchBodyReceipt, type HttpLimits } from './common/http/slow-clients.js';
import { createValidationPipe } from './common/http/validation.js';
import { CORRELATION_HEADER, correlationIdFor } from './common/logging/correlation-id.js';

/** Request bodies above this size are refused with 413 (uploads set their own limits). */
export const BODY_LIMIT_BYTES = 1_048_576;

export interface CreateAppOptions extends AppModuleOptions {
  /** Slow-client limits other than the product's own (tests shrink them to seconds). */
  httpLimits?: Partial<HttpLimits>;
}

/** Builds the whole product (API, both front ends) ready to listen; used by main.ts and by the tests. */
export async function createApp(options: CreateAppOptions): Promise<NestFastifyApplication> {
  const { config } = options;
  const httpLimits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, keepAliveMs: config.httpKeepAliveTimeoutMs, ...options.httpLimits };
  let securityHeaders: Readonly<Record<string, string>> = {};
  const { frameworkErrors, clientErrorHandler } = frameworkErrorHandlers(() => securityHeaders);
  const adapter = new FastifyAdapter({
    // Slow clients are cut off: headers, body receipt and idle keep-alive each have a deadline.
    ...nodeServerOptions(httpLimits),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 500 },
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => correlationIdFor(request.headers[CORRELATION_HEADER]),
    // Bad URLs and requests Node cannot parse answer in the one error format too.
    frameworkErrors,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(options), adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  // The pages' photos are files of the site (/media/{id}/{width}.avif), not API answers (robots.txt keeps crawlers out of /api).
  // The unsubscribe page and its one-click POST (RFC 8058) are at the address marketing e-mails print,
  // /unsubscribe/{token}. The POST is excluded by its literal route (`\\:` escapes the colon) so that
  // its JSON twin, POST /api/unsubscribe/{token} (declared with another parameter name), keeps the prefix.
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'media/:id/:file', method: RequestMethod.GET },
      { path: 'unsubscribe/:token', method: RequestMethod.GET },
      { path: 'unsubscribe/\\:token', method: RequestMethod.POST },
      { path: 'unsubscribe/:token/resubscribe', method: RequestMethod.POST },
    ],
  });
  app.useGlobalPipes(createValidationPipe({ context: { timeZone: config.tzDisplay } }));
  registerJsonBodyParser(app, BODY_LIMIT_BYTES);
  await app.register(fastifyCookie);
  // Multipart form posts and uploads (Nest's adapter parses urlencoded form posts itself).
  await app.register(fastifyMultipart, { limits: { fields: 40, fieldSize: 20_000, files: 5, fileSize: 10 * 1024 * 1024, parts: 50 } });
  securityHeaders = await registerSecurity(app, config);
  registerOpenApi(app);
  const fastify = app.getHttpAdapter().getInstance();
  registerNoStore(fastify);
  registerFormPages(fastify);
  registerReferralCookie(fastify, config.env === 'production');
  // A callback hook, not an async one: no promise per request for one header.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  watchBodyReceipt(fastify, httpLimits, (socket) =>
    clientErrorHandler(Object.assign(new Error('Request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket),
  );
  await registerFrontends(fastify, config, app.get(ServerRenderedPages), app.get(PublicSiteContent));
  await app.init();
  return app;
}
