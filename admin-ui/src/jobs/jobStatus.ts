import { JOB_STATUS_LABELS, JOB_STATUSES, type JobStatus } from '@relining/contracts/job-status';

export type { JobDetailRecord, JobRecord } from '@relining/contracts/api/jobs';

export const JOB_STATUS_CHOICES = JOB_STATUSES.map((status) => ({ id: status, name: JOB_STATUS_LABELS[status] }));

export const JOB_STATUS_COLOURS: Record<JobStatus, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success'> = {
  booked: 'info',
  inspected: 'secondary',
  quoted: 'warning',
  accepted: 'primary',
  scheduled: 'primary',
  completed: 'success',
};
