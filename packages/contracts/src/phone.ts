/**
 * `tel:` links for Australian phone numbers as people type them, shared by the server (e-mails, form
 * pages), the public site and the console. The text shown stays as typed; only the link is normalised.
 *
 * - 1300, 1800 and 13 numbers are national only: dialled as they are (`tel:1300123456`), never with +61
 *   (they cannot be called from abroad, and some phones refuse `+611300…`).
 * - Mobiles and landlines with their area code (0412 345 678, (03) 9123 4567) become international
 *   form without the trunk 0 (`tel:+61412345678`, `tel:+61391234567`), so they work from any phone.
 * - Numbers already international (+61 …, +44 …, 0011 44 …) keep their country code; a trunk 0 typed
 *   after +61 ("+61 (0)4 …") is dropped.
 * - Anything else (a local number without an area code) is dialled as typed, digits only.
 */

/** Australian numbers that only exist inside Australia: 13 xx xx, 1300/1800 xxx xxx, 1900 xxx xxx. */
const NATIONAL_ONLY = /^(?:13\d{4}|1[389]00\d{6})$/;
/** A full national number: trunk 0, area code 2, 3, 4, 7 or 8, then eight digits. */
const NATIONAL_WITH_TRUNK = /^0[23478]\d{8}$/;

/** The `tel:` href of a phone number as typed, or null when it holds no number to call. */
export function telHref(typed: string): string | null {
  const text = typed.trim();
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  const international = text.startsWith('+') || digits.startsWith('0011');
  if (international) {
    const number = text.startsWith('+') ? digits : digits.slice(4);
    if (!number.startsWith('61')) return `tel:+${number}`;
    // +61 (0)4… keeps no trunk 0; +61 1300 … is a national-only number, dialled without +61.
    const national = number.slice(2).replace(/^0/, '');
    return NATIONAL_ONLY.test(national) ? `tel:${national}` : `tel:+61${national}`;
  }
  if (NATIONAL_ONLY.test(digits)) return `tel:${digits}`;
  if (NATIONAL_WITH_TRUNK.test(digits)) return `tel:+61${digits.slice(1)}`;
  // 61 412 345 678: the country code typed without its plus.
  if (/^61[23478]\d{8}$/.test(digits)) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/**
 * The number as matching compares it (DESIGN §6: stored as typed, normalised to +61 for matching):
 * `+61412345678` for 0412 345 678, +61 412 345 678 and 61412345678 alike; '' when it holds no number.
 */
export function phoneMatchKey(typed: string | null | undefined): string {
  const href = telHref(typed ?? '');
  return href ? href.slice('tel:'.length) : '';
}
