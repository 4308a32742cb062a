import { printable } from './pdf-document.js';

describe('printable', () => {
  it.each([
    ['Café “Zoë” – 12 m', 'Café “Zoë” – 12 m'],
    ['Ngāruawāhia', 'Ngaruawahia'],
    ['pit → junction', 'pit -> junction'],
    ['tab\there', 'tab here'],
    ['line\r\nbreak', 'line\nbreak'],
    ['emoji 🚽', 'emoji ?'],
    ['zero\u200bwidth', 'zerowidth'],
  ])('%j prints as %j', (input, expected) => {
    expect(printable(input)).toBe(expected);
  });
});
