import type { useNotify } from 'react-admin';
import type { JobChangeResult } from '@relining/contracts/api/jobs';
import { emailOutcome } from '../common/emailOutcome';
import { Toast } from '../common/Toast';

/** What became of the tracking link's e-mail to the customer of a job just made (sent, or saved as a preview). */
export function notifyTrackingLinkEmail(notify: ReturnType<typeof useNotify>, job: JobChangeResult): void {
  if (!job.notification) return;
  const words = emailOutcome(
    job.notification.status,
    { title: 'Email sent', description: `Tracking link has been emailed to ${job.customerEmail}` },
    { what: `the tracking link email to ${job.customerEmail}` },
  );
  notify(<Toast {...words} />, { type: 'success' });
}
