/**
 * Reviews (issue 20). Public: GET /api/reviews/{token} (what the form starts with) and
 * POST /api/reviews/{token} (the customer's review, once). Staff: /api/admin/reviews (react-admin
 * list with filters q, status, source, rating, verified, area, id; GET/PUT one), POST
 * /api/admin/reviews/:id/publish, POST /api/admin/reviews/:id/hide, POST /api/admin/reviews/bulk-status,
 * POST /api/admin/reviews/import (CSV).
 */
import type { ReviewStatus } from '../review-rules.js';

/** GET /api/reviews/{token}: the form's starting values (the link is good and unused). */
export interface ReviewInvitation {
  /** The customer's first name, to show with the review unless they change it. */
  firstName: string;
  suburb: string | null;
  jobNumber: string;
}

/** POST /api/reviews/{token}: what the customer sees after sending. */
export interface ReviewReceipt {
  id: string;
  rating: number;
  consent: boolean;
}

export interface ReviewRecord {
  id: string;
  status: ReviewStatus;
  rating: number;
  text: string;
  /** The name shown with it ('Sarah'). */
  firstName: string;
  suburb: string | null;
  postcode: string | null;
  /** The service area's slug its postcode falls in (nearby reviews on the local pages). */
  area: string | null;
  /** The author agreed to its publication (imported reviews: published by their author at the source). */
  consent: boolean;
  /** Where it came from: null for a review from one of our completed jobs, else the source named when imported, e.g. 'Google'. */
  source: string | null;
  /** Written by the customer of a completed job, from their private link. */
  verified: boolean;
  jobId: string | null;
  jobNumber: string | null;
  /** When the author wrote it (ISO). */
  writtenAt: string;
  publishedAt: string | null;
  /** The business's public reply, shown under it. */
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** PUT /api/admin/reviews/:id: the status and the public reply (other fields are the author's and ignored). */
export interface ReviewChange {
  status?: ReviewStatus;
  reply?: string | null;
}

/** POST /api/admin/reviews/import: multipart `file` (CSV) and optional `source` for rows without one. */
export interface ReviewImportResult {
  imported: number;
  /** Rows already imported before (same source, name, date and text): skipped. */
  duplicates: number;
}
