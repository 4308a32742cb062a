/**
 * What unlocks a tracking page's private part (issue 17): the site's postcode or the last four digits
 * of the customer's phone. The link alone shows stages and dates; the report, its photos, the PDF and
 * the quote need one of these too.
 */

/** Wrong tries a job takes in an hour before it refuses every try (right or wrong) until the hour has passed. */
export const UNLOCK_WRONG_TRIES_PER_HOUR = 5;

/** How long a browser stays unlocked for a job. */
export const UNLOCK_GRANT_DAYS = 30;

/** The site's postcode: the last four-digit group of the job's address ('12 Smith St, Parramatta NSW 2150'). */
export function sitePostcode(address: string | null): string | null {
  const groups = (address ?? '').match(/\b\d{4}\b/g);
  return groups ? groups[groups.length - 1]! : null;
}

/** The last four digits of a phone number, whatever its spacing or +61. */
export function phoneLastFour(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

export type UnlockInput = { postcode?: unknown; phoneLast4?: unknown };

/** The field problem with what was typed (one of the two, four digits), or null when it can be checked. */
export function unlockInputProblem(input: UnlockInput): { field: string; message: string } | null {
  const given = (['postcode', 'phoneLast4'] as const).filter((key) => input[key] !== undefined && input[key] !== null && input[key] !== '');
  if (given.length !== 1) return { field: 'postcode', message: 'Enter your postcode or the last four digits of your phone.' };
  const key = given[0]!;
  const value = input[key];
  if (typeof value !== 'string' || !/^\s*\d{4}\s*$/.test(value)) {
    return { field: key, message: key === 'postcode' ? 'A postcode is four digits.' : 'Enter the last four digits of your phone.' };
  }
  return null;
}

/** Whether a checked input matches the job (a job without a postcode or a phone cannot be unlocked that way). */
export function unlockMatches(job: { address: string | null; customerPhone: string | null }, input: UnlockInput): boolean {
  if (typeof input.postcode === 'string') {
    const postcode = sitePostcode(job.address);
    return postcode !== null && postcode === input.postcode.trim();
  }
  if (typeof input.phoneLast4 === 'string') {
    const last = phoneLastFour(job.customerPhone);
    return last !== null && last === input.phoneLast4.trim();
  }
  return false;
}
