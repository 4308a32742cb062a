import { Injectable } from '@nestjs/common';

/** What a tracking page can unlock: a published report, a published quote. */
export type JobDocumentKind = 'report' | 'quote';

/**
 * The modules that publish documents for a job (inspections: the report; quotes: the quote) say here
 * whether one exists, so the public tracking status can say so without the jobs module reading their
 * tables (DESIGN §2: a module owns its tables).
 */
@Injectable()
export class JobDocuments {
  private readonly probes = new Map<JobDocumentKind, (jobId: string) => Promise<boolean>>();

  register(kind: JobDocumentKind, published: (jobId: string) => Promise<boolean>): void {
    this.probes.set(kind, published);
  }

  async published(kind: JobDocumentKind, jobId: string): Promise<boolean> {
    const probe = this.probes.get(kind);
    return probe ? probe(jobId) : false;
  }
}
