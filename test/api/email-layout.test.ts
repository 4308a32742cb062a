import { chromium, type Browser, type Page } from 'playwright-core';
import { COMPANY } from '@relining/contracts/business';
import { DEFAULT_COMPANY_PROFILE, LICENCE_STATES, type CompanyProfile } from '@relining/contracts/site-content';
import { withEmailLogoInline } from '../../src/modules/templates/email-logo.js';
import { defaultButton, sampleValues, TEMPLATE_CATALOGUE, TEMPLATE_KEYS, type TemplateKey } from '../../src/modules/templates/template-catalogue.js';
import { renderEmail, type RenderedEmail } from '../../src/modules/templates/template-renderer.js';
import { contrastRatio } from '../support/contrast.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/**
 * Every e-mail the product sends, in its one layout, opened in Chromium at a phone's width (375×667)
 * and a small laptop's (1024×768): nothing wider than the screen, the call-to-action button whole
 * and visible on the first screen, the logo loaded, and every piece of text readable on its
 * background (WCAG AA). Values are long on purpose (names, addresses, an unbroken link), and the
 * footer holds a full company profile.
 */

const BASE = 'https://www.pipereliningaustralia.com.au';

const PROFILE: CompanyProfile = {
  ...DEFAULT_COMPANY_PROFILE,
  legalName: 'Pipe Relining Australia Holdings Pty Ltd as trustee for the Relining Family Trust',
  abn: '51824753556',
  licences: LICENCE_STATES.map((state, index) => ({ state, number: `PL-${state}-${String(1234567 + index * 1111)}` })),
  serviceHours: 'Monday to Friday 7:00 am – 5:00 pm, Saturday 8:00 am – 12:00 pm, 24/7 emergency call-outs in metropolitan areas',
};

const LONG_LINK = `${BASE}/job-status/scheduled-job20260001${'x'.repeat(90)}`;

/** Long but realistic values over each template's samples. */
const LONG_VALUES: Readonly<Record<string, string>> = {
  customerName: 'Alexandria Konstantinopoulou-Wetherington',
  firstName: 'Maximilian-Alexander',
  plumberName: 'Bartholomew Featherstonehaugh-Montgomery',
  plumberCompany: 'Featherstonehaugh Emergency Plumbing, Drainage & Gasfitting Services Pty Ltd',
  plumberEmail: 'bartholomew.featherstonehaugh-montgomery@featherstonehaughplumbing.com.au',
  clientName: 'Wilhelmina Oyelaran-Castellanos',
  contactPerson: 'Jordan Alexander Montgomery-Smythe',
  organisation: 'Northern Beaches Council Infrastructure and Asset Management Directorate',
  email: 'alexandria.konstantinopoulou-wetherington@internationalexample.com.au',
  address: 'Unit 1204, Level 12, 1234-1238 Parramatta Road (rear entrance via Smith Lane)',
  jobAddress: 'Unit 1204, Level 12, 1234-1238 Parramatta Road (rear entrance via Smith Lane)',
  suburb: 'Strathfield South',
  jobId: 'JOB-20260001',
  trackingLink: LONG_LINK,
  preferredDate: 'Wednesday 2 December 2026',
  receivedAt: 'Wednesday 25 November 2026, 9:41 am AEDT',
  submittedAt: 'Wednesday 25 November 2026, 9:41 am AEDT',
  date: 'Wednesday 25 November 2026',
};

function render(key: TemplateKey): RenderedEmail {
  const definition = TEMPLATE_CATALOGUE[key];
  const sample = sampleValues(definition, BASE);
  const variables = Object.fromEntries(Object.entries(sample).map(([name, value]) => [name, LONG_VALUES[name] ?? value]));
  return renderEmail({
    subject: definition.subject,
    body: definition.body,
    variables,
    linkVariables: definition.linkVariables,
    button: defaultButton(definition, variables),
    profile: PROFILE,
  });
}

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'laptop', width: 1024, height: 768 },
] as const;

interface Measures {
  scrollWidth: number;
  tooWide: string[];
  button: { top: number; bottom: number; left: number; right: number; visible: boolean; onTop: boolean; label: string } | null;
  logo: { loaded: boolean; bottom: number; alt: string } | null;
  textColours: string[];
}

/**
 * What is measured in the page itself, as the script Chromium runs (plain JavaScript: the server's
 * TypeScript has no DOM types). Text colours are listed as 'foreground|background|minimum|element'
 * for every visible element with text of its own, against the first opaque background behind it.
 */
