import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLIENT_CONTACT_BUSINESS_DAYS,
  CLIENT_CONTACT_TIME,
  COMPANY,
  FEES,
  INSPECTION_PRICE,
  PAYMENT_TERMS,
  PAYMENT_TERMS_DAYS,
  PRINTED_AMOUNTS,
  REFERRAL_FEE_CENTS,
  WARRANTY,
  WARRANTY_YEARS,
} from '@relining/contracts/business';

/**
 * One source for the business constants (docs/adr/0024-business-constants.md): the prices, fees,
 * payment terms, client-contact time, warranty and phone number live in packages/contracts/src/business.ts, and
 * no other file of the product (server, console, public site, its build scripts) writes one out. A copy
 * of its own would keep the old figure when the constants change, and contradict them.
 *
 * Tests and migrations are not the product's copy: tests assert the spec's words, and a migration is
 * history, never edited once it lands.
 */
const root = path.resolve(import.meta.dirname, '../..');
const CONSTANTS_MODULE = 'packages/contracts/src/business.ts';
const PRODUCT_SOURCES = [
  'src',
  'packages/contracts/src',
  'admin-ui/src',
  'admin-ui/index.html',
  'public-site/src',
  'public-site/scripts',
  'public-site/index.html',
];
/** Code that prints (no SQL with $1 placeholders in it): any dollar figure there is a copy. */
const PRINTING_SOURCES = [
  'admin-ui/src',
  'admin-ui/index.html',
  'public-site/src',
  'public-site/scripts',
  'public-site/index.html',
  'packages/contracts/src',
  'src/modules/templates/template-catalogue.ts',
];
const SOURCE_FILE = /\.(ts|tsx|mjs|js|html|css|json)$/;

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (SOURCE_FILE.test(relative) && !readdirSafe(full)) return [relative];
  return (readdirSafe(full) ?? []).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist'
      ? []
      : entry.isDirectory()
        ? filesUnder(path.posix.join(relative, entry.name))
        : SOURCE_FILE.test(entry.name)
          ? [path.posix.join(relative, entry.name)]
          : [],
  );
}

function readdirSafe(full: string) {
  try {
    return readdirSync(full, { withFileTypes: true });
  } catch {
    return undefined;
  }
}

const isProductCopy = (file: string) => file !== CONSTANTS_MODULE && !/\.(spec|test)\.tsx?$/.test(file) && !file.startsWith('src/database/migrations/');
const productFiles = PRODUCT_SOURCES.flatMap(filesUnder).filter(isProductCopy);
const printingFiles = PRINTING_SOURCES.flatMap(filesUnder).filter(isProductCopy);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrase = (count: number, unit: string) => new RegExp(`\\b${count}[- ]${unit}s?\\b`, 'gi');

/** Each constant as any page, e-mail or message would write it out. */
const COPIES: ReadonlyArray<readonly [string, RegExp]> = [
  ...PRINTED_AMOUNTS.map((amount) => [`the amount ${amount}`, new RegExp(`${escape(amount)}(?![\\d]|[,.]\\d)`, 'g')] as const),
  ...Object.values(REFERRAL_FEE_CENTS).map((cents) => [`the fee in cents ${cents}`, new RegExp(`(?<![\\d-])${cents}(?![\\d-])`, 'g')] as const),
  ['the phone number', new RegExp(COMPANY.phone.replace(/\D/g, '').split('').join('[\\s.-]?'), 'g')],
  ...Object.values(PAYMENT_TERMS_DAYS).map((days) => [`payment terms of ${days} days`, phrase(days, 'day')] as const),
  ['the client-contact time', phrase(CLIENT_CONTACT_BUSINESS_DAYS, 'business day')],
  ['the warranty', phrase(WARRANTY_YEARS, 'year')],
];

/**
 * Words that name one of those numbers for something else (the booking filters' 'last 30 days', how
 * long a quote or a sign-in cookie lasts, how soon a privacy request is answered): not a copy.
 */
const OTHER_MEANINGS = [/last 30 days/gi, /valid for 30 days/gi, /after 30 days at most/gi, /respond within 30 days/gi, /response within 30 days/gi];

/** Any dollar figure: in code that prints, only the constants module may write one. */
const MONEY = /(?<![\w$\\])\$\d+(?:,\d{3})*(?:\.\d\d)?(?!\d)/g;

function copiesIn(text: string): string[] {
  const unrelated = OTHER_MEANINGS.reduce((rest, words) => rest.replace(words, ' '), text);
  return COPIES.flatMap(([name, pattern]) => (unrelated.match(pattern) ?? []).map((found) => `${name} ("${found}")`));
}

describe('one source for the business constants', () => {
  it('looks at the whole product: server, console, public site and its build scripts', () => {
    expect(productFiles.length).toBeGreaterThan(150);
    for (const file of [
      'src/modules/templates/template-catalogue.ts',
      'public-site/src/plumbers/content.ts',
      'public-site/src/pages/TermsPage.tsx',
      'admin-ui/src/referrals/referralFormat.ts',
      'public-site/scripts/prerender.mjs',
    ]) {
      expect(productFiles).toContain(file);
    }
  });

  it('recognises each constant as it is printed', () => {
    const printed = [
      INSPECTION_PRICE,
      ...Object.values(FEES),
      ...Object.values(REFERRAL_FEE_CENTS).map(String),
      COMPANY.phone,
      COMPANY.phoneHref,
      ...Object.values(PAYMENT_TERMS),
      CLIENT_CONTACT_TIME,
      ...Object.values(WARRANTY),
    ].join('\n');
    for (const [name, pattern] of COPIES) expect({ name, found: (printed.match(pattern) ?? []).length > 0 }).toEqual({ name, found: true });
    expect(printed.match(MONEY)).toEqual([...PRINTED_AMOUNTS]);
  });

  it('no other file of the product writes one out', () => {
    const copies = productFiles.flatMap((file) => copiesIn(readFileSync(path.join(root, file), 'utf8')).map((copy) => `${file}: ${copy}`));
    expect(copies).toEqual([]);
  });

  it('no page, console screen or e-mail default writes a dollar figure of its own', () => {
    const figures = printingFiles.flatMap((file) => (readFileSync(path.join(root, file), 'utf8').match(MONEY) ?? []).map((figure) => `${file}: ${figure}`));
    expect(figures).toEqual([]);
  });
});
