import { describe, expect, it } from '@jest/globals';
import { formatAbn, imageSrcSet, isValidAbn, variantWidths, yearsInBusinessText } from './site-content.js';

describe('isValidAbn', () => {
  it.each([
    ['51 824 753 556', true], // the ATO's own example
    ['51824753556', true],
    ['53 004 085 616', true],
    ['51 824 753 557', false], // one digit off
    ['5182475355', false], // ten digits
    ['01 824 753 556', false], // no leading zero
    ['51-824-753-556', false],
    ['', false],
  ])('%s → %s', (abn, valid) => expect(isValidAbn(abn)).toBe(valid));
});

describe('responsive images', () => {
  it.each([
    [4000, [480, 800, 1200, 1600, 2000]],
    [2000, [480, 800, 1200, 1600, 2000]],
    [1800, [480, 800, 1200, 1600]],
    [480, [480]],
    [320, [320]],
  ])('a %i px original is served at %j', (width, widths) => expect(variantWidths(width)).toEqual(widths));

  it('names every width of one format in a srcset', () => {
    expect(imageSrcSet({ id: 'abc', widths: [480, 800] }, 'avif')).toBe('/media/abc/480.avif 480w, /media/abc/800.avif 800w');
    expect(imageSrcSet({ id: 'abc', widths: [480] }, 'jpeg')).toBe('/media/abc/480.jpg 480w');
  });
});

describe('profile text', () => {
  it('groups an ABN as people write it', () => expect(formatAbn('51824753556')).toBe('51 824 753 556'));
  it.each([
    [null, null],
    [2009, 'In business since 2009 (17 years)'],
    [2025, 'In business since 2025 (1 year)'],
    [2026, 'In business since 2026'],
  ])('established %s → %s', (year, text) => expect(yearsInBusinessText(year, new Date('2026-11-26T00:00:00Z'))).toBe(text));
});
