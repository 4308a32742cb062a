/**
 * The inspection report, its photos and PDF, the quote and its acceptance (issue 17): staff under
 * /api/admin/jobs/:id/…, the customer under /api/job-status/:code/… once the tracking page is
 * unlocked (POST /api/job-status/:code/unlock).
 */
import type { Grade, InspectionReportInput, Observation, PipeSection } from '../inspection-report.js';
import type { PriceList } from '../quote-proposal.js';
import type { QuoteLine } from '../quote-rules.js';
import { IMAGE_FILE_EXTENSION, type ImageFormat } from '../site-content.js';

// ---------------------------------------------------------------------------------------------
// Photos

/** A photo of a job (cleaned: upright, sRGB, no metadata), served in `widths` × AVIF/WebP/JPEG. */
export interface JobPhotoRecord {
  id: string;
  width: number;
  height: number;
  /** Ascending, as `variantWidths` gives them. */
  widths: number[];
  createdAt: string;
}

/**
 * One file of a job photo. `base` is '/api/admin/jobs/{jobId}' for staff and
 * '/api/job-status/{code}' for the customer (unlocked): `{base}/photos/{photoId}/{width}.{avif|webp|jpg}`.
 */
export function jobPhotoUrl(base: string, photoId: string, width: number, format: ImageFormat): string {
  return `${base}/photos/${photoId}/${width}.${IMAGE_FILE_EXTENSION[format]}`;
}

