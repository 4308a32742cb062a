import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { formProblemsPage } from '../http/form-page.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { DomainError, type FieldError } from './domain-error.js';
import { isUnstorableText, NUL_MESSAGE } from './unstorable-text.js';
import { codeForStatus, messageForStatus, type ErrorResponse } from './error-response.js';
import { correlationIdOf } from '../logging/correlation-id.js';

/** What a client is told to wait before trying again while the database is away (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Maps every failure to the one error format. Domain errors and HTTP exceptions keep their status and
 * message; a temporary state is a 503 with Retry-After, logged as a warning without a stack: the
 * database being unreachable or restarting, or a domain error that says when to try again (photo
 * decoding's full queue); anything else is logged with its stack and answered as a 500 that reveals
 * no internals. The field problems of a browser's form post to a public form (`FormPage`), and a
 * booking's refused time with the next free slots, are the same errors as a page the visitor reads.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const page = formProblemsPage(request, exception, this.config.publicBaseUrl);
    if (page !== undefined) {
      void reply.status(page.statusCode).type('text/html; charset=utf-8').send(page.html);
      return;
    }
    const body = toErrorResponse(exception, correlationIdOf(request));
    const retryAfter = retryAfterSeconds(exception);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && retryAfter !== undefined) {
      const temporary =
        exception instanceof DomainError ? { code: exception.code, message: exception.message } : { code: body.code, message: 'Database unavailable' };
      this.logger.warn({ correlationId: body.correlationId, code: temporary.code, cause: (exception as Error).message, retryAfter }, temporary.message);
    } else if (body.statusCode >= 500) {
      this.logger.error({ err: exception, correlationId: body.correlationId }, 'Unhandled error');
    }
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

/** When a failed request may succeed if sent again (seconds), for failures that know it. */
export function retryAfterSeconds(exception: unknown): number | undefined {
  if (exception instanceof DomainError) return exception.retryAfterSeconds;
  return isDatabaseUnavailable(exception) ? DATABASE_RETRY_AFTER_SECONDS : undefined;
}

export function toErrorResponse(exception: unknown, correlationId: string): ErrorResponse {
  if (exception instanceof DomainError) {
    // Details only add to the one format (`nextSlots`): spread first, so the fixed fields after them always
    // win, and a details `errors` is dropped, so the field problems are only ever the error's own.
    const { errors: _notDetails, ...details } = exception.details ?? {};
    return withErrors({ ...details, statusCode: exception.statusCode, code: exception.code, message: exception.message, correlationId }, exception.errors);
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    // Nest wraps Fastify's own failures (bad JSON, body too large) in an HttpException with the cause.
    const cause = (exception as { cause?: unknown }).cause;
    const message = isFastifyError(cause) ? fastifyMessage(cause, statusCode) : (httpExceptionMessage(response) ?? messageForStatus(statusCode));
    return { statusCode, code: codeForStatus(statusCode), message: statusCode >= 500 ? messageForStatus(statusCode) : message, correlationId };
  }
  // Errors raised by Fastify itself before a route runs (bad JSON, body too large, wrong content type).
  const fastifyStatus = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (Number.isInteger(fastifyStatus) && (fastifyStatus as number) >= 400 && (fastifyStatus as number) < 500) {
    const statusCode = fastifyStatus as number;
    return { statusCode, code: codeForStatus(statusCode), message: fastifyMessage(exception, statusCode), correlationId };
  }
  if (isUnstorableText(exception)) {
    return { statusCode: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: NUL_MESSAGE, correlationId };
  }
  // The database unreachable or restarting: worth trying again in a moment (SERVICE_UNAVAILABLE).
  const statusCode = isDatabaseUnavailable(exception) ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.INTERNAL_SERVER_ERROR;
  return { statusCode, code: codeForStatus(statusCode), message: messageForStatus(statusCode), correlationId };
}

function httpExceptionMessage(response: string | object): string | undefined {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message.join('; ');
  return undefined;
}

function isFastifyError(error: unknown): error is { code: string } {
  return typeof (error as { code?: unknown } | null)?.code === 'string' && (error as { code: string }).code.startsWith('FST_');
}

function fastifyMessage(exception: unknown, status: number): string {
  const code = (exception as { code?: unknown }).code;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || exception instanceof SyntaxError) {
    return 'The request body is not valid JSON.';
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request is too large.';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'This type of content is not accepted. Send JSON.';
  return messageForStatus(status);
}

function withErrors(body: ErrorResponse, errors: readonly FieldError[] | undefined): ErrorResponse {
  return errors && errors.length > 0 ? { ...body, errors: [...errors] } : body;
}
