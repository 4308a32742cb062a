import type { FieldError } from './api/errors.js';
import { isValidAbn, LICENCE_STATES, type CompanyProfile, type ProfileLink } from './site-content.js';

/** The company profile form's messages: the console shows them at their fields, the API answers them. */
export const PROFILE_MESSAGES = {
  text: (label: string, max: number) => `${label} must be text of at most ${max} characters`,
  abn: 'Please enter a valid 11-digit ABN',
  licenceState: 'Please choose a state or territory',
  licenceNumber: 'Please enter the licence number (letters, digits, spaces, / or -, at most 30 characters)',
  licenceRepeated: 'Each state or territory can have only one licence number',
  tooMany: (what: string, max: number) => `At most ${max} ${what}`,
  linkLabel: 'Please enter what the link is (at most 60 characters)',
  linkUrl: 'Please enter a web address starting with https://',
  establishedYear: (thisYear: number) => `Please enter a year between 1900 and ${thisYear}, or leave it empty`,
} as const;

const TEXT_LIMITS = { legalName: 200, insurer: 200, insurancePolicy: 100, serviceHours: 200 } as const;
const TEXT_LABELS = { legalName: 'Legal name', insurer: 'Insurer', insurancePolicy: 'Policy number', serviceHours: 'Service hours' } as const;
export const MAX_LICENCES = LICENCE_STATES.length;
export const MAX_LINKS = 8;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Half of a UTF-16 surrogate pair on its own: not a character, and not storable as JSON in PostgreSQL. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max && !LONE_SURROGATE.test(value);

/** True for an absolute https:// address (what a visitor's browser can open safely). */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 500 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function linkProblems(field: 'socialLinks' | 'reviewLinks', value: unknown): FieldError[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [{ field, message: PROFILE_MESSAGES.tooMany('links', MAX_LINKS) }];
  if (value.length > MAX_LINKS) return [{ field, message: PROFILE_MESSAGES.tooMany('links', MAX_LINKS) }];
  return value.flatMap((link: unknown, index) => {
    const at = `${field}[${index}]`;
    const record = isRecord(link) ? link : {};
    const problems: FieldError[] = [];
    if (!isText(record.label, 60) || record.label.trim() === '') problems.push({ field: `${at}.label`, message: PROFILE_MESSAGES.linkLabel });
    if (!isHttpsUrl(typeof record.url === 'string' ? record.url.trim() : record.url)) problems.push({ field: `${at}.url`, message: PROFILE_MESSAGES.linkUrl });
    return problems;
  });
}

/**
 * Every problem of a company profile as submitted (a PUT names every field it changes; fields left out
 * keep their value). Empty text and null numbers are allowed: an empty field is simply not printed.
 */
export function companyProfileProblems(input: Partial<Record<keyof CompanyProfile, unknown>>, thisYear: number): FieldError[] {
  const problems: FieldError[] = [];
  for (const key of Object.keys(TEXT_LIMITS) as Array<keyof typeof TEXT_LIMITS>) {
    const value = input[key];
    if (value !== undefined && !isText(value, TEXT_LIMITS[key]))
      problems.push({ field: key, message: PROFILE_MESSAGES.text(TEXT_LABELS[key], TEXT_LIMITS[key]) });
  }
  if (input.abn !== undefined && !(typeof input.abn === 'string' && (input.abn.trim() === '' || isValidAbn(input.abn.trim())))) {
    problems.push({ field: 'abn', message: PROFILE_MESSAGES.abn });
  }
  if (input.licences !== undefined) {
    if (!Array.isArray(input.licences) || input.licences.length > MAX_LICENCES) {
      problems.push({ field: 'licences', message: PROFILE_MESSAGES.tooMany('licences (one per state or territory)', MAX_LICENCES) });
    } else {
      const seen = new Set<unknown>();
      input.licences.forEach((licence: unknown, index) => {
        const record = isRecord(licence) ? licence : {};
        if (!LICENCE_STATES.includes(record.state as never)) problems.push({ field: `licences[${index}].state`, message: PROFILE_MESSAGES.licenceState });
        else if (seen.has(record.state)) problems.push({ field: `licences[${index}].state`, message: PROFILE_MESSAGES.licenceRepeated });
        seen.add(record.state);
        if (typeof record.number !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 /-]{0,29}$/.test(record.number.trim())) {
          problems.push({ field: `licences[${index}].number`, message: PROFILE_MESSAGES.licenceNumber });
        }
      });
    }
  }
  problems.push(...linkProblems('socialLinks', input.socialLinks), ...linkProblems('reviewLinks', input.reviewLinks));
  const year = input.establishedYear;
  if (year !== undefined && year !== null && !(Number.isInteger(year) && (year as number) >= 1900 && (year as number) <= thisYear)) {
    problems.push({ field: 'establishedYear', message: PROFILE_MESSAGES.establishedYear(thisYear) });
  }
  return problems;
}

const trimLinks = (links: readonly ProfileLink[]): ProfileLink[] => links.map((link) => ({ label: link.label.trim(), url: link.url.trim() }));

/** The stored form of a checked profile: text trimmed, the ABN as its 11 digits, licences in state order. */
export function normalizeCompanyProfile(profile: CompanyProfile): CompanyProfile {
  return {
    legalName: profile.legalName.trim(),
    abn: profile.abn.replace(/\s/g, ''),
    licences: profile.licences
      .map((licence) => ({ state: licence.state, number: licence.number.trim() }))
      .sort((a, b) => LICENCE_STATES.indexOf(a.state) - LICENCE_STATES.indexOf(b.state)),
    insurer: profile.insurer.trim(),
    insurancePolicy: profile.insurancePolicy.trim(),
    establishedYear: profile.establishedYear,
    serviceHours: profile.serviceHours.trim(),
    socialLinks: trimLinks(profile.socialLinks),
    reviewLinks: trimLinks(profile.reviewLinks),
  };
}
