import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { answerFormPage, FormPage, formProblemsPage, rememberFormBody, rememberFormPage } from './form-page.js';

class Handlers {
  @FormPage<{ _next?: string }>({ problemsTitle: 'Please check your form', formAnchor: '#form', next: (body) => body._next ?? '/thanks' })
  create(): void {}

  plain(): void {}
}

const URLENCODED = 'application/x-www-form-urlencoded';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BASE_URL = 'https://relining.example';

function requestOf(contentType: string, accept?: string, handler: object = Handlers.prototype.create): FastifyRequest {
  const request = { headers: { 'content-type': contentType, accept, referer: `${BASE_URL}/services?x=1#top` } } as unknown as FastifyRequest;
  rememberFormPage(request, handler);
  return request;
}

/** A reply as the route left it (status, JSON content type), recording what the hook changes. */
function replyOf(statusCode: number) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const reply = {
    statusCode,
    status(code: number) {
      reply.statusCode = code;
      return reply;
    },
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  return { reply: reply as unknown as FastifyReply, headers, answer: () => ({ status: reply.statusCode, headers }) };
}

const problems = DomainError.validation([{ field: 'name', message: 'Please enter your <name>' }]);
const JSON_ANSWER = '{"id":"b-1"}';

describe('FormPage: the answer to a form post', () => {
  it.each<[string, string, string | undefined, object]>([
    ['a JSON body, whatever it accepts', 'application/json', 'text/html', Handlers.prototype.create],
    ['a form post preferring JSON', URLENCODED, 'application/json', Handlers.prototype.create],
    ['a multipart post preferring JSON', 'multipart/form-data; boundary=x', 'application/json, text/plain, */*', Handlers.prototype.create],
    ["a browser's form post to a route without FormPage", URLENCODED, BROWSER, Handlers.prototype.plain],
  ])("%s: the route's own JSON answer, and errors left to the error format", (_case, contentType, accept, handler) => {
    const request = requestOf(contentType, accept, handler);
    const { reply, answer } = replyOf(201);
    expect(answerFormPage(request, reply, JSON_ANSWER)).toBe(JSON_ANSWER);
    expect(answer()).toEqual({ status: 201, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(formProblemsPage(request, problems, BASE_URL)).toBeUndefined();
  });

  it.each<[string, string | undefined, object | undefined, string]>([
    ['no Accept, the body not read yet', undefined, undefined, '/thanks'],
    ["a browser's Accept", BROWSER, { _next: '/about' }, '/about'],
  ])('a browser form post (%s) that was taken: 303 to where the form says, without a body', (_case, accept, body, location) => {
    const request = requestOf(URLENCODED, accept);
    if (body) rememberFormBody(request, body);
    const { reply, answer } = replyOf(201);
    expect(answerFormPage(request, reply, JSON_ANSWER)).toBe('');
    expect(answer()).toEqual({ status: 303, headers: { location } });
  });

  it('a browser form post with field problems: a 400 page listing them (escaped), with the way back to the form', () => {
    const answer = formProblemsPage(requestOf('multipart/form-data; boundary=x', BROWSER), problems, BASE_URL);
    expect(answer?.statusCode).toBe(400);
    expect(answer?.html).toContain('<title>Please check your form');
    expect(answer?.html).toContain('<li>Please enter your &lt;name&gt;</li>');
    expect(answer?.html).toContain('href="/services?x&#x3D;1#form"');
    expect(answer?.html).not.toContain('The next free times');
  });

  const nextSlots = [
    { date: '2026-12-01', time: '9:00 AM', label: 'Tuesday 1 December, 9:00 AM AWST' },
    { date: '2026-12-01', time: '11:00 AM', label: '<b>Tuesday</b> 1 December, 11:00 AM AWST' },
  ];

  it.each<[string, DomainError, number, string]>([
    [
      'a time just taken (409, no field problems): its message',
      new DomainError('SLOT_TAKEN', 'Sorry, that time has just been taken.', 409, undefined, undefined, { nextSlots }),
      409,
      '<li>Sorry, that time has just been taken.</li>',
    ],
    [
      'a closed day (400, a field problem): the field message',
      new DomainError('SLOT_CLOSED', 'That time cannot be booked.', 400, [{ field: 'preferred_date', message: 'That day is closed.' }], undefined, {
        nextSlots,
      }),
      400,
      '<li>That day is closed.</li>',
    ],
  ])('a browser form post whose booking time is refused, %s, and the next free slots to choose from (escaped)', (_case, refusal, status, problem) => {
    const answer = formProblemsPage(requestOf(URLENCODED, BROWSER), refusal, BASE_URL);
    expect(answer?.statusCode).toBe(status);
    expect(answer?.html).toContain(`<ul class="problems">${problem}</ul>`);
    expect(answer?.html).toContain(
      '<ul class="slots"><li>Tuesday 1 December, 9:00 AM AWST</li><li>&lt;b&gt;Tuesday&lt;/b&gt; 1 December, 11:00 AM AWST</li></ul>',
    );
    expect(answer?.html).toContain('href="/services?x&#x3D;1#form"');
  });

  it('a refused booking time with no free slot left to offer: says so, and the phone number', () => {
    const answer = formProblemsPage(
      requestOf(URLENCODED, BROWSER),
      new DomainError('SLOT_TAKEN', 'Sorry, that time has just been taken.', 409, undefined, undefined, { nextSlots: [] }),
      BASE_URL,
    );
    expect(answer?.html).toContain('We have no free times in the coming weeks.');
    expect(answer?.html).not.toContain('class="slots"');
    expect(answer?.html).toContain('Call us on');
  });

  it('a refusal for a JSON client keeps the error format, slots and all', () => {
    const refusal = new DomainError('SLOT_TAKEN', 'Taken.', 409, undefined, undefined, { nextSlots });
    expect(formProblemsPage(requestOf('application/json', 'text/html'), refusal, BASE_URL)).toBeUndefined();
  });

  it.each([
    ['a failure that is not about fields (a rate limit)', new DomainError('RATE_LIMITED', 'Too many requests.', 429)],
    ['a fault of the code', new TypeError('x is undefined')],
  ])('a browser form post meeting %s: left to the error format, and its answer left as it is', (_case, failure) => {
    const request = requestOf(URLENCODED, BROWSER);
    expect(formProblemsPage(request, failure, BASE_URL)).toBeUndefined();
    const { reply, answer } = replyOf(429);
    expect(answerFormPage(request, reply, '{"statusCode":429}')).toBe('{"statusCode":429}');
    expect(answer().status).toBe(429);
  });
});
