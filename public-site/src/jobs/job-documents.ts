import type { JobPhotoRecord, PublicQuote, PublicQuoteLine, PublicReportSection, UnlockRequest } from '@relining/contracts/api/inspections';
import type { Grade } from '@relining/contracts/inspection-report';

/**
 * The rules of the tracking page's private part (issue 17): unlocking it, and how the report and the
 * quote read. Pure, so they are tested on their own (job-documents.spec.ts).
 */

/** The API base of a job's private part: the report, the quote, the photos and the PDF live under it. */
export function jobStatusBase(code: string): string {
  return `/job-status/${encodeURIComponent(code)}`;
}

export const UNLOCK_MESSAGES = {
  neither: 'Enter your postcode or the last 4 digits of your phone.',
  both: 'Enter just one: your postcode or the last 4 digits of your phone.',
  postcode: 'A postcode is 4 digits, e.g. 2000.',
  phoneLast4: 'Enter the last 4 digits of your phone number.',
} as const;

export type UnlockField = 'postcode' | 'phoneLast4';

/** What the unlock form sends, or which field is wrong and why (an Australian postcode and a phone's last digits are both 4 digits). */
export function unlockRequest(postcode: string, phoneLast4: string): { request: UnlockRequest } | { field: UnlockField | null; message: string } {
  const code = postcode.replace(/\s+/g, '');
  const digits = phoneLast4.replace(/\s+/g, '');
  if (!code && !digits) return { field: null, message: UNLOCK_MESSAGES.neither };
  if (code && digits) return { field: null, message: UNLOCK_MESSAGES.both };
  if (code) return /^\d{4}$/.test(code) ? { request: { postcode: code } } : { field: 'postcode', message: UNLOCK_MESSAGES.postcode };
  return /^\d{4}$/.test(digits) ? { request: { phoneLast4: digits } } : { field: 'phoneLast4', message: UNLOCK_MESSAGES.phoneLast4 };
}

/** A grade's colour: 1–2 good (green), 3 fair (amber), 4–5 poor (red). */
export type GradeTone = 'good' | 'fair' | 'poor';

export function gradeTone(grade: Grade): GradeTone {
  return grade <= 2 ? 'good' : grade === 3 ? 'fair' : 'poor';
}

/** '12.5 m' for a reline (metres), '2' for anything else (a count). */
export function quantityText(line: Pick<PublicQuoteLine, 'kind' | 'quantity'>): string {
  return line.kind === 'reline' ? `${line.quantity} m` : String(line.quantity);
}

/** '0 m', '3.5 m': where along the section something was seen. */
export function metresText(metres: number): string {
  return `${metres} m`;
}

/** 'Boundary trap → Kitchen junction'. */
export function sectionTitle(section: Pick<PublicReportSection, 'from' | 'to'>): string {
  return `${section.from} → ${section.to}`;
}

/** A photo in a section, with what it shows: the observation that names it. */
export interface SectionPhoto {
  photo: JobPhotoRecord;
  caption: string;
}

/** The section's photos in the order its observations name them, each once, with the first observation's words as its caption. */
export function sectionPhotos(section: Pick<PublicReportSection, 'observations'>, photos: readonly JobPhotoRecord[]): SectionPhoto[] {
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const seen = new Set<string>();
  const result: SectionPhoto[] = [];
  for (const observation of section.observations) {
    for (const id of observation.photoIds ?? []) {
      const photo = byId.get(id);
      if (!photo || seen.has(id)) continue;
      seen.add(id);
      result.push({ photo, caption: `${observation.label} at ${metresText(observation.distanceM)}` });
    }
  }
  return result;
}

/** The width to open a photo at full size: the largest stored, at most 1600 px (a phone or laptop screen). */
export function fullSizeWidth(photo: Pick<JobPhotoRecord, 'widths' | 'width'>): number {
  const fitting = photo.widths.filter((width) => width <= 1600);
  return fitting[fitting.length - 1] ?? photo.widths[0] ?? photo.width;
}

/** What the customer can do with the quote shown. */
export type QuoteStage = 'open' | 'expired' | 'accepted' | 'declined';

export function quoteStage(quote: Pick<PublicQuote, 'state' | 'expired'>): QuoteStage {
  if (quote.state !== 'open') return quote.state;
  return quote.expired ? 'expired' : 'open';
}

export const ACCEPT_MESSAGES = {
  fullName: 'Type your full name to accept the quote.',
  agree: 'Tick the box to accept the quote and the terms.',
} as const;

/** The accept form's problems, by field (none: it can be sent). */
export function acceptProblems(fullName: string, agree: boolean): Partial<Record<'fullName' | 'agree', string>> {
  const problems: Partial<Record<'fullName' | 'agree', string>> = {};
  if (fullName.trim().length < 2) problems.fullName = ACCEPT_MESSAGES.fullName;
  if (!agree) problems.agree = ACCEPT_MESSAGES.agree;
  return problems;
}
