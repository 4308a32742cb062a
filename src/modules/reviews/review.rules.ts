import { createHash, randomBytes } from 'node:crypto';
import { JobStatus } from '@relining/contracts/job-status';
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_STATUSES, type ReviewStatus } from '@relining/contracts/review-rules';
import { serviceAreaOfPostcode } from '@relining/contracts/service-areas';

/** What the review request rule needs of a job's change (JobStageChanged). */
export interface JobChangeForRequest {
  status: string;
  archived: boolean;
  customerEmail: string | null | undefined;
  changeKind: 'created' | 'stage' | 'archived' | 'restored';
}

/**
 * Whether a job's change makes its one review request: it reached `completed` (moved there, made at
 * that stage, or restored there from the archive), is not archived, and has a customer e-mail to
 * write to. A job that already asked keeps its one request.
 */
export function asksForReview(change: JobChangeForRequest): boolean {
  if (change.changeKind === 'archived') return false;
  return change.status === JobStatus.Completed && !change.archived && typeof change.customerEmail === 'string' && change.customerEmail.trim() !== '';
}

/** Archiving a job withdraws its request not sent yet: staff retired the job (restoring it asks again). */
export function withdrawsReviewRequest(change: Pick<JobChangeForRequest, 'changeKind'>): boolean {
  return change.changeKind === 'archived';
}

/** When the request is due: `delayDays` whole days after completion (0: at the next look). */
export function reviewRequestDueAt(completedAt: Date, delayDays: number): Date {
  return new Date(completedAt.getTime() + delayDays * 86_400_000);
}

/** The name the e-mail greets and the form starts with: the first word of the customer's name. */
export function firstNameOf(customerName: string): string {
  const first = customerName.trim().split(/\s+/)[0] ?? '';
  return first.slice(0, REVIEW_LIMITS.firstName) || 'there';
}

const STATES = 'NSW|VIC|QLD|WA|SA|TAS|NT|ACT';
const ADDRESS_TAIL = new RegExp(`(?:^|,)\\s*([^,]*?)\\s+(?:${STATES})\\s+(\\d{4})\\s*$`, 'i');

/**
 * The suburb and postcode at the end of a job's address as staff type it ('12 Station Street,
 * Richmond VIC 3121' → Richmond, 3121); nulls when the address does not end that way.
 */
export function placeOfAddress(address: string | null | undefined): { suburb: string | null; postcode: string | null } {
  const match = address ? ADDRESS_TAIL.exec(address.trim()) : null;
  if (!match) {
    const postcode = address ? (/\b(\d{4})\s*$/.exec(address.trim())?.[1] ?? null) : null;
    return { suburb: null, postcode };
  }
  const suburb = match[1]!.trim();
  return { suburb: suburb ? suburb.slice(0, REVIEW_LIMITS.suburb) : null, postcode: match[2]! };
}

/** The service area slug of a postcode (nearby reviews on the local pages), or null outside them. */
export function areaOfPostcode(postcode: string | null | undefined): string | null {
  return serviceAreaOfPostcode(postcode)?.slug ?? null;
}

/** A new link secret: 256 random bits, base64url (43 characters). */
export function newReviewToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a link secret: its sha256 (hex). */
export function reviewTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as the link carries it: base64url of 16 to 64 bytes; anything else is unknown without a look-up. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{22,86}$/.test(token);
}

/** A status as staff send it, or undefined. */
export function toReviewStatus(value: unknown): ReviewStatus | undefined {
  return typeof value === 'string' && (REVIEW_STATUSES as readonly string[]).includes(value) ? (value as ReviewStatus) : undefined;
}

/**
 * The public reply as staff send it: text (trimmed) sets it, '' or null clears it, absent leaves it;
 * 'invalid' for anything else or text too long.
 */
export function toReply(value: unknown): { kind: 'keep' } | { kind: 'set'; reply: string | null } | { kind: 'invalid' } {
  if (value === undefined) return { kind: 'keep' };
  if (value === null) return { kind: 'set', reply: null };
  if (typeof value !== 'string') return { kind: 'invalid' };
  const reply = value.trim();
  if (reply.length > REVIEW_LIMITS.reply) return { kind: 'invalid' };
  return { kind: 'set', reply: reply === '' ? null : reply };
}

// ---- CSV import ------------------------------------------------------------------------------

export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, rows: 5_000 } as const;

