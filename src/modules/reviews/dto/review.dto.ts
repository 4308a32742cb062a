import { ApiProperty } from '@nestjs/swagger';
import type { ReviewRecord } from '@relining/contracts/api/reviews';
import { reviewSubmissionProblems } from '@relining/contracts/review-rules';
import { BodyField, CheckedBy, TextField } from '../../../common/http/validation.js';
import type { ReviewRow } from '../review.entity.js';

/**
 * The customer's review from their private link (POST /api/reviews/{token}), as JSON or as a form
 * post. Checked by the shared rules (packages/contracts/src/review-rules.ts: the form's order and
 * messages), so each field here only declares that it exists.
 */
@CheckedBy<ReviewSubmissionDto>((review) => reviewSubmissionProblems(review))
export class ReviewSubmissionDto {
  @ApiProperty({ example: 5, description: '1 to 5 stars (a number, or its digit as text in a form post).' }) @BodyField() rating!: unknown;
  @ApiProperty({ required: false, example: 'Relined without digging up the garden.', description: 'At most 1,000 characters.' })
  @BodyField()
  text?: unknown;
  @ApiProperty({ example: 'Sarah', description: 'The first name to show with the review.' }) @BodyField() firstName?: unknown;
  @ApiProperty({ required: false, example: 'Richmond', nullable: true }) @BodyField() suburb?: unknown;
  @ApiProperty({ example: true, description: "May we publish it: true/false (a form's checkbox: 'on' or 'true'; absent: no)." })
  @BodyField()
  consent?: unknown;
  /** A form post without JavaScript: where the browser goes once the review was taken (this site only). */
  @ApiProperty({ required: false, description: 'Form posts only: the page to go to afterwards (a path on this site).' })
  @TextField()
  _next?: string;
}

export function toReviewRecord(row: ReviewRow): ReviewRecord {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    status: row.status,
    rating: Number(row.rating),
    text: row.text,
    firstName: row.firstName,
    suburb: row.suburb,
    postcode: row.postcode,
    area: row.area,
    consent: row.consent,
    source: row.source,
    verified: row.verified,
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    writtenAt: iso(row.writtenAt)!,
    publishedAt: iso(row.publishedAt),
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}
