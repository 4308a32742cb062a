import { contrastRatio } from '../../../test/support/contrast.js';
import { DEFAULT_COMPANY_PROFILE } from '@relining/contracts/site-content';
import { EMAIL_COLOUR_PAIRS, EMAIL_COLOURS, footerLines, layoutHtml, layoutText, UNSUBSCRIBE_LINE_LABEL } from './email-layout.js';

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

describe('the footer of a marketing e-mail (Spam Act: identity and a working unsubscribe)', () => {
  const profile = { ...DEFAULT_COMPANY_PROFILE, legalName: 'Relining Holdings Pty Ltd', abn: '51824753556' };
  const marketing = { website: 'https://example.com.au', unsubscribeUrl: 'https://example.com.au/unsubscribe/AbC_123-xyz0123456789a' };
  const text = (lines: ReturnType<typeof footerLines>) => lines.map((line) => line.map((piece) => piece.text).join(''));

  it('adds the website and the unsubscribe link to the details every footer prints', () => {
    const sut = text(footerLines(profile, marketing));
    expect(sut).toEqual(expect.arrayContaining(text(footerLines(profile))));
    expect(sut).toContain('Website: https://example.com.au');
    expect(sut.at(-1)).toContain(`${UNSUBSCRIBE_LINE_LABEL}${marketing.unsubscribeUrl}`);
    expect(sut.join('\n')).toContain('Relining Holdings Pty Ltd · ABN 51 824 753 556');
  });

  it('links the unsubscribe address in the HTML part and writes it out in the text part', () => {
    const frame = { lead: ['Hi Alex,'], rest: ['Thanks.'], profile, marketing };
    expect(layoutText(frame)).toContain(`Unsubscribe: ${marketing.unsubscribeUrl}`);
    expect(layoutHtml({ ...frame, subject: 'How did we go?', preheader: '' })).toContain(`href="${marketing.unsubscribeUrl}"`);
  });

  it('prints no unsubscribe part on a transactional e-mail', () => {
    const frame = { lead: ['Hi Alex,'], rest: ['Thanks.'], profile };
    expect(layoutText(frame)).not.toContain('Unsubscribe');
    expect(layoutHtml({ ...frame, subject: 'Booked', preheader: '' })).not.toContain('unsubscribe');
  });
});