/** A `srcset` of a job photo in one format. */
export function jobPhotoSrcSet(base: string, photo: Pick<JobPhotoRecord, 'id' | 'widths'>, format: ImageFormat): string {
  return photo.widths.map((width) => `${jobPhotoUrl(base, photo.id, width, format)} ${width}w`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Report (staff)

/** PUT /api/admin/jobs/:id/report: the draft (checked by `reportProblems`); publishing makes it the customer's. */
export type ReportChange = InspectionReportInput;

/** GET and PUT /api/admin/jobs/:id/report, POST …/report/publish. */
export interface ReportRecord extends InspectionReportInput {
  jobId: string;
  jobNumber: string;
  /** 0 until first published; each publish adds one. */
  publishedVersion: number;
  publishedAt: string | null;
  /** The draft differs from what the customer sees. */
  changedSincePublish: boolean;
  /** null: no report saved yet (the answer then has an empty summary and no sections). */
  updatedAt: string | null;
  /** Every photo of the job, oldest first; observations name theirs by id. */
  photos: JobPhotoRecord[];
  /** '/api/admin/jobs/{id}/report.pdf' once published, else null. */
  pdfUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Quote (staff)

export type QuoteState = 'draft' | 'published' | 'accepted' | 'declined';

/** How the customer accepted: the version, the name typed, when, from where. */
export interface QuoteAcceptanceRecord {
  version: number;
  fullName: string;
  acceptedAt: string;
  ip: string;
  userAgent: string;
  /** The customer agreed to the report's before and after photos being used on the website. */
  mediaConsent: boolean;
}

export interface QuoteDeclineRecord {
  version: number;
  reason: string | null;
  declinedAt: string;
}

/** PUT /api/admin/jobs/:id/quote (lines checked by `quoteLineProblems`; validUntil YYYY-MM-DD, today or later). */
export interface QuoteChange {
  lines: QuoteLine[];
  validUntil: string;
  /** Shown to the customer under the lines (exclusions, access notes); at most 2,000 characters. */
  notes?: string | null;
}

/** GET and PUT /api/admin/jobs/:id/quote, POST …/quote/publish. */
export interface QuoteRecord {
  jobId: string;
  jobNumber: string;
  /** The version the answer describes: the draft's, or the latest published when there is no draft. 0: nothing saved yet. */
  version: number;
  state: QuoteState;
  lines: QuoteLine[];
  /** Each line's amount in cents, in order. */
  lineCents: number[];
  totalCents: number;
  gstCents: number;
  /** `totalWithGst(totalCents)`: 'Total … inc. GST (GST …)'. */
  totalText: string;
  validUntil: string | null;
  notes: string | null;
  /** The version the customer sees (0: none published). */
  publishedVersion: number;
  publishedAt: string | null;
  /** The lines the published report proposes at today's price list (for 'Start from the report'). */
  proposedLines: QuoteLine[];
  acceptance: QuoteAcceptanceRecord | null;
  declines: QuoteDeclineRecord[];
  updatedAt: string | null;
}

/** GET and PUT /api/admin/settings/price-list (checked by `priceListProblems`). */
export type PriceListRecord = PriceList;

/**
 * POST /api/admin/jobs/:id/before-after: the report's before and after photos to the media library as a
 * pair, only when the customer consented on acceptance; with `slot`, shown in that home-page pair.
 */
export interface BeforeAfterRequest {
  beforePhotoId: string;
  afterPhotoId: string;
  title: string;
  description: string;
  slot?: 'home.pair.1' | 'home.pair.2' | 'home.pair.3';
}

export interface BeforeAfterResult {
  beforeImageId: string;
  afterImageId: string;
  slot: string | null;
}

// ---------------------------------------------------------------------------------------------
// The customer (tracking page)

/** POST /api/job-status/:code/unlock: one of the two → 204 and an HttpOnly cookie for this job only. */
export interface UnlockRequest {
  postcode?: string;
  phoneLast4?: string;
}

export interface PublicGrade {
  grade: Grade;
  label: string;
  meaning: string;
}

export interface PublicObservation extends Observation {
  /** 'Root intrusion'. */
  label: string;
}

export interface PublicReportSection extends Omit<PipeSection, 'observations'> {
  /** 'Vitrified clay'. */
  materialLabel: string;
  observations: PublicObservation[];
  structural: PublicGrade;
  service: PublicGrade;
  /** 'Reline 12.5 m'. */
  recommendationText: string;
}

/** GET /api/job-status/:code/report (unlocked): the published report. */
export interface PublicReport {
  jobNumber: string;
  version: number;
  publishedAt: string;
  summary: string;
  sections: PublicReportSection[];
  /** Photos named by the sections' observations, in order of first mention. */
  photos: JobPhotoRecord[];
  /** '/api/job-status/{code}/report.pdf'. */
  pdfUrl: string;
}

export interface PublicQuoteLine extends QuoteLine {
  amountCents: number;
}

/** GET /api/job-status/:code/quote (unlocked): the latest published version. */
export interface PublicQuote {
  jobNumber: string;
  version: number;
  publishedAt: string;
  lines: PublicQuoteLine[];
  totalCents: number;
  gstCents: number;
  /** `totalWithGst(totalCents)`: 'Total … inc. GST (GST …)'. */
  totalText: string;
  validUntil: string;
  /** Past its valid-until date (in Sydney): it can no longer be accepted. */
  expired: boolean;
  notes: string | null;
  /** 'open' until accepted or declined. */
  state: 'open' | 'accepted' | 'declined';
  /** Who accepted which version and when (no IP or user agent). */
  acceptance: { version: number; fullName: string; acceptedAt: string } | null;
}

/** POST /api/job-status/:code/quote/accept → 200 PublicQuote. */
export interface QuoteAcceptRequest {
  fullName: string;
  agree: true;
  version: number;
  /** The before and after photos may be shown on the website (unticked by default). */
  mediaConsent?: boolean;
}

/** POST /api/job-status/:code/quote/decline → 200 PublicQuote. */
export interface QuoteDeclineRequest {
  reason?: string;
}

/** Messages the customer reads (the words where it gives them). */
export const QUOTE_MESSAGES = {
  outdated: 'This quote has been updated. Please review the new version.',
  expired: 'This quote has expired. Please contact us for an updated quote.',
  declinedAlready: 'You have declined this quote. Please contact us if you would like to go ahead.',
  unlockWrong: 'That does not match our records. Please check and try again.',
  unlockLimited: 'Too many tries. Please try again in an hour.',
  locked: 'Enter your postcode or the last four digits of your phone to see your report and quote.',
} as const;
