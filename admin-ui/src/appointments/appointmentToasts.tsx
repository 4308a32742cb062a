import type { useNotify } from 'react-admin';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { consoleConfig } from '../common/consoleConfig';
import { emailOutcome } from '../common/emailOutcome';
import { Toast } from '../common/Toast';

type Change = 'confirmed' | 'moved' | 'cancelled';

const WORDS: Record<Change, { title: string; sent: string; email: string }> = {
  confirmed: { title: 'Appointment confirmed', sent: 'The confirmation', email: 'the confirmation email' },
  moved: { title: 'Appointment moved', sent: 'The new time', email: 'the new time email' },
  cancelled: { title: 'Appointment cancelled', sent: 'The cancellation', email: 'the cancellation email' },
};

/**
 * The toasts of a change to an appointment: what changed, then (when staff chose to tell the customer)
 * the e-mail's fate. The answer (an AppointmentRecord) carries no delivery status, so the e-mail is
 * told as the console's mode has it: queued, or saved as a preview when no SMTP server is configured.
 */
export function notifyAppointmentChange(notify: ReturnType<typeof useNotify>, appointment: AppointmentRecord, change: Change, emailed: boolean): void {
  const when = change === 'cancelled' ? `${appointment.customerName}'s visit on ${appointment.label}` : `${appointment.customerName}: ${appointment.label}`;
  notify(<Toast title={WORDS[change].title} description={appointment.overbooked && change !== 'cancelled' ? `${when} (overbooked)` : when} />, {
    type: 'success',
  });
  if (!emailed) return;
  const words = emailOutcome(
    consoleConfig.current.emailDelivery === 'preview' ? 'preview' : 'queued',
    { title: 'Email sent', description: `${WORDS[change].sent} has been emailed to ${appointment.email}` },
    { what: `${WORDS[change].email} to ${appointment.email}` },
  );
  notify(<Toast {...words} />, { type: 'success' });
}
