import { isValidEmail } from './account-rules.js';
import { WARRANTY } from './business.js';

/** spec §4 Job status (tracking): the six stages, in order, with their labels. Values are the database strings. */
export const JobStatus = {
  Booked: 'booked',
  Inspected: 'inspected',
  Quoted: 'quoted',
  Accepted: 'accepted',
  Scheduled: 'scheduled',
  Completed: 'completed',
} as const;

export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];

export const JOB_STATUSES: readonly JobStatus[] = ['booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed'];

export const JOB_STATUS_LABELS = {
  booked: 'Clean & View Booked',
  inspected: 'Inspection Completed',
  quoted: 'Quote Sent',
  accepted: 'Quote Accepted',
  scheduled: 'Reline Scheduled',
  completed: 'Job Completed',
} as const satisfies Record<JobStatus, string>;

/** The explanation the tracker shows for the current stage. */
export const JOB_STATUS_EXPLANATIONS = {
  booked:
    'Your Clean & View inspection is booked. Our technician will jet-clean your pipes and inspect them with a CCTV camera, then send you a detailed report with our recommendations.',
  inspected: 'We have inspected your pipes and are preparing your report, recommendations and, if relining is needed, your quote.',
  quoted: 'Your quote is ready. Review it and let us know if you would like to go ahead; your inspection fee is waived if you proceed with relining.',
  accepted: 'Thank you for accepting your quote. We are scheduling your relining and will confirm the date with you.',
  scheduled: 'Your relining is scheduled. Most jobs are finished in a single day, without digging up your property.',
  completed: `Your pipes have been relined and the job is complete. Your new liner is backed by our ${WARRANTY.guarantee}.`,
} as const satisfies Record<JobStatus, string>;

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

export type StageState = 'completed' | 'current' | 'upcoming';

export interface TrackerStage {
  status: JobStatus;
  label: string;
  state: StageState;
}

/**
 * spec §4 Home job tracker: earlier stages completed, the current one current, later ones upcoming;
 * progress is the current stage's index divided by 5 (0 to 1).
 */
export function trackerStages(current: JobStatus): { stages: TrackerStage[]; progress: number } {
  const index = JOB_STATUSES.indexOf(current);
  return {
    stages: JOB_STATUSES.map((status, position) => ({
      status,
      label: JOB_STATUS_LABELS[status],
      state: position < index ? 'completed' : position === index ? 'current' : 'upcoming',
    })),
    progress: index / (JOB_STATUSES.length - 1),
  };
}

/**
 * spec §4: the home tracker's stage for a job id, by the first keyword it contains, checked in this
 * order: new → booked, inspect → inspected, quote → quoted, accept → accepted, schedule → scheduled,
 * complete → completed; otherwise quoted.
 */
export function stageFromJobId(jobId: string | undefined): JobStatus {
  const id = (jobId ?? '').toLowerCase();
  const keywords: Array<[string, JobStatus]> = [
    ['new', 'booked'],
    ['inspect', 'inspected'],
    ['quote', 'quoted'],
    ['accept', 'accepted'],
    ['schedule', 'scheduled'],
    ['complete', 'completed'],
  ];
  return keywords.find(([keyword]) => id.includes(keyword))?.[1] ?? 'quoted';
}

/** spec §5 Generate tracking link: messages shared by the console and the server. */
export const TRACKING_LINK_MESSAGES = {
  missingTitle: 'Missing information',
  missing: 'Please enter job ID, customer name, and email',
  invalidEmailTitle: 'Invalid email',
  invalidEmail: 'Please enter a valid email address',
} as const;

/** Staff corrections of a job's customer (PUT /api/admin/jobs/:id, the console's Edit). */
export const JOB_CORRECTION_MESSAGES = {
  customerNameRequired: 'Customer name is required',
  invalidEmail: TRACKING_LINK_MESSAGES.invalidEmail,
} as const;

/**
 * The fields a correction names (a missing one is left as it is): the name must not be empty, the
 * e-mail must be an address as for a new link; an empty address is allowed ('Not specified').
 */
export function jobCorrectionProblems(input: {
  customerName?: unknown;
  customerEmail?: unknown;
}): Array<{ field: 'customerName' | 'customerEmail'; message: string }> {
  const problems: Array<{ field: 'customerName' | 'customerEmail'; message: string }> = [];
  if (input.customerName !== undefined && (typeof input.customerName !== 'string' || !input.customerName.trim())) {
    problems.push({ field: 'customerName', message: JOB_CORRECTION_MESSAGES.customerNameRequired });
  }
  if (input.customerEmail !== undefined) {
    const email = typeof input.customerEmail === 'string' ? input.customerEmail.trim() : '';
    if (!email.includes('@') || !email.includes('.') || !isValidEmail(email))
      problems.push({ field: 'customerEmail', message: JOB_CORRECTION_MESSAGES.invalidEmail });
  }
  return problems;
}

/** spec §5: all three required; the e-mail must contain both '@' and '.' (and be one plain address, `isValidEmail`). */
export function trackingLinkProblem(input: {
  jobNumber?: unknown;
  customerName?: unknown;
  customerEmail?: unknown;
}): { title: string; message: string; field: 'jobNumber' | 'customerName' | 'customerEmail' } | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const missing = (['jobNumber', 'customerName', 'customerEmail'] as const).find((field) => !text(input[field]));
  if (missing) return { title: TRACKING_LINK_MESSAGES.missingTitle, message: TRACKING_LINK_MESSAGES.missing, field: missing };
  const email = text(input.customerEmail);
  if (!email.includes('@') || !email.includes('.') || !isValidEmail(email)) {
    return { title: TRACKING_LINK_MESSAGES.invalidEmailTitle, message: TRACKING_LINK_MESSAGES.invalidEmail, field: 'customerEmail' };
  }
  return undefined;
}
