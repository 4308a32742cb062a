import { HttpStatus, SetMetadata } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NextSlot } from '@relining/contracts/api/errors';
import { DomainError } from '../errors/domain-error.js';
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
 * A public form that a browser posts without JavaScript (spec §5), read with `@FormBody()`. A
 * browser's form post (urlencoded or multipart, Accept not preferring JSON) is answered with a 303 to
 * `next` once the form was taken (`registerFormPages`), or a 400 page listing its field problems with
 * a link back to the form, where the browser kept what was typed (the exception filter, through
 * `formProblemsPage`); every other request gets the route's own JSON answer and the one error format.
 *
 * Not an interceptor: Nest's interceptor chain (RxJS) on the route cost every booking, JSON ones
 * included, more than the whole validation (measured with the booking benchmark). Here a JSON request
 * costs one WeakMap look-up.
 */
export const FormPage = <T extends object>(options: FormPageOptions<T>): MethodDecorator => SetMetadata(FORM_PAGE, options);

interface PageRequest {
  options: FormPageOptions<object>;
  /** The body `FormBody` validated, once it has. */
  body?: object;
}

/** Browser form posts to `FormPage` routes, from the moment `FormBody` starts reading them. */
const pageRequests = new WeakMap<object, PageRequest>();

/** Called by `FormBody` before it reads the body: a browser's form post to a `FormPage` route is answered with pages. */
export function rememberFormPage(request: FastifyRequest, handler: object): void {
  const options = Reflect.getMetadata(FORM_PAGE, handler) as FormPageOptions<object> | undefined;
  if (options && answersWithPage(request)) pageRequests.set(request, { options });
}

/** Called by `FormBody` with the body it validated, for the redirect (`_next`). */
export function rememberFormBody(request: FastifyRequest, body: object): void {
  const page = pageRequests.get(request);
  if (page) page.body = body;
}

/** The page answering a browser's form post that was refused, and its status. */
export interface FormProblemsAnswer {
  statusCode: number;
  html: string;
}

/**
 * The page listing a browser form post's field problems (the pipeline's or the service's), or
 * undefined when the failure is not one (a rate limit, the database away) or the request is not a
 * browser's form post to a `FormPage` route: those keep the one error format.
 *
 * A booking's refused time (400 SLOT_CLOSED, 409 SLOT_TAKEN) is one too: without JavaScript the
 * visitor only learns the free times here, so the page lists the refusal's `nextSlots` to choose
 * again from. Field problems answer 400 as always; a time just taken keeps its 409.
 */
export function formProblemsPage(request: FastifyRequest, exception: unknown, publicBaseUrl: string): FormProblemsAnswer | undefined {
  const page = pageRequests.get(request);
  if (!page || !(exception instanceof DomainError)) return undefined;
  const nextSlots = nextSlotsOf(exception);
  if (!exception.errors && nextSlots === undefined) return undefined;
  const backTo = `${refererPath(request, publicBaseUrl).split('#')[0]}${page.options.formAnchor ?? ''}`;
  return {
    statusCode: exception.errors ? HttpStatus.BAD_REQUEST : exception.statusCode,
    html: formErrorPage(page.options.problemsTitle, exception.errors ?? [{ message: exception.message }], backTo, nextSlots),
  };
}

/** The free slots a refusal offers instead (its details' `nextSlots`, the error format's), only the readable ones. */
function nextSlotsOf(exception: DomainError): NextSlot[] | undefined {
  const slots = exception.details?.nextSlots;
  if (!Array.isArray(slots)) return undefined;
  return slots.filter((slot): slot is NextSlot => typeof (slot as Partial<NextSlot> | null)?.label === 'string');
}

/**
 * A browser's form post that was taken: the route's own answer (201 and JSON for an API client) is
 * sent as a 303 to the form's `next`, without a body. In `onSend`, so Nest's answer for every other
 * request is untouched.
 */
export function answerFormPage(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const page = pageRequests.get(request);
  if (!page || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
  void reply.status(HttpStatus.SEE_OTHER).header('location', page.options.next(page.body ?? {}));
  reply.removeHeader('content-type');
  return '';
}

export function registerFormPages(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    done(null, answerFormPage(request, reply, payload));
  });
}
