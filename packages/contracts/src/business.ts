import { telHref } from './phone.js';

/**
 * The business constants of spec §9 and the company's public details: the one place the pages
 * (prerendered at build time), the e-mails (when they are queued), the API and the staff console read
 * them. They are constants of the build, not settings (docs/adr/0024-business-constants.md): a change
 * here is a code change, a rebuild and a restart, and every page, e-mail and figure follows it.
 * `test/project/business-constants.test.ts` fails when another file carries a copy of its own.
 */

const PHONE = '1300 747 354';

/** Clean & View inspection: a fixed price from this many dollars, waived if relining proceeds. */
export const INSPECTION_PRICE_FROM_DOLLARS = 299;

/** Referral fees (the plumber's rebates), whole dollars: per completed Clean & View, and more if it becomes a reline. */
export const REFERRAL_FEE_DOLLARS = { cleanView: 80, reline: 400 } as const;

/** Fees are paid within this many days of the completion they reward. */
export const PAYMENT_TERMS_DAYS = { cleanView: 15, reline: 30 } as const;

/** A referred client is contacted within this many business days. */
export const CLIENT_CONTACT_BUSINESS_DAYS = 1;

/** The guarantee on relining work, in years. */
export const WARRANTY_YEARS = 25;

export type FeePart = keyof typeof REFERRAL_FEE_DOLLARS;

/** The most a referral earns: both fees ('up to $480 per referral'). */
export const MAX_REFERRAL_FEE_DOLLARS = REFERRAL_FEE_DOLLARS.cleanView + REFERRAL_FEE_DOLLARS.reline;

/** The fees in cents, as each new referral stores them (money is kept in integer cents, ADR 0017). */
export const REFERRAL_FEE_CENTS: Readonly<Record<FeePart, number>> = {
  cleanView: dollarsToCents(REFERRAL_FEE_DOLLARS.cleanView),
  reline: dollarsToCents(REFERRAL_FEE_DOLLARS.reline),
};

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
const WITH_CENTS = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Money as people read it (spec §9: in dollars): '$80', '$1,200', and '$80.50' only when there are cents. */
export function formatMoney(dollars: number): string {
  return (Number.isInteger(dollars) ? WHOLE_DOLLARS : WITH_CENTS).format(dollars);
}

/** A number of things with its unit: '15 days', '1 business day', '25 years'. */
export function countOf(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The inspection price as printed: '$299'. */
export const INSPECTION_PRICE = formatMoney(INSPECTION_PRICE_FROM_DOLLARS);

/**
 * Every price a homeowner reads says it includes GST (issue 17): Australian consumer prices are shown
 * GST-inclusive, and the site says so beside each one.
 */
export const INC_GST = 'inc. GST';

/** The inspection price with its GST note, for running text: 'from $299 inc. GST'. */
export const INSPECTION_PRICE_INC_GST = `${INSPECTION_PRICE} ${INC_GST}`;

/** The inspection price on its own: 'From $299 inc. GST'. */
export const INSPECTION_PRICE_FROM = `From ${INSPECTION_PRICE_INC_GST}`;

/** The fees as printed: '$80', '$400', and the most per referral, '$480'. */
export const FEES = {
  cleanView: formatMoney(REFERRAL_FEE_DOLLARS.cleanView),
  reline: formatMoney(REFERRAL_FEE_DOLLARS.reline),
  max: formatMoney(MAX_REFERRAL_FEE_DOLLARS),
} as const;

/** The payment terms as printed: '15 days', '30 days'. */
export const PAYMENT_TERMS = {
  cleanView: countOf(PAYMENT_TERMS_DAYS.cleanView, 'day'),
  reline: countOf(PAYMENT_TERMS_DAYS.reline, 'day'),
} as const;

/** How soon a referred client is contacted, as printed: '1 business day'. */
export const CLIENT_CONTACT_TIME = countOf(CLIENT_CONTACT_BUSINESS_DAYS, 'business day');

/** The guarantee as printed: '25-year guarantee', '25 years', the footer's badge '25 Year Warranty'. */
export const WARRANTY = {
  guarantee: `${WARRANTY_YEARS}-year guarantee`,
  years: countOf(WARRANTY_YEARS, 'year'),
  badge: `${WARRANTY_YEARS} Year Warranty`,
} as const;

/** The site's primary call to action (spec §2). */
export const BOOKING_BUTTON_LABEL = `Book Clean & View: ${INSPECTION_PRICE_FROM}`;

/** The business's public details, printed on every page and e-mail. */
export const COMPANY = {
  name: 'Pipe Relining Australia',
  phone: PHONE,
  /** The same number for `tel:` links (a 1300 number: dialled as it is, never with +61). */
  phoneHref: telHref(PHONE)!,
  email: 'info@pipereliningaustralia.com.au',
  serviceArea: 'Australia Wide Service',
  accreditations: ['Licensed Plumber', 'Fully Insured', 'Australian Owned', WARRANTY.badge],
} as const;

/**
 * Every money figure the business prints, as printed: a page, e-mail default or console screen that
 * shows any other dollar amount carries a copy of its own (the public site's build refuses one).
 */
export const PRINTED_AMOUNTS: readonly string[] = [INSPECTION_PRICE, FEES.cleanView, FEES.reline, FEES.max];
