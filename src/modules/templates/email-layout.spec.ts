import { contrastRatio } from '../../../test/support/contrast.js';
import { EMAIL_COLOUR_PAIRS, EMAIL_COLOURS } from './email-layout.js';

describe('contrast ratio (the formula itself)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#ffffff', '#f97316', 2.8],
  ])('%s on %s is %s:1', (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 1);
  });
});

describe("the e-mail layout's colours (WCAG AA)", () => {
  it.each(EMAIL_COLOUR_PAIRS.map((pair) => [pair.name, pair.foreground, pair.background, pair.minimum] as const))(
    '%s: %s on %s reaches %s:1',
    (_name, foreground, background, minimum) => {
      expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(minimum);
    },
  );

  it('pairs every text colour of the layout with its background', () => {
    const texts = new Set([EMAIL_COLOURS.text, EMAIL_COLOURS.heading, EMAIL_COLOURS.link, EMAIL_COLOURS.buttonText, EMAIL_COLOURS.footerText]);
    for (const colour of texts) expect(EMAIL_COLOUR_PAIRS.some((pair) => pair.foreground === colour)).toBe(true);
  });

  it('no longer puts white on the bright orange, which fails AA', () => {
    expect(contrastRatio('#ffffff', '#f97316')).toBeLessThan(4.5);
    expect(EMAIL_COLOURS.button).not.toBe('#f97316');
  });
});
