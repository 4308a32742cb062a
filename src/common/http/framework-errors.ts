import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, messageForStatus, type ErrorResponse } from '../errors/error-response.js';
import { CORRELATION_HEADER } from '../logging/correlation-id.js';

/**
 * Failures Fastify answers itself, before any hook, route or Nest filter runs, answered in the one
 * error format like every other failure, with the security headers (found by the OpenAPI fuzz run,
 * test/security/fuzz.test.ts):
 * - a URL that does not decode (a bad percent-escape, bytes that are not UTF-8) or a path parameter
 *   over the length limit: Fastify's `frameworkErrors`, with the request's correlation id;
 * - a request Node's HTTP parser refuses (headers over 16 KB, a malformed request line): the socket's
 *   `clientError`, answered on the socket, which is then closed, with a fresh correlation id.
 * `securityHeaders` is read when a request fails: the headers are worked out after the server is built.
 */
const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  HPE_HEADER_OVERFLOW: 'The request headers are too large.',
  ERR_HTTP_REQUEST_TIMEOUT: 'The request took too long to arrive.',
};

function errorBody(status: number, code: string | undefined, correlationId: string): ErrorResponse {
  return { statusCode: status, code: codeForStatus(status), message: (code && MESSAGES[code]) ?? messageForStatus(status), correlationId };
}

export function frameworkErrorHandlers(securityHeaders: () => Readonly<Record<string, string>>) {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
      const status = Number.isInteger(error.statusCode) && error.statusCode! >= 400 && error.statusCode! < 500 ? error.statusCode! : 400;
      void reply
        .status(status)
        .headers(securityHeaders())
        .header(CORRELATION_HEADER, request.id)
        .header('content-type', 'application/json; charset=utf-8')
        // An error is never worth keeping, and under /api/auth, /api/me and /api/admin nothing is (no-store.ts).
        .header('cache-control', 'no-store')
        .send(errorBody(status, error.code, request.id));
    },

    clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
      // A reset connection has nobody left to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const correlationId = randomUUID();
      const body = JSON.stringify(errorBody(status, error.code, correlationId));
      const headers = Object.entries(securityHeaders())
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `${headers}X-Request-Id: ${correlationId}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  };
}
