import { dateFormat } from '@relining/contracts/date-format';

/**
 * How a published review reads on the pages (issue 20): its stars for screen readers, its date for
 * people, and where it comes from. Pure, so the prerendered and the hydrated page agree.
 */

/** '5 out of 5 stars': what a screen reader says for a review's stars. */
export function starsLabel(rating: number): string {
  return `${rating} out of 5 stars`;
}

/** '★★★★☆': the stars as drawn (hidden from screen readers, which read starsLabel). */
export function starsText(rating: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/**
 * '12 March 2026' for a review written '2026-03-12': the calendar day itself (read at noon UTC, so
 * no zone moves it to a neighbouring day); the text as given when it is not a day.
 */
export function reviewDateLabel(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return day;
  return dateFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(noon);
}

/** 'Verified customer' for a review from one of our completed jobs, else where it was first published ('Review on Google'). */
export function reviewSourceLabel(source: string | null): string {
  return source ? `Review on ${source}` : 'Verified customer';
}
