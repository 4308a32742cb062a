import type { JobStatus } from '@relining/contracts/job-status';
import type { TemplateKey } from './template-catalogue.js';

/**
 * spec §4: which e-mail a job status sends. Accepted sends its own 'We've received your go-ahead'
 * (issue 15; the spec's original fell back to the booking confirmation). A new status without an
 * entry fails to compile.
 */
export const JOB_STATUS_TEMPLATE = {
  booked: 'booking_confirmed',
  inspected: 'inspection_completed',
  quoted: 'quote_sent',
  accepted: 'quote_accepted',
  scheduled: 'reline_scheduled',
  completed: 'job_completed',
} as const satisfies Record<JobStatus, TemplateKey>;

/** The templates job statuses send: all take the same variables (customerName, jobId, trackingLink). */
export type JobTemplateKey = (typeof JOB_STATUS_TEMPLATE)[JobStatus];

export function templateForJobStatus(status: JobStatus): JobTemplateKey {
  return JOB_STATUS_TEMPLATE[status];
}
