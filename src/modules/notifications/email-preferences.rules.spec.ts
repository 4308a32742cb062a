import { describe, expect, it } from '@jest/globals';
import {
  isOneClickBody,
  isWellFormedToken,
  listUnsubscribeHeaders,
  maskEmail,
  newUnsubscribeToken,
  suppressedMessage,
  suppressionDay,
  unsubscribeUrl,
} from './email-preferences.rules.js';

describe('email preferences rules', () => {
  it('makes 128-bit base64url tokens, each new', () => {
    const sut = new Set(Array.from({ length: 200 }, () => newUnsubscribeToken()));
    expect(sut.size).toBe(200);
    for (const token of sut) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it.each([
    ['', false],
    ['short', false],
    ['A'.repeat(21), false],
    ['A'.repeat(22), true],
    ['A'.repeat(64), true],
    ['A'.repeat(65), false],
    ['AAAAAAAAAAAAAAAAAAAA/A', false],
    ['AAAAAAAAAAAAAAAAAAAA%2', false],
  ])('takes %p as a token: %p', (token, expected) => {
    expect(isWellFormedToken(token)).toBe(expected);
  });

  it('builds the unsubscribe address under the public address, without a doubled slash', () => {
    expect(unsubscribeUrl('https://example.com.au/', 'abc_-')).toBe('https://example.com.au/unsubscribe/abc_-');
    expect(unsubscribeUrl('https://example.com.au', 'abc')).toBe('https://example.com.au/unsubscribe/abc');
  });

  it('gives a marketing message both RFC 8058 headers and a transactional one none', () => {
    expect(listUnsubscribeHeaders('https://example.com.au/unsubscribe/abc')).toEqual({
      'List-Unsubscribe': '<https://example.com.au/unsubscribe/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(listUnsubscribeHeaders(null)).toEqual({});
  });

  it.each([
    ['alex@example.com.au', 'a•••@example.com.au'],
    ['A@b.co', 'A•••@b.co'],
    ['odd"name@x"@example.com', 'o•••@example.com'],
    ['no-at-sign', '•••'],
    ['@example.com', '•••'],
  ])('masks %p as %p', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('dates a suppression in the display zone', () => {
    // 2026-11-26 14:30 UTC is already 27 November in Sydney.
    const at = new Date('2026-11-26T14:30:00Z');
    expect(suppressionDay('Australia/Sydney', at)).toBe('27 November 2026');
    expect(suppressionDay('Australia/Perth', at)).toBe('26 November 2026');
    expect(suppressedMessage('Australia/Sydney', at)).toBe('Not sent: this address unsubscribed from marketing e-mails on 27 November 2026');
  });

  it.each([
    [{ 'List-Unsubscribe': 'One-Click' }, true],
    [{ 'List-Unsubscribe': ['One-Click', 'x'] }, true],
    [{ 'List-Unsubscribe': { value: 'One-Click' } }, true],
    [{ 'List-Unsubscribe': 'one-click' }, false],
    [{}, false],
    [null, false],
    ['List-Unsubscribe=One-Click', false],
  ])('reads %p as a one-click body: %p', (body, expected) => {
    expect(isOneClickBody(body)).toBe(expected);
  });
});
