import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { emailOutcome } from '../common/emailOutcome';
import { Toast } from '../common/Toast';
import type { EmailPlumberRequest, EmailPlumberResult } from '@relining/contracts/api/referrals';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import type { ReferralRecord } from './referralFormat';

type Field = 'subject' | 'message';
const MESSAGES: Record<Field, string> = { subject: 'Please enter a subject', message: 'Please enter a message' };

/**
 * 'Send Email to Plumber': the message really goes to the plumber, through the server's outbox
 * (POST /api/admin/referrals/:id/email). Both fields are required; the server's field errors show on
 * the fields.
 */
export function EmailPlumberDialog({ referral, onClose, onSent }: { referral: ReferralRecord; onClose: () => void; onSent: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ subject: `Your referral ${referral.refNumber}`, message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function send(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const missing: Partial<Record<Field, string>> = {};
    for (const field of ['subject', 'message'] as const) if (!values[field].trim()) missing[field] = MESSAGES[field];
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(`email-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await session.call<EmailPlumberResult>(`/admin/referrals/${referral.id}/email`, {
        method: 'POST',
        body: values satisfies EmailPlumberRequest,
      });
      const to = answer.to ?? referral.plumberEmail;
      const words = emailOutcome(
        answer.status,
        { title: 'Email sent', description: `Your message to ${to} is on its way.` },
        { what: `your message to ${to}` },
      );
      notify(<Toast {...words} />, { type: 'success' });
      onSent();
      onClose();
    } catch (error) {
      const fieldErrors = (error instanceof ApiError ? error.errors : []).filter(
        (item): item is { field: Field; message: string } => item.field === 'subject' || item.field === 'message',
      );
      if (fieldErrors.length > 0) {
        setErrors(Object.fromEntries(fieldErrors.map((item) => [item.field, item.message])));
        document.getElementById(`email-${fieldErrors[0]!.field}`)?.focus();
      } else {
        const message = errorMessage(error, 'Please try again.');
        setProblem(message);
        notify(<Toast title="Error sending email" description={message} />, { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="email-plumber-title">
      <form onSubmit={send} noValidate>
        <DialogTitle id="email-plumber-title">Send Email to Plumber</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            To {referral.plumberName} ({referral.plumberEmail}) about referral {referral.refNumber}.
          </DialogContentText>
          <Stack spacing={2}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <TextField
              id="email-subject"
              label="Subject"
              required
              fullWidth
              value={values.subject}
              onChange={change('subject')}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              id="email-message"
              label="Message"
              required
              fullWidth
              multiline
              minRows={6}
              value={values.message}
              onChange={change('message')}
              error={Boolean(errors.message)}
              helperText={errors.message}
              slotProps={{ htmlInput: { maxLength: 10_000 } }}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending...' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
