import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import type { AppointmentRecord, RescheduleAppointmentRequest } from '@relining/contracts/api/appointments';
import { errorMessage } from '@relining/contracts/client/http';
import { slotLabel, type SlotTime } from '../appointments/appointmentTime';
import { notifyAppointmentChange } from '../appointments/appointmentToasts';
import { useOverbook } from '../appointments/OverbookDialog';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';

/**
 * A visit dropped on another hour of the calendar: 'Move <customer> to <label>?', and whether to e-mail
 * the customer the new time, then POST /api/admin/appointments/:id/reschedule (a full slot asks first
 * whether to overbook, or offers the next free times). The technician is left as it is.
 */
export function MoveAppointmentDialog({
  appointment,
  target,
  timeZone,
  onClose,
  onDone,
}: {
  appointment: AppointmentRecord;
  target: { date: string; time: SlotTime };
  timeZone: string;
  onClose: () => void;
  onDone: (appointment: AppointmentRecord) => void;
}) {
  const [slot, setSlot] = useState(target);
  const [emailCustomer, setEmailCustomer] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const overbook = useOverbook();
  const label = slotLabel(timeZone, slot.date, slot.time);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      const outcome = await overbook.send(
        (overbooking) => {
          const body: RescheduleAppointmentRequest = { date: slot.date, time: slot.time, notify: emailCustomer, ...(overbooking ? { overbook: true } : {}) };
          return session.call<AppointmentRecord>(`/admin/appointments/${encodeURIComponent(appointment.id)}/reschedule`, { method: 'POST', body });
        },
        label,
        { canPick: true },
      );
      if (outcome.kind === 'picked') setSlot({ date: outcome.slot.date, time: outcome.slot.time });
      if (outcome.kind !== 'done') return;
      notifyAppointmentChange(notify, outcome.result, 'moved', emailCustomer);
      onDone(outcome.result);
      onClose();
    } catch (error) {
      const message = errorMessage(error, 'Failed to move the appointment');
      setProblem(message);
      notify(<Toast title="Not moved" description={message} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="move-appointment-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="move-appointment-title">Move appointment</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Move {appointment.customerName} to {label}?
          </DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            Now: {appointment.label}.
          </DialogContentText>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={emailCustomer} onChange={(event) => setEmailCustomer(event.target.checked)} />}
            label="Email the customer the new time"
          />
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} autoFocus>
            {busy ? 'Moving...' : 'Move'}
          </Button>
        </DialogActions>
      </form>
      {overbook.dialog}
    </Dialog>
  );
}
