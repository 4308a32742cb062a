import { describe, expect, it } from '@jest/globals';
import { mailtoHref } from './links';

describe('console mailto: links', () => {
  it.each([
    ['stella@example.com.au', 'mailto:stella@example.com.au'],
    [' stella@example.com.au ', 'mailto:stella@example.com.au'],
    ['alex+jobs@example.com.au', 'mailto:alex%2Bjobs@example.com.au'],
    ['a@b.com?cc=boss@evil.com', 'mailto:a@b.com%3Fcc%3Dboss@evil.com'],
    ['a@b.com&subject=Hi', 'mailto:a@b.com%26subject%3DHi'],
    ['a@b.com%0D%0ABcc:x@y.com', 'mailto:a@b.com%250D%250ABcc%3Ax@y.com'],
    ['a b@c.com', 'mailto:a%20b@c.com'],
    ['a@b.com#x', 'mailto:a@b.com%23x'],
    ["o'brien@example.com.au", "mailto:o'brien@example.com.au"],
  ])('mailto for %j is %s', (address, href) => {
    expect(mailtoHref(address)).toBe(href);
    // The link's address reads back exactly as the one given: nothing was added to the link.
    expect(decodeURIComponent(new URL(href).pathname)).toBe(address.trim());
    expect(new URL(href).search).toBe('');
    expect(new URL(href).hash).toBe('');
  });
});
