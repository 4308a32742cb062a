import { answersWithPage, prefersJson } from './form-body.js';
import type { FastifyRequest } from 'fastify';

describe('prefersJson (what the client accepts decides the answer, not the body encoding)', () => {
  it.each([
    // [Accept header, JSON preferred]
    ['application/json', true],
    ['application/json, text/plain, */*', true], // axios and similar clients
    ['application/*', true],
    ['text/html;q=0.5, application/json', true],
    ['application/json;q=0.9, */*;q=0.1', true],
    ['APPLICATION/JSON', true],
    [undefined, false],
    ['', false],
    ['*/*', false], // a plain fetch: no preference, the form's own answer
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', false], // a browser's form post
    ['text/html', false],
    ['text/html, application/json', false], // a tie: the page
    ['application/json;q=0, */*', false],
    ['application/json;q=0.5, text/html;q=0.8', false],
    ['application/json;q=abc', false],
    ['nonsense', false],
  ])('%j → %s', (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});

describe('answersWithPage', () => {
  const request = (contentType: string | undefined, accept?: string) => ({ headers: { 'content-type': contentType, accept } }) as unknown as FastifyRequest;

  it.each([
    ['application/x-www-form-urlencoded', undefined, true],
    ['multipart/form-data; boundary=x', 'text/html,*/*;q=0.8', true],
    ['multipart/form-data; boundary=x', 'application/json', false],
    ['application/x-www-form-urlencoded', 'application/json', false],
    ['application/json', 'text/html', false], // a JSON body always gets JSON
    [undefined, undefined, false],
  ])('%s accepting %s → page %s', (contentType, accept, expected) => {
    expect(answersWithPage(request(contentType, accept))).toBe(expected);
  });
});
