import { telHref } from './phone.js';

const PHONE = '1300 747 354';

/**
 * The business's public details, printed on every page and e-mail. The public site is prerendered at
 * build time, so these are constants of the build rather than runtime settings.
 */
export const COMPANY = {
  name: 'Pipe Relining Australia',
  phone: PHONE,
  /** The same number for `tel:` links (a 1300 number: dialled as it is, never with +61). */
  phoneHref: telHref(PHONE)!,
  email: 'info@pipereliningaustralia.com.au',
  serviceArea: 'Australia Wide Service',
  accreditations: ['Licensed Plumber', 'Fully Insured', 'Australian Owned', '25 Year Warranty'],
} as const;

/** Business constants of spec §9. */
export const INSPECTION_PRICE_FROM = 299;
export const WARRANTY_YEARS = 25;
export const BOOKING_BUTTON_LABEL = 'Book Clean & View: From $299';
