import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import type { AppointmentRecord, ConfirmAppointmentRequest, RescheduleAppointmentRequest } from '@relining/contracts/api/appointments';
import type { BookingRecord } from '@relining/contracts/api/bookings';
import type { AvailabilityAnswer } from '@relining/contracts/availability';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { zoneLabel } from '@relining/contracts/date-format';
import { isRegion, REGIONS } from '@relining/contracts/regions';
import { formatCalendarDay } from '../common/dates';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { session } from '../providers/session';
import { addDays, isSlotTime, slotLabel, slotTimeLabel, type SlotTime } from './appointmentTime';
import { notifyAppointmentChange } from './appointmentToasts';
import { useOverbook } from './OverbookDialog';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days of availability fetched at once (GET /api/availability's window). */
const WINDOW_DAYS = 14;

type Field = 'date' | 'time' | 'technician';

/**
 * 'Confirm appointment' (POST /api/admin/bookings/:id/confirm) or, given the booking's confirmed
 * appointment, 'Move' (POST /api/admin/appointments/:id/reschedule): a day and one of the ten slots in
 * the site's time zone, the technician, and whether to e-mail the customer. Free and full slots are
 * marked from the public availability when it can be had (except the slot the booking already holds a
 * place in: 'requested', or 'now' when moving); any slot may be chosen, and a full one asks 'Overbook
 * anyway?' before the request is sent again with `overbook`.
 */
export function AppointmentDialog({
  booking,
  appointment,
  onClose,
  onDone,
}: {
  booking: BookingRecord;
  appointment?: AppointmentRecord;
  onClose: () => void;
  onDone: (appointment: AppointmentRecord) => void;
}) {
  const moving = appointment?.status === 'confirmed';
  const [date, setDate] = useState(moving ? appointment.date : booking.preferredDate);
  const [time, setTime] = useState<SlotTime>(() => {
    const wanted = moving ? appointment.time : booking.preferredTime;
    return isSlotTime(wanted) ? wanted : TIME_SLOTS[1];
  });
  const [technician, setTechnician] = useState(moving ? (appointment.technician ?? '') : '');
  const [emailCustomer, setEmailCustomer] = useState(true);
  const [windowStart, setWindowStart] = useState(date);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const overbook = useOverbook();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const availability = useApiGet<AvailabilityAnswer>(
    `/availability?suburb=${encodeURIComponent(booking.suburb)}&from=${windowStart}&days=${WINDOW_DAYS}`,
    0,
    'Could not fetch the free times.',
  );
  const timeZone = availability.data?.timeZone ?? appointment?.timeZone ?? (isRegion(booking.state) ? REGIONS[booking.state].timeZone : null);
  const validDate = DAY.test(date);
  const day = validDate ? availability.data?.days.find((item) => item.date === date) : undefined;
  const freeness = (slot: SlotTime) => (day?.open ? (day.slots.find((item) => item.time === slot)?.available ? 'Free' : 'Full') : null);
  const heldSlot = moving
    ? { date: appointment.date, time: appointment.time, note: 'now' }
    : { date: booking.preferredDate, time: booking.preferredTime, note: 'requested' };
  const label = (slot: SlotTime) => (timeZone && validDate ? slotLabel(timeZone, date, slot) : `${formatCalendarDay(date)}, ${slot}`);

  function chooseDate(value: string) {
    setDate(value);
    setErrors((current) => ({ ...current, date: undefined }));
    setProblem(null);
    // A day outside the fetched window: fetch the window that starts there.
    if (DAY.test(value) && (value < windowStart || value > addDays(windowStart, WINDOW_DAYS - 1))) setWindowStart(value);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!validDate) {
      setErrors({ date: 'Please choose a date' });
      return;
    }
    setErrors({});
    const tech = technician.trim() || null;
    const path = moving ? `/admin/appointments/${encodeURIComponent(appointment.id)}/reschedule` : `/admin/bookings/${encodeURIComponent(booking.id)}/confirm`;
    const body = (overbooking: boolean): ConfirmAppointmentRequest | RescheduleAppointmentRequest => ({
      date,
      time,
      technician: tech,
      notify: emailCustomer,
      ...(overbooking ? { overbook: true } : {}),
    });
    setBusy(true);
    try {
      const outcome = await overbook.send((overbooking) => session.call<AppointmentRecord>(path, { method: 'POST', body: body(overbooking) }), label(time), {
        canPick: true,
      });
      if (outcome.kind === 'picked') {
        chooseDate(outcome.slot.date);
        setTime(outcome.slot.time);
        return;
      }
      if (outcome.kind === 'declined') return;
      notifyAppointmentChange(notify, outcome.result, moving ? 'moved' : 'confirmed', emailCustomer);
      onDone(outcome.result);
      onClose();
    } catch (error) {
      const message = errorMessage(error, moving ? 'Failed to move the appointment' : 'Failed to confirm the appointment');
      const fieldErrors = (error instanceof ApiError ? error.errors : []).filter(
        (item): item is { field: Field; message: string } => item.field === 'date' || item.field === 'time' || item.field === 'technician',
      );
      if (fieldErrors.length > 0) setErrors(Object.fromEntries(fieldErrors.map((item) => [item.field, item.message])));
      else setProblem(message); // SLOT_CLOSED and the like: the server's words, in the dialog and the toast.
      notify(<Toast title={moving ? 'Not moved' : 'Not confirmed'} description={message} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const title = moving ? 'Move appointment' : 'Confirm appointment';
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="appointment-title" scroll="paper">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="appointment-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {booking.fullName}, {booking.suburb}. Asked for {formatCalendarDay(booking.preferredDate)} at {booking.preferredTime}.
              {moving ? ` Now: ${appointment.label}.` : ''}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label="Date"
                  type="date"
                  required
                  fullWidth
                  value={date}
                  onChange={(event) => chooseDate(event.target.value)}
                  error={Boolean(errors.date)}
                  helperText={errors.date ?? (timeZone ? `The site's day (${zoneLabel(timeZone)})` : "The site's day")}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  label="Time"
                  required
                  fullWidth
                  value={time}
                  onChange={(event) => {
                    setTime(event.target.value as SlotTime);
                    setErrors((current) => ({ ...current, time: undefined }));
                    setProblem(null);
                  }}
                  error={Boolean(errors.time)}
                  helperText={errors.time ?? (day && !day.open ? 'Customers cannot book this day online' : undefined)}
                >
                  {TIME_SLOTS.map((slot) => {
                    // The slot this booking holds a place in already counts it: free or full says nothing there.
                    const held = date === heldSlot.date && slot === heldSlot.time;
                    const state = held ? heldSlot.note : freeness(slot);
                    return (
                      <MenuItem key={slot} value={slot}>
                        <Box sx={{ display: 'flex', width: '100%', gap: 1 }}>
                          <span>{timeZone && validDate ? slotTimeLabel(timeZone, date, slot) : slot}</span>
                          <Typography component="span" variant="body2" color={state === 'Full' ? 'warning.main' : 'text.secondary'} sx={{ ml: 'auto' }}>
                            {state}
                          </Typography>
                        </Box>
                      </MenuItem>
                    );
                  })}
                </TextField>
              </Grid>
              <Grid size={12}>
                <TextField
                  label="Technician"
                  fullWidth
                  value={technician}
                  onChange={(event) => {
                    setTechnician(event.target.value);
                    setErrors((current) => ({ ...current, technician: undefined }));
                  }}
                  error={Boolean(errors.technician)}
                  helperText={errors.technician ?? 'Optional'}
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
              </Grid>
            </Grid>
            <AvailabilityNote availability={availability} day={day} />
            <FormControlLabel
              control={<Checkbox checked={emailCustomer} onChange={(event) => setEmailCustomer(event.target.checked)} />}
              label={moving ? 'Email the customer the new time' : 'Email the customer'}
            />
            <Typography variant="body2">
              {moving ? 'Moves to' : 'Confirms'} <strong>{label(time)}</strong>
              {emailCustomer ? ` and emails ${booking.email}${moving ? '' : ' the confirmation with a calendar invitation'}.` : '. The customer is not told.'}
            </Typography>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? (moving ? 'Moving...' : 'Confirming...') : title}
          </Button>
        </DialogActions>
      </Box>
      {overbook.dialog}
    </Dialog>
  );
}

/** Whether free and full could be shown: quiet while loading, a short note when the availability cannot be had. */
function AvailabilityNote({
  availability,
  day,
}: {
  availability: { data?: AvailabilityAnswer; error: string | null; loading: boolean };
  day?: AvailabilityAnswer['days'][number];
}) {
  if (availability.error && !availability.data) {
    return <Alert severity="info">{availability.error} Any time can still be chosen; a full one asks before overbooking.</Alert>;
  }
  if (day && !day.open) {
    return (
      <Alert severity="info">
        Customers cannot book this day online (closed, a public holiday, or inside the booking notice). A closed day or holiday is refused when you confirm.
      </Alert>
    );
  }
  return null;
}
