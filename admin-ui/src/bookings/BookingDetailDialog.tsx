import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '@relining/contracts/booking-rules';
import { placeLabel } from '@relining/contracts/place-label';
import { formatDateTime } from '../common/dates';
import { emailOutcome } from '../common/emailOutcome';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { Toast } from '../common/Toast';
import type { CreateJobRequest, JobChangeResult } from '@relining/contracts/api/jobs';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import type { BookingRecord } from './bookingStatus';

const formatDate = (date: string) =>
  new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** spec §2 booking detail dialog, with mail and phone links, the status, and 'Create tracking job'. */
export function BookingDetailDialog({ booking, onClose, onChanged }: { booking: BookingRecord; onClose: () => void; onChanged: () => void }) {
  const [status, setStatus] = useState<BookingStatus>(booking.status ?? 'new');
  const [update, { isPending }] = useUpdate<BookingRecord>();
  const [creatingJob, setCreatingJob] = useState(false);
  const notify = useNotify();

  function changeStatus(value: BookingStatus) {
    setStatus(value);
    void update(
      'bookings',
      { id: booking.id, data: { status: value }, previousData: booking },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(<Toast title="Success" description="Booking status updated" />, { type: 'success' });
          onChanged();
        },
        onError: () => {
          setStatus(booking.status ?? 'new');
          notify(<Toast title="Failed to update booking status" />, { type: 'error' });
        },
      },
    );
  }

  const rows: Array<[string, React.ReactNode]> = [
    ['Email', <Link href={mailtoHref(booking.email)}>{booking.email}</Link>],
    ['Phone', <PhoneLink phone={booking.phone} />],
    ['Address', `${booking.address}, ${placeLabel(booking)}`],
    ['Preferred', `${formatDate(booking.preferredDate)} at ${booking.preferredTime}`],
    ['Heard about us', booking.howHeardAboutUs ?? 'Not given'],
    ['Received', formatDateTime(booking.createdAt)],
  ];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{booking.fullName}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 2 }}>
              <Typography color="text.secondary">{label}</Typography>
              <Typography component="div">{value}</Typography>
            </Box>
          ))}
          <Divider />
          <Typography color="text.secondary">Job description</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{booking.briefDescription}</Typography>
          <Divider />
          <TextField
            select
            label="Status"
            value={status}
            disabled={isPending}
            onChange={(event) => changeStatus(event.target.value as BookingStatus)}
            sx={{ maxWidth: 260 }}
          >
            {BOOKING_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {BOOKING_STATUS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setCreatingJob(true)}>Create tracking job</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {creatingJob ? <CreateJobFromBooking booking={booking} onClose={() => setCreatingJob(false)} /> : null}
    </Dialog>
  );
}

function CreateJobFromBooking({ booking, onClose }: { booking: BookingRecord; onClose: () => void }) {
  const [form, setForm] = useState({
    jobNumber: `JOB-${booking.id.slice(0, 6).toUpperCase()}`,
    customerName: booking.fullName,
    customerEmail: booking.email,
    customerPhone: booking.phone,
    address: `${booking.address}, ${placeLabel(booking)}`,
  });
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function create() {
    setBusy(true);
    try {
      const job = await session.call<JobChangeResult>('/admin/jobs', {
        method: 'POST',
        body: { ...form, bookingId: booking.id, status: 'booked' } satisfies CreateJobRequest,
      });
      notify(<Toast title="Tracking link generated" description={`A tracking link has been created for ${job.customerName}`} />, { type: 'success' });
      if (job.notification) {
        const words = emailOutcome(
          job.notification.status,
          { title: 'Email sent', description: `Tracking link has been emailed to ${job.customerEmail}` },
          { what: `the tracking link email to ${job.customerEmail}` },
        );
        notify(<Toast {...words} />, { type: 'success' });
      }
      onClose();
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Failed to create the tracking job')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof form, label: string) => (
    <TextField label={label} value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} fullWidth />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Create tracking job</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {field('jobNumber', 'Job ID')}
          {field('customerName', 'Customer Name')}
          {field('customerEmail', 'Customer Email')}
          {field('customerPhone', 'Phone')}
          {field('address', 'Address')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={create} disabled={busy}>
          {busy ? 'Creating...' : 'Generate Tracking Link'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
