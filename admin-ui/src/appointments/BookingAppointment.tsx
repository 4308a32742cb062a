import { LoadState } from '../common/LoadState';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import { useGetList, useRefresh } from 'react-admin';
import { APPOINTMENT_STATUS_LABELS, type AppointmentRecord } from '@relining/contracts/api/appointments';
import type { BookingRecord } from '@relining/contracts/api/bookings';
import { formatCalendarDay, formatDateTime } from '../common/dates';
import { DetailRows, DetailSection } from '../common/DetailSection';
import { AppointmentDialog } from './AppointmentDialog';
import { APPOINTMENT_STATUS_COLOURS, cancelledByText, currentAppointment } from './appointmentFormat';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';

/** The appointments made for a booking (GET /api/admin/appointments?filter={"bookingId":…}): one try, no toast. */
function useBookingAppointments(bookingId: string) {
  return useGetList<AppointmentRecord>(
    'appointments',
    // Sorted by id, the one field every list sorts by: the page picks the current one itself.
    { filter: { bookingId }, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } },
    { retry: false, onError: () => undefined },
  );
}

/**
 * A booking's confirmed appointment (issue 16): when, who goes, its status, and 'Move' and 'Cancel
 * appointment'; 'Confirm appointment' while there is none (or it was cancelled). A change reloads the
 * booking too (confirming makes it Scheduled).
 */
export function BookingAppointment({ booking }: { booking: BookingRecord }) {
  const { data, isPending, error, refetch } = useBookingAppointments(booking.id);
  const [open, setOpen] = useState<'confirm' | 'move' | 'cancel' | null>(null);
  const refresh = useRefresh();
  const appointment = currentAppointment(data);
  const confirmed = appointment?.status === 'confirmed' ? appointment : undefined;

  const changed = () => {
    void refetch();
    refresh();
  };

  return (
    <DetailSection
      heading="h2"
      title="Appointment"
      action={
        isPending || error ? null : confirmed ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" startIcon={<MoveUpIcon />} onClick={() => setOpen('move')}>
              Move
            </Button>
            <Button size="small" color="error" startIcon={<EventBusyIcon />} onClick={() => setOpen('cancel')}>
              Cancel appointment
            </Button>
          </Box>
        ) : (
          <Button variant="contained" size="small" startIcon={<EventAvailableIcon />} onClick={() => setOpen('confirm')}>
            Confirm appointment
          </Button>
        )
      }
    >
      {isPending || error ? (
        <LoadState
          isPending={isPending}
          error={error}
          retry={() => void refetch()}
          loading="Loading appointment..."
          failed="Could not fetch the booking's appointment."
        />
      ) : appointment ? (
        <AppointmentRows appointment={appointment} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Not confirmed yet. The customer asked for {formatCalendarDay(booking.preferredDate)} at {booking.preferredTime}.
        </Typography>
      )}
      {open === 'confirm' || open === 'move' ? (
        <AppointmentDialog booking={booking} appointment={open === 'move' ? confirmed : undefined} onClose={() => setOpen(null)} onDone={changed} />
      ) : null}
      {open === 'cancel' && confirmed ? <CancelAppointmentDialog appointment={confirmed} onClose={() => setOpen(null)} onDone={changed} /> : null}
    </DetailSection>
  );
}

function AppointmentRows({ appointment }: { appointment: AppointmentRecord }) {
  const status = (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap' }}>
      <Chip size="small" label={APPOINTMENT_STATUS_LABELS[appointment.status]} color={APPOINTMENT_STATUS_COLOURS[appointment.status]} />
      {appointment.overbooked ? <Chip size="small" label="Overbooked" color="warning" variant="outlined" /> : null}
    </Box>
  );
  if (appointment.status === 'cancelled') {
    return (
      <DetailRows
        rows={[
          ['Was', appointment.label],
          ['Status', status],
          ['Cancelled', [formatDateTime(appointment.cancelledAt), cancelledByText(appointment)].filter(Boolean).join(' ')],
          ['Reason', appointment.cancelReason ?? 'Not given'],
        ]}
      />
    );
  }
  return (
    <DetailRows
      rows={[
        [
          'When',
          <Box component="span" key="when" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
            {appointment.label}
            <Link component={RouterLink} to={`/calendar?region=${appointment.region}&date=${appointment.date}`}>
              Show in calendar
            </Link>
          </Box>,
        ],
        ['Technician', appointment.technician ?? 'Not assigned'],
        ['Status', status],
        ['Confirmed', formatDateTime(appointment.confirmedAt)],
        [
          'Reminder',
          appointment.reminderQueuedAt
            ? `Sent ${formatDateTime(appointment.reminderQueuedAt)}`
            : appointment.reminderDueAt
              ? `Goes ${formatDateTime(appointment.reminderDueAt)}`
              : 'None (confirmed after 4 PM the day before)',
        ],
      ]}
    />
  );
}
