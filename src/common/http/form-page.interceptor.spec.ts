import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Writable } from 'node:stream';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { AppConfig } from '../../config/app-config.js';
import { DomainError } from '../errors/domain-error.js';
import { FormBodyPipe, receiveForm } from './form-body.decorator.js';
import { FormPage, FormPageInterceptor } from './form-page.interceptor.js';
import { TextField } from './validation.js';

class NextForm {
  @TextField() name?: string;
  @TextField() _next?: string;
}

class Handlers {
  @FormPage<NextForm>({ problemsTitle: 'Please check your form', formAnchor: '#form', next: (body) => body._next ?? '/thanks' })
  create(): void {}
}

/** A reply that records what was answered; its raw response finishes when it is sent. */
function fakeReply() {
  const answer: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const raw = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reply = {
    raw,
    status(code: number) {
      answer.status = code;
      return reply;
    },
    header(name: string, value: string) {
      answer.headers[name] = value;
      return reply;
    },
    type(value: string) {
      answer.headers['content-type'] = value;
      return reply;
    },
    send(body?: unknown) {
      answer.body = body;
      raw.end();
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, answer };
}

const sut = new FormPageInterceptor(new Reflector(), { publicBaseUrl: 'https://relining.example' } as AppConfig);
const pipe = new FormBodyPipe({ tzDisplay: 'Australia/Melbourne' } as AppConfig);

async function post(contentType: string, accept: string | undefined, outcome: CallHandler['handle'], fields: Record<string, string> = { name: 'Alex' }) {
  const request = {
    headers: { 'content-type': contentType, accept, referer: 'https://relining.example/services?x=1#top' },
    body: fields,
    async *parts() {
      for (const [fieldname, value] of Object.entries(fields)) yield { type: 'field', fieldname, value };
    },
  } as unknown as FastifyRequest;
  await pipe.transform(await receiveForm(request), { type: 'custom', metatype: NextForm, data: { formPostUnknownFields: 'ignore' } as never });
  const { reply, answer } = fakeReply();
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
    getHandler: () => Handlers.prototype.create,
  } as unknown as ExecutionContext;
  try {
    const result = await lastValueFrom(sut.intercept(context, { handle: outcome }));
    return { result, answer };
  } catch (error) {
    return { error, answer };
  }
}

const URLENCODED = 'application/x-www-form-urlencoded';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const problems = () => throwError(() => DomainError.validation([{ field: 'name', message: 'Please enter your <name>' }]));

describe('FormPage: the answer to a form post', () => {
  it.each<[string, string, string | undefined]>([
    ['a JSON body, whatever it accepts', 'application/json', 'text/html'],
    ['a form post preferring JSON', URLENCODED, 'application/json'],
    ['a multipart post preferring JSON', 'multipart/form-data; boundary=x', 'application/json, text/plain, */*'],
  ])('%s: the route\'s own JSON answer, and errors left to the error format', async (_case, contentType, accept) => {
    expect(await post(contentType, accept, () => of({ id: 'b-1' }))).toEqual({ result: { id: 'b-1' }, answer: { headers: {} } });
    const refused = await post(contentType, accept, problems);
    expect(refused.error).toBeInstanceOf(DomainError);
    expect(refused.answer).toEqual({ headers: {} });
  });

  it.each<[string, string | undefined, Record<string, string>, string]>([
    ['no Accept', undefined, { name: 'Alex' }, '/thanks'],
    ["a browser's Accept", BROWSER, { name: 'Alex', _next: '/about' }, '/about'],
  ])('a browser form post (%s) that was taken: 303 to where the form says', async (_case, accept, fields, location) => {
    const { result, answer } = await post(URLENCODED, accept, () => of({ id: 'b-1' }), fields);
    expect(result).toBeUndefined();
    expect(answer).toEqual({ status: 303, headers: { location }, body: undefined });
  });

  it('a browser form post with problems: a 400 page listing them (escaped), with the way back to the form', async () => {
    const { result, answer } = await post(URLENCODED, BROWSER, problems);
    expect(result).toBeUndefined();
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<title>Please check your form');
    expect(answer.body).toContain('<li>Please enter your &lt;name&gt;</li>');
    expect(answer.body).toContain('href="/services?x&#x3D;1#form"');
  });

  it.each([
    ['a failure that is not about fields (a rate limit)', new DomainError('RATE_LIMITED', 'Too many requests.', 429)],
    ['a fault of the code', new TypeError('x is undefined')],
  ])('a browser form post meeting %s: left to the error format', async (_case, failure) => {
    const { error, answer } = await post(URLENCODED, BROWSER, () => throwError(() => failure));
    expect(error).toBe(failure);
    expect(answer).toEqual({ headers: {} });
  });
});
