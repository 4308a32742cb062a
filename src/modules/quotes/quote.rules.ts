import type { FieldError } from '@relining/contracts/api/errors';
import type { PublicQuote } from '@relining/contracts/api/inspections';
import { pairWordsProblems } from '@relining/contracts/media-rules';
import { quoteLineProblems } from '@relining/contracts/quote-rules';

/** Quotes are dated in the business's home zone: 'today' and 'expired' are Sydney's. */
export const QUOTE_TIME_ZONE = 'Australia/Sydney';

/** The words of the quote rules (the contracts hold the customer's QUOTE_MESSAGES). */
export const QUOTE_RULE_MESSAGES = {
  validUntilFormat: 'Give the valid-until date as YYYY-MM-DD',
  validUntilPast: 'The valid-until date must be today or later',
  notes: 'Notes can be at most 2,000 characters',
  accepted: 'This quote has been accepted and can no longer be changed.',
  acceptedAlready: 'This quote has already been accepted.',
  nothingToPublish: 'There is no quote to publish.',
  saveFirst: 'Save the quote before publishing',
  notPublished: 'No quote has been published yet.',
  fullName: 'Type your full name to accept',
  agree: 'Tick the box to accept the quote and its terms',
  version: 'Say which version of the quote you are accepting',
  reason: 'The reason can be at most 2,000 characters',
  noConsent: 'The customer has not agreed to their photos being used.',
  photo: 'Choose a photo of this job',
  slot: 'Choose home.pair.1, home.pair.2 or home.pair.3',
} as const;

export const PAIR_SLOTS = ['home.pair.1', 'home.pair.2', 'home.pair.3'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Every problem with a quote as staff save it (PUT /api/admin/jobs/:id/quote); `today` is Sydney's YYYY-MM-DD. */
export function quoteChangeProblems(input: unknown, today: string): FieldError[] {
  const change = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: FieldError[] = [...quoteLineProblems(change.lines)];
  if (!isCalendarDate(change.validUntil)) problems.push({ field: 'validUntil', message: QUOTE_RULE_MESSAGES.validUntilFormat });
  else if (change.validUntil < today) problems.push({ field: 'validUntil', message: QUOTE_RULE_MESSAGES.validUntilPast });
  const notes = change.notes;
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.length > 2000))
    problems.push({ field: 'notes', message: QUOTE_RULE_MESSAGES.notes });
  return problems;
}

/** The customer's acceptance: a full name typed (2–200 characters once trimmed), the tick, the version read. */
export function acceptProblems(input: unknown): FieldError[] {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: FieldError[] = [];
  const name = typeof body.fullName === 'string' ? body.fullName.trim() : '';
  if (name.length < 2 || name.length > 200) problems.push({ field: 'fullName', message: QUOTE_RULE_MESSAGES.fullName });
  if (body.agree !== true) problems.push({ field: 'agree', message: QUOTE_RULE_MESSAGES.agree });
  if (!Number.isInteger(body.version) || (body.version as number) < 1) problems.push({ field: 'version', message: QUOTE_RULE_MESSAGES.version });
  if (body.mediaConsent !== undefined && typeof body.mediaConsent !== 'boolean') {
    problems.push({ field: 'mediaConsent', message: 'mediaConsent must be true or false' });
  }
  return problems;
}

/** A decline's reason: optional, at most 2,000 characters. */
export function declineProblems(input: unknown): FieldError[] {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const reason = body.reason;
  return reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > 2000)
    ? [{ field: 'reason', message: QUOTE_RULE_MESSAGES.reason }]
    : [];
}

/** Staff's request to send the report's before and after photos to the media library. */
export function beforeAfterProblems(input: unknown): FieldError[] {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: FieldError[] = [];
  if (typeof body.beforePhotoId !== 'string' || !UUID.test(body.beforePhotoId)) problems.push({ field: 'beforePhotoId', message: QUOTE_RULE_MESSAGES.photo });
  if (typeof body.afterPhotoId !== 'string' || !UUID.test(body.afterPhotoId)) problems.push({ field: 'afterPhotoId', message: QUOTE_RULE_MESSAGES.photo });
  problems.push(...pairWordsProblems(body));
  if (body.slot !== undefined && body.slot !== null && !(PAIR_SLOTS as readonly unknown[]).includes(body.slot)) {
    problems.push({ field: 'slot', message: QUOTE_RULE_MESSAGES.slot });
  }
  return problems;
}

/** Whether a quote valid until `validUntil` can no longer be accepted on `today` (both YYYY-MM-DD, Sydney). */
export function isExpired(validUntil: string, today: string): boolean {
  return validUntil < today;
}

/**
 * Where the customer's quote stands: accepted once any version was accepted; declined when the
 * latest published version was declined (a new version after a decline is open again).
 */
export function publicQuoteState(accepted: boolean, latestVersionDeclined: boolean): PublicQuote['state'] {
  if (accepted) return 'accepted';
  return latestVersionDeclined ? 'declined' : 'open';
}
