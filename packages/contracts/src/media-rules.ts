import type { FieldError } from './api/errors.js';
import type { MediaImageFields } from './api/media.js';
import { MEDIA_MESSAGES } from './site-content.js';

const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A photo's describing fields, as the upload form and the edit form send them (the console runs the
 * same check before sending): alt text required, consent recorded when a customer's property is shown.
 */
export function mediaFieldProblems(input: Partial<Record<keyof MediaImageFields, unknown>>): FieldError[] {
  const problems: FieldError[] = [];
  const alt = asText(input.altText)?.trim() ?? '';
  if (alt === '' || alt.length > 250) problems.push({ field: 'altText', message: MEDIA_MESSAGES.altText });
  const caption = input.caption;
  if (caption !== undefined && caption !== null && (typeof caption !== 'string' || caption.trim().length > 300)) {
    problems.push({ field: 'caption', message: MEDIA_MESSAGES.caption });
  }
  const note = input.consentNote;
  if (note !== undefined && note !== null && (typeof note !== 'string' || note.trim().length > 500)) {
    problems.push({ field: 'consentNote', message: MEDIA_MESSAGES.consentNoteLength });
  } else if (isTicked(input.showsCustomerProperty) && (asText(note)?.trim() ?? '') === '') {
    problems.push({ field: 'consentNote', message: MEDIA_MESSAGES.consentNote });
  }
  return problems;
}

/** A checkbox as JSON (a boolean) or a form (the text 'true' or 'on') sends it. */
export function isTicked(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on';
}

/** A before-and-after pair's words: both required. */
export function pairWordsProblems(input: { title?: unknown; description?: unknown }): FieldError[] {
  const problems: FieldError[] = [];
  const title = asText(input.title)?.trim() ?? '';
  if (title === '' || title.length > 80) problems.push({ field: 'title', message: MEDIA_MESSAGES.pairTitle });
  const description = asText(input.description)?.trim() ?? '';
  if (description === '' || description.length > 400) problems.push({ field: 'description', message: MEDIA_MESSAGES.pairDescription });
  return problems;
}
