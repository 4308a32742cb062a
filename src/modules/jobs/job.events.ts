import type { JobStatus } from '@relining/contracts/job-status';

/** What a job's change tells the modules that follow jobs (the referral it carries, its rebates). */
export interface ChangedJob {
  id: string;
  jobNumber: string;
  bookingId: string | null;
  /** The referral staff chose for it (on creation), or the one already linked. */
  referralId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  address: string | null;
  status: JobStatus;
  /** The quote was accepted at some point (the job reached `accepted`). */
  quoteAccepted: boolean;
  archived: boolean;
}

/**
 * A job was made, moved to another stage, archived or restored. Raised inside the change's
 * transaction: what follows from it (the referral linked, its status, the ledger, the plumber's
 * e-mail) commits or rolls back with it.
 */
export class JobStageChanged {
  constructor(
    readonly job: ChangedJob,
    readonly change: { kind: 'created' | 'stage' | 'archived' | 'restored'; previous: JobStatus | null },
    /** Who made the change (null: the system). */
    readonly actorId: string | null,
    /** On creation: whether staff chose the referral (`referralId`, possibly none) or left it to the matching rule. */
    readonly referralChosen: boolean = false,
  ) {}
}
