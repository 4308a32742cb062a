import { EMAIL_PATTERN, isValidEmail } from './account-rules.js';

/**
 * An e-mail address is a plain mailbox (issue 12 item 14): nothing in it may change a `mailto:` link
 * built from it (`?` starts headers such as cc= and body=, `&` adds one, `=` gives one a value, `%`
 * smuggles any character in, `#` cuts the link, spaces and invisible characters hide what it says),
 * so the console's links and every e-mail go to exactly the address typed.
 */
describe('isValidEmail: one plain mailbox', () => {
  it.each([
    ['jo@example.com.au'],
    ['jo.smith+tag@mail.example.com'],
    ["o'brien+drains@example.com.au"],
    ['jo_smith-2@sub-domain.example.com'],
    ['  padded@example.com.au  '], // trimmed first
    ['josé@exämple.com.au'],
    ['jo!x*y~z{1}|2^3`4$5/6@example.com'], // the rest of RFC 5322's atext changes nothing in a link
  ])('takes %j', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['a ? that starts mailto headers', 'jo?cc=evil@attacker.example@example.com'],
    ['a ? after the address', 'jo@example.com?bcc=evil@attacker.example'],
    ['a body= header', 'jo?body=click%20here@example.com'],
    ['an & that adds a header', 'jo&cc=evil@example.com'],
    ['an =', 'jo=x@example.com'],
    ['a % escape', 'jo%40evil.example@example.com'],
    ['a percent-encoded line break', 'jo%0d%0abcc:x@example.com'],
    ['a # that cuts the link', 'jo#x@example.com'],
    ['a space', 'jo smith@example.com'],
    ['a no-break space', 'jo\u00a0smith@example.com'],
    ['a zero-width space', 'jo\u200bsmith@example.com'],
    ['a right-to-left override', 'jo\u202esmith@example.com'],
    ['a byte-order mark', 'jo\ufeff@example.com'],
    ['a soft hyphen', 'jo\u00adsmith@example.com'],
    ['a line break', 'jo@example.com\r\nBcc: x@y.com'],
    ['a second address', 'a@b.com,c@d.com'],
    ['a display name', 'Jo <jo@example.com>'],
    ['a quoted local part', '"jo"@example.com'],
  ])('refuses %s: %j', (_name, address) => {
    expect(isValidEmail(address)).toBe(false);
    expect(EMAIL_PATTERN.test(address.trim())).toBe(false);
  });
});
