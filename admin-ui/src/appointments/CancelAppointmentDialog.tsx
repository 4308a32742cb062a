import { ReasonField } from '../common/ReasonField';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { APPOINTMENT_MESSAGES, type AppointmentRecord, type CancelAppointmentRequest } from '@relining/contracts/api/appointments';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { notifyAppointmentChange } from './appointmentToasts';

/** 'Cancel appointment' (POST /api/admin/appointments/:id/cancel): a reason, and whether to tell the customer. */
export function CancelAppointmentDialog({
  appointment,
  onClose,
  onDone,
}: {
  appointment: AppointmentRecord;
  onClose: () => void;
  onDone: (appointment: AppointmentRecord) => void;
}) {
  const [reason, setReason] = useState('');
  const [emailCustomer, setEmailCustomer] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!reason.trim()) {
      setError(APPOINTMENT_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      const body: CancelAppointmentRequest = { reason: reason.trim(), notify: emailCustomer };
      const answer = await session.call<AppointmentRecord>(`/admin/appointments/${encodeURIComponent(appointment.id)}/cancel`, { method: 'POST', body });
      notifyAppointmentChange(notify, answer, 'cancelled', emailCustomer);
      onDone(answer);
      onClose();
    } catch (caught) {
      const message = errorMessage(caught, 'Failed to cancel the appointment');
      const reasonError = caught instanceof ApiError ? caught.errors.find((item) => item.field === 'reason') : undefined;
      if (reasonError) setError(reasonError.message);
      else setProblem(message);
      notify(<Toast title="Not cancelled" description={message} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-appointment-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cancel-appointment-title">Cancel appointment</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {appointment.customerName}'s visit on {appointment.label} will be cancelled and its place freed.
          </DialogContentText>
          <ReasonField
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (error) setError(null);
            }}
            error={error}
            hint={"Kept with the appointment; the customer's booking link shows it too."}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={emailCustomer} onChange={(event) => setEmailCustomer(event.target.checked)} />}
            label={`Email the customer (${appointment.email})`}
          />
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? 'Cancelling...' : 'Cancel appointment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
