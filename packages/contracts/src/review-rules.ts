/**
 * Reviews from verified jobs (issue 20): what a customer may write from the private link, how staff
 * moderate, and the rating the site states, computed from the published reviews only.
 */

export const ReviewStatus = {
  /** Written (or imported) and waiting for staff: never shown. */
  Pending: 'pending',
  /** Shown on the site (only with the author's consent). */
  Published: 'published',
  /** Kept, never shown. */
  Hidden: 'hidden',
} as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];
export const REVIEW_STATUSES = Object.values(ReviewStatus);
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Waiting for moderation', published: 'Published', hidden: 'Hidden' };

export const REVIEW_LIMITS = { text: 1000, firstName: 40, suburb: 60, reply: 1000, source: 60 } as const;
/** A 'good' review, of those the pages feature first: 4 stars or more. */
export const GOOD_REVIEW_RATING = 4;
/** Default days between a job's completion and its review request (REVIEW_REQUEST_DELAY_DAYS). */
export const REVIEW_REQUEST_DELAY_DAYS_DEFAULT = 2;

export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars',
  text: `Your review can hold at most ${REVIEW_LIMITS.text.toLocaleString('en-AU')} characters`,
  firstName: 'Please enter the first name to show with your review',
  firstNameLength: `The name can hold at most ${REVIEW_LIMITS.firstName} characters`,
  suburb: `The suburb can hold at most ${REVIEW_LIMITS.suburb} characters`,
  consent: 'Please answer whether we may publish your review',
  linkUnknown: 'This review link is not valid. Please use the link in your e-mail, or call us.',
  linkUsed: 'This review link has already been used. Thank you for your review!',
  publishWithoutConsent: 'This review cannot be published: its author did not consent to publishing it',
  reply: `The reply can hold at most ${REVIEW_LIMITS.reply.toLocaleString('en-AU')} characters`,
  status: 'Please choose Published, Hidden or Waiting for moderation',
} as const;

/** The fields of the customer's form (POST /api/reviews/{token}), as typed. */
export interface ReviewSubmission {
  rating: unknown;
  text?: unknown;
  firstName?: unknown;
  suburb?: unknown;
  /** May we publish it (the review is kept either way). */
  consent?: unknown;
}

export interface ReviewProblem {
  field: keyof ReviewSubmission;
  message: string;
}

/** The submission's problems, in the form's order (empty: valid). */
export function reviewSubmissionProblems(input: ReviewSubmission): ReviewProblem[] {
  const problems: ReviewProblem[] = [];
  const rating = typeof input.rating === 'string' && /^\d$/.test(input.rating.trim()) ? Number(input.rating.trim()) : input.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) problems.push({ field: 'rating', message: REVIEW_MESSAGES.rating });
  const text = typeof input.text === 'string' ? input.text.trim() : input.text;
  if (text !== undefined && text !== null && (typeof text !== 'string' || text.length > REVIEW_LIMITS.text))
    problems.push({ field: 'text', message: REVIEW_MESSAGES.text });
  const firstName = typeof input.firstName === 'string' ? input.firstName.trim() : '';
  if (!firstName) problems.push({ field: 'firstName', message: REVIEW_MESSAGES.firstName });
  else if (firstName.length > REVIEW_LIMITS.firstName) problems.push({ field: 'firstName', message: REVIEW_MESSAGES.firstNameLength });
  const suburb = input.suburb;
  if (suburb !== undefined && suburb !== null && (typeof suburb !== 'string' || suburb.trim().length > REVIEW_LIMITS.suburb))
    problems.push({ field: 'suburb', message: REVIEW_MESSAGES.suburb });
  if (parseConsent(input.consent) === undefined) problems.push({ field: 'consent', message: REVIEW_MESSAGES.consent });
  return problems;
}

/** A checkbox or JSON answer: true/'true'/'on'/'yes'/'1' → true; false/'false'/'no'/'0'/absent → false; anything else undefined. */
export function parseConsent(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '' || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'string') {
    const answer = value.trim().toLowerCase();
    if (['true', 'on', 'yes', '1'].includes(answer)) return true;
    if (['false', 'off', 'no', '0'].includes(answer)) return false;
  }
  return undefined;
}

/** The moderation table: which status may follow which, and what a change needs. */
export function moderationProblem(review: { consent: boolean }, next: ReviewStatus): string | null {
  if (next === ReviewStatus.Published && !review.consent) return REVIEW_MESSAGES.publishWithoutConsent;
  return null;
}

/** The site's rating: the mean of the published ratings to one decimal (4.86 → 4.9), null without any. */
export function computedRating(ratings: readonly number[]): { rating: number | null; count: number } {
  if (ratings.length === 0) return { rating: null, count: 0 };
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { rating: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/**
 * 'Rated 4.9 out of 5 from 83 reviews': the figure computed from the published reviews, the count
 * exact (it grows with each one published); null without any.
 */
export function ratingClaim(summary: { rating: number | null; count: number }): string | null {
  if (summary.rating === null || summary.count < 1) return null;
  return `Rated ${summary.rating.toFixed(1)} out of 5 from ${summary.count} review${summary.count === 1 ? '' : 's'}`;
}

/** The same without 'Rated': '4.9 out of 5 from 83 reviews'. */
export function ratingFigure(summary: { rating: number | null; count: number }): string | null {
  const claim = ratingClaim(summary);
  return claim ? claim.slice('Rated '.length) : null;
}
