import type { PipeSection } from '@relining/contracts/inspection-report';

/**
 * What the quotes module needs of the inspection report (the inspections module's): the sections of
 * the published report (the quote's proposed lines), and a job photo's cleaned original (the
 * before-and-after pair for the website). A port, so this module never depends on how reports are kept.
 *
 * QuotesModule provides it with InspectionsService (useExisting), which owns the report's tables.
 */
export abstract class PublishedReportSource {
  /** The published report's sections; null when no report is published. */
  abstract publishedSections(jobId: string): Promise<PipeSection[] | null>;
  /** The cleaned original of a photo of this job (JPEG); null when the job has no such photo. */
  abstract photoOriginal(jobId: string, photoId: string): Promise<Buffer | null>;
}
