import { REVIEW_LIMITS, REVIEW_MESSAGES, reviewSubmissionProblems, type ReviewProblem, type ReviewSubmission } from '@relining/contracts/review-rules';
import type { ReviewInvitation } from '@relining/contracts/api/reviews';
import { ApiError } from '@relining/contracts/client/http';

/**
 * The customer's review form (issue 20, /review/{token} from the review request e-mail): what it
 * starts with, what it sends, and how the API's answers read. Pure, so it is tested without a browser.
 */

/** The form's fields, as the API names them (POST /api/reviews/{token}). */
export type ReviewField = 'rating' | 'text' | 'firstName' | 'suburb' | 'consent';
export const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'text', 'firstName', 'suburb', 'consent'];

export interface ReviewFormValues {
  /** null until a star is chosen. */
  rating: number | null;
  text: string;
  firstName: string;
  suburb: string;
  /** Unticked until the customer ticks it: publishing needs their say-so. */
  consent: boolean;
}

export type ReviewFieldErrors = Partial<Record<ReviewField, string>>;

/** The API path of a review link's token: GET for the form's start, POST for the review. */
export function reviewApiPath(token: string): string {
  return `/reviews/${encodeURIComponent(token)}`;
}

/** The form as it opens: the name and suburb prefilled from the job, no stars, consent unticked. */
export function initialReviewValues(invitation: ReviewInvitation): ReviewFormValues {
  return { rating: null, text: '', firstName: invitation.firstName, suburb: invitation.suburb ?? '', consent: false };
}

/** The JSON the form posts (a ReviewSubmission): the rating as a number, the texts trimmed, consent a boolean. */
export interface ReviewPost extends ReviewSubmission {
  rating: number | null;
  text: string;
  firstName: string;
  suburb: string;
  consent: boolean;
}

export function reviewSubmissionOf(values: ReviewFormValues): ReviewPost {
  return { rating: values.rating, text: values.text.trim(), firstName: values.firstName.trim(), suburb: values.suburb.trim(), consent: values.consent };
}

/** Each field's first problem, from the shared rules (the browser) or the API's `errors` (the server): one format for both. */
export function fieldErrorsOf(problems: readonly { field: string; message: string }[]): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  for (const { field, message } of problems) {
    if ((REVIEW_FIELDS as readonly string[]).includes(field) && errors[field as ReviewField] === undefined) errors[field as ReviewField] = message;
  }
  return errors;
}

/** The form's problems by field, with the same rules and messages as the server (REVIEW_MESSAGES); empty: send it. */
export function reviewFormErrors(values: ReviewFormValues): ReviewFieldErrors {
  const problems: ReviewProblem[] = reviewSubmissionProblems(reviewSubmissionOf(values));
  return fieldErrorsOf(problems);
}

/** The first field with an error, in the form's order (it takes the focus). */
export function firstErrorField(errors: ReviewFieldErrors): ReviewField | undefined {
  return REVIEW_FIELDS.find((field) => errors[field] !== undefined);
}

/** '120 / 1,000 characters': the review's length against its limit (as the server counts it, trimmed). */
export function reviewTextCounter(text: string): string {
  return `${text.trim().length.toLocaleString('en-AU')} / ${REVIEW_LIMITS.text.toLocaleString('en-AU')} characters`;
}

/** What the chosen stars mean, shown beside them. */
export const RATING_WORDS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

/** '1 star', '5 stars': each radio's label. */
export function starLabel(stars: number): string {
  return stars === 1 ? '1 star' : `${stars} stars`;
}

/**
 * The link as the API answered it: the form's start; a link that is not (or no longer) known (404);
 * a link already used (410), which is a thank-you rather than an error; or a failure to retry.
 */
export type ReviewLinkState =
  | { kind: 'loading' }
  | { kind: 'open'; invitation: ReviewInvitation }
  | { kind: 'unknown'; message: string }
  | { kind: 'used'; message: string }
  | { kind: 'error' };

/** The state a failed request leaves the link in; undefined when it says nothing about the link (validation, network). */
export function linkStateOfError(error: unknown): Extract<ReviewLinkState, { kind: 'unknown' | 'used' }> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return { kind: 'unknown', message: serverMessage(error, REVIEW_MESSAGES.linkUnknown) };
  if (error.status === 410) return { kind: 'used', message: serverMessage(error, REVIEW_MESSAGES.linkUsed) };
  return undefined;
}

/** The page's state once GET /api/reviews/{token} answered with the link's invitation. */
export function openReviewLink(invitation: ReviewInvitation): ReviewLinkState {
  return { kind: 'open', invitation };
}

/** The page's state once GET /api/reviews/{token} failed: the link unknown or used, or an error. */
export function failedReviewLink(error: unknown): ReviewLinkState {
  return linkStateOfError(error) ?? { kind: 'error' };
}

/** The server's own message when it gave one in its error format, else the shared one. */
function serverMessage(error: ApiError, fallback: string): string {
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message.trim() ? body.message : fallback;
}
