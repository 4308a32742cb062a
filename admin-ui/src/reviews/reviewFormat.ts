import { findServiceArea } from '@relining/contracts/service-areas';
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewStatus } from '@relining/contracts/review-rules';
import type { ReviewImportResult, ReviewRecord } from '@relining/contracts/api/reviews';
import { countOf } from '@relining/contracts/business';

export type { ReviewChange, ReviewImportResult, ReviewRecord } from '@relining/contracts/api/reviews';

/** The status filter's choices, in the contracts' order and words ('Waiting for moderation'). */
export const REVIEW_STATUS_CHOICES = REVIEW_STATUSES.map((status) => ({ id: status, name: REVIEW_STATUS_LABELS[status] }));

/** Pending stands out: it is what staff have to do. */
export const REVIEW_STATUS_COLOURS: Record<ReviewStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  published: 'success',
  hidden: 'default',
};

export const reviewStatusLabel = (status: string): string => REVIEW_STATUS_LABELS[status as ReviewStatus] ?? status;

/** '5 stars', '1 star'. */
export const starsLabel = (rating: number): string => `${rating} star${rating === 1 ? '' : 's'}`;

/** The rating filter's choices, best first. */
export const RATING_CHOICES = [5, 4, 3, 2, 1].map((rating) => ({ id: rating, name: starsLabel(rating) }));

/** Where a review came from: 'Verified job' for one written from a completed job's link, else the source named on import. */
export function reviewSourceLabel(review: Pick<ReviewRecord, 'source' | 'verified'>): string {
  if (review.source === null && review.verified) return 'Verified job';
  return review.source ?? 'Unknown source';
}

/** The first `length` characters of a review, cut at a word, for a list row. */
export function excerpt(text: string | null | undefined, length = 90): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length);
  // Cut between words: at the limit when a word ends there, else at the last space before it.
  const space = clean[length] === ' ' ? length : cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** 'Melbourne' for the area slug 'melbourne' (the slug itself when the list no longer has it). */
export function areaName(slug: string | null | undefined): string | null {
  if (!slug) return null;
  return findServiceArea(slug)?.name ?? slug;
}

/** 'Imported 12 reviews (3 were already there)'. */
export function importSummary(result: ReviewImportResult): string {
  return `Imported ${countOf(result.imported, 'review')} (${result.duplicates} ${result.duplicates === 1 ? 'was' : 'were'} already there)`;
}