export const IMPORT_MESSAGES = {
  file: 'Please choose a CSV file of reviews to import',
  tooLarge: `The file is too large: import at most ${IMPORT_LIMITS.rows.toLocaleString('en-AU')} reviews (2 MB) at a time`,
  unreadable: 'The file could not be read as CSV: please save it as CSV (comma separated) with a header row',
  header: 'The first row must name the columns: rating, text, name, suburb, postcode, date, source',
  empty: 'The file holds no reviews',
  source: 'Please name where these reviews come from (source)',
  sourceLength: `The source can hold at most ${REVIEW_LIMITS.source} characters`,
  date: 'Please give the date as yyyy-mm-dd or d/m/yyyy',
  futureDate: 'The date cannot be in the future',
  postcode: 'The postcode must be 4 digits',
  name: 'Please enter the name shown with the review',
} as const;

export const IMPORT_COLUMNS = ['rating', 'text', 'name', 'suburb', 'postcode', 'date', 'source'] as const;
export const REQUIRED_IMPORT_COLUMNS = ['rating', 'name', 'date'] as const;

/** One CSV row as read (by column name). */
export type ImportRow = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

export interface ImportedReview {
  rating: number;
  text: string;
  firstName: string;
  suburb: string | null;
  postcode: string | null;
  area: string | null;
  source: string;
  /** yyyy-mm-dd. */
  date: string;
  fingerprint: string;
}

/** 'yyyy-mm-dd' or 'd/m/yyyy' (Australian order) → 'yyyy-mm-dd' when it is a real day; otherwise null. */
export function parseImportDate(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  let year: number;
  let month: number;
  let day: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (!match) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The same review imported again (same source, name, date and text, whatever the case and spacing). */
export function importFingerprint(review: { source: string; firstName: string; date: string; text: string }): string {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return createHash('sha256')
    .update([normal(review.source), normal(review.firstName), review.date, normal(review.text)].join('\u0000'))
    .digest('hex');
}

/**
 * One row's review, or its problems named 'row N field' (N counts the file's lines, the header being
 * row 1, as a spreadsheet shows them). `defaultSource` serves rows without a source; `today` refuses
 * dates after it.
 */
export function importRow(
  row: ImportRow,
  rowNumber: number,
  defaultSource: string | undefined,
  today: string,
): { review: ImportedReview; problems: [] } | { review: null; problems: Array<{ field: string; message: string }> } {
  const problems: Array<{ field: string; message: string }> = [];
  const problem = (field: string, message: string) => problems.push({ field: `row ${rowNumber} ${field}`, message });
  const ratingText = (row.rating ?? '').trim();
  const rating = /^[1-5]$/.test(ratingText) ? Number(ratingText) : undefined;
  if (rating === undefined) problem('rating', REVIEW_MESSAGES.rating);
  const text = (row.text ?? '').trim();
  if (text.length > REVIEW_LIMITS.text) problem('text', REVIEW_MESSAGES.text);
  const firstName = (row.name ?? '').trim();
  if (!firstName) problem('name', IMPORT_MESSAGES.name);
  else if (firstName.length > REVIEW_LIMITS.firstName) problem('name', REVIEW_MESSAGES.firstNameLength);
  const suburb = (row.suburb ?? '').trim();
  if (suburb.length > REVIEW_LIMITS.suburb) problem('suburb', REVIEW_MESSAGES.suburb);
  const postcodeText = (row.postcode ?? '').trim();
  // Spreadsheets drop the leading zero of the Northern Territory's postcodes (0810 → 810).
  const postcode = /^\d{3,4}$/.test(postcodeText) ? postcodeText.padStart(4, '0') : postcodeText === '' ? null : undefined;
  if (postcode === undefined) problem('postcode', IMPORT_MESSAGES.postcode);
  const date = parseImportDate(row.date);
  if (!date) problem('date', IMPORT_MESSAGES.date);
  else if (date > today) problem('date', IMPORT_MESSAGES.futureDate);
  const source = (row.source ?? '').trim() || (defaultSource ?? '').trim();
  if (!source) problem('source', IMPORT_MESSAGES.source);
  else if (source.length > REVIEW_LIMITS.source) problem('source', IMPORT_MESSAGES.sourceLength);
  if (problems.length > 0 || rating === undefined || !date || postcode === undefined) return { review: null, problems };
  return {
    review: {
      rating,
      text,
      firstName,
      suburb: suburb || null,
      postcode,
      area: areaOfPostcode(postcode),
      source,
      date,
      fingerprint: importFingerprint({ source, firstName, date, text }),
    },
    problems: [],
  };
}
