import { applyDecorators, HttpStatus, Injectable, SetMetadata, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finished } from 'node:stream';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../errors/domain-error.js';
import { formBodyOf } from './form-body.decorator.js';
import { answersWithPage, refererPath } from './form-body.js';
import { formErrorPage } from './form-error-page.js';

export interface FormPageOptions<T extends object> {
  /** The heading of the page that lists the problems ('Please check your booking'). */
  problemsTitle: string;
  /** Where the form sits on its page, added to the way back (`#book`). */
  formAnchor?: string;
  /** Where the browser goes once the form was taken, from the validated body (a spam trap's too). */
  next: (body: T) => string;
}

const FORM_PAGE = 'formPage:options';

/**
 * A public form that a browser posts without JavaScript (spec §5). A browser's form post (urlencoded
 * or multipart, Accept not preferring JSON) is answered with a 303 to `next` once the form was taken,
 * or a 400 page listing the problems with a link back to the form (the browser keeps what was typed);
 * every other request gets the route's own JSON answer, and its errors the one error format.
 */
export function FormPage<T extends object>(options: FormPageOptions<T>): MethodDecorator {
  return applyDecorators(SetMetadata(FORM_PAGE, options), UseInterceptors(FormPageInterceptor));
}

/** `FormPage`'s answers: the one place that redirects a browser's form post or lists its problems on a page. */
@Injectable()
export class FormPageInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (!answersWithPage(request)) return next.handle();
    const options = this.reflector.get<FormPageOptions<object>>(FORM_PAGE, context.getHandler());
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      mergeMap(() => from(sendPage(reply.status(HttpStatus.SEE_OTHER).header('location', options.next(formBodyOf(request) ?? {}))))),
      catchError((error: unknown) => {
        // Field problems (the pipeline's or the service's) are the visitor's to correct: a page. Anything
        // else (a rate limit, the database away) keeps the one error format.
        if (!(error instanceof DomainError) || !error.errors) throw error;
        const backTo = `${refererPath(request, this.config.publicBaseUrl).split('#')[0]}${options.formAnchor ?? ''}`;
        return from(sendPage(reply.status(HttpStatus.BAD_REQUEST).type('text/html; charset=utf-8'), formErrorPage(options.problemsTitle, error.errors, backTo)));
      }),
    );
  }
}

/**
 * Sends a page answer and waits until it has gone: Nest, which then sends the route's result with the
 * route's status, finds the reply already sent and changes nothing (however long the reply's onSend
 * hooks take).
 */
function sendPage(reply: FastifyReply, body?: string): Promise<undefined> {
  return new Promise((resolve) => {
    const cleanup = finished(reply.raw, () => {
      cleanup();
      resolve(undefined);
    });
    void reply.send(body);
  });
}
