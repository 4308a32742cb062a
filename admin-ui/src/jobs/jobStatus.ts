import { JOB_STATUS_LABELS, JOB_STATUSES, type JobStatus } from '@relining/contracts/job-status';

export const JOB_STATUS_CHOICES = JOB_STATUSES.map((status) => ({ id: status, name: JOB_STATUS_LABELS[status] }));

export const JOB_STATUS_COLOURS: Record<JobStatus, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success'> = {
  booked: 'info',
  inspected: 'secondary',
  quoted: 'warning',
  accepted: 'primary',
  scheduled: 'primary',
  completed: 'success',
};

export interface JobRecord {
  id: string;
  jobNumber: string;
  customerName: string;
  customerEmail: string;
  status: JobStatus;
  statusLabel: string;
  trackingLink: string;
  trackingCode: string;
  customerPhone: string | null;
  address: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

export interface JobDetailRecord extends JobRecord {
  timeline: Array<{ id: string; status: JobStatus; statusLabel: string; changedBy: string | null; customerNotified: boolean; createdAt: string }>;
  emails: Array<{ id: string; to: string; subject: string; status: string; createdAt: string; sentAt: string | null }>;
}