const MEASURE = `(() => {
  const width = document.documentElement.clientWidth;
  const tooWide = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.right > width + 0.5) tooWide.push('<' + element.tagName.toLowerCase() + '> ' + Math.round(box.left) + '-' + Math.round(box.right) + ' px');
  }
  const cta = document.querySelector('a.cta');
  let button = null;
  if (cta) {
    const box = cta.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    button = {
      top: box.top, bottom: box.bottom, left: box.left, right: box.right,
      visible: cta.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
      onTop: hit !== null && (hit === cta || cta.contains(hit)),
      label: cta.textContent,
    };
  }
  const image = document.querySelector('img');
  const logo = image ? { loaded: image.complete && image.naturalWidth > 0, bottom: image.getBoundingClientRect().bottom, alt: image.alt } : null;
  const rgb = (value) => (value.match(/[\\d.]+/g) || []).map(Number);
  const hex = (parts) => '#' + parts.slice(0, 3).map((part) => Math.round(part).toString(16).padStart(2, '0')).join('');
  const textColours = [];
  for (const element of document.body.querySelectorAll('*')) {
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '');
    if (!ownText || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(element);
    let background = [255, 255, 255];
    for (let at = element; at; at = at.parentElement) {
      const parts = rgb(getComputedStyle(at).backgroundColor);
      if (parts.length === 3 || (parts.length === 4 && parts[3] > 0)) {
        background = parts;
        break;
      }
    }
    const size = Number.parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    textColours.push([hex(rgb(style.color)), hex(background), large ? 3 : 4.5, element.tagName.toLowerCase() + ': ' + element.textContent.trim().slice(0, 40)].join('|'));
  }
  return { scrollWidth: document.documentElement.scrollWidth, tooWide, button, logo, textColours };
})()`;

function measure(page: Page): Promise<Measures> {
  return page.evaluate<Measures>(MEASURE);
}

describe('the e-mail layout in Chromium', () => {
  let browser: Browser;
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, javaScriptEnabled: true });
      // Offline: a message may reach nothing but itself (the logo is a data: URI).
      await context.route(/^https?:/, (route) => route.abort());
      pages.set(viewport.name, await context.newPage());
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  const cases = TEMPLATE_KEYS.flatMap((key) => VIEWPORTS.map((viewport) => [key, viewport.name, viewport.width, viewport.height] as const));

  it.each(cases)('%s at %s width (%i×%i): fits, button on the first screen, logo shown, text readable', async (key, viewportName, width, height) => {
    const email = render(key);
    const page = pages.get(viewportName)!;
    await page.setContent(await withEmailLogoInline(email.html), { waitUntil: 'load' });
    const measured = await measure(page);

    expect(measured.scrollWidth).toBeLessThanOrEqual(width);
    expect(measured.tooWide).toEqual([]);

    expect(measured.logo).toEqual({ loaded: true, bottom: expect.any(Number), alt: COMPANY.name });
    expect(measured.logo!.bottom).toBeLessThanOrEqual(height);

    const expected = TEMPLATE_CATALOGUE[key] as { button?: { label: string } };
    if (expected.button) {
      expect(measured.button).toMatchObject({ label: expected.button.label, visible: true, onTop: true });
      const box = measured.button!;
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(height);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      expect(email.text).toContain(`${expected.button.label}: `);
    } else {
      expect(measured.button).toBeNull();
    }

    expect(measured.textColours.length).toBeGreaterThan(5);
    const failing = measured.textColours.filter((entry) => {
      const [foreground, background, minimum] = entry.split('|') as [string, string, string];
      expect([foreground, background]).toEqual([expect.stringMatching(/^#[0-9a-f]{6}$/), expect.stringMatching(/^#[0-9a-f]{6}$/)]);
      return contrastRatio(foreground, background) < Number(minimum);
    });
    expect(failing).toEqual([]);
  });

  it.each(VIEWPORTS.map((viewport) => [viewport.name, viewport.width, viewport.height] as const))(
    'with images off at %s width, the logo is its alt text and the button still shows on the first screen',
    async (viewportName, width, height) => {
      const page = pages.get(viewportName)!;
      // The cid: reference left as it is: Chromium cannot load it, as a client that blocks images.
      await page.setContent(render('booking_confirmed').html, { waitUntil: 'load' });
      const measured = await measure(page);
      expect(measured.logo).toMatchObject({ loaded: false, alt: COMPANY.name });
      expect(measured.scrollWidth).toBeLessThanOrEqual(width);
      expect(measured.button).toMatchObject({ label: 'View Your Job Status', visible: true, onTop: true });
      expect(measured.button!.bottom).toBeLessThanOrEqual(height);
    },
  );

  it('keeps a plain-text part: the company first, the button as "Label: URL", the footer with the profile', () => {
    const text = render('booking_confirmed').text;
    expect(text.startsWith(`${COMPANY.name}\n\nHi Alexandria Konstantinopoulou-Wetherington,\n\n`)).toBe(true);
    expect(text).toContain(`View Your Job Status: ${LONG_LINK}`);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Plumbing licences: ACT PL-ACT-1234567 · NSW');
    expect(text).not.toMatch(/<[a-z]/i);
  });
});
