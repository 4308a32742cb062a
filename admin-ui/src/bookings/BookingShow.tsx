import { LoadState } from '../common/LoadState';
import AddTaskIcon from '@mui/icons-material/AddTask';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, CircularProgress, Divider, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BOOKING_STATUS_LABELS } from '@relining/contracts/booking-rules';
import { placeLabel } from '@relining/contracts/place-label';
import { BookingAppointment } from '../appointments/BookingAppointment';
import { formatDateTime } from '../common/dates';
import { DetailRows as Rows, DetailSection } from '../common/DetailSection';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { RecordHistory } from '../common/RecordHistory';
import { JOB_STATUS_COLOURS } from '../jobs/jobStatus';
import { useBookingJobs } from './bookingLinks';
import { BookingReferralCode } from './BookingReferralCode';
import { BookingStatusSelect } from './BookingStatusSelect';
import { BOOKING_STATUS_COLOURS, type BookingRecord } from './bookingStatus';
import { CreateJobDialog } from './CreateJobDialog';

const formatLongDay = (day: string) =>
  new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function BookingTitle() {
  const booking = useRecordContext<BookingRecord>();
  return <>{booking ? `Booking: ${booking.fullName}` : 'Booking'}</>;
}

function BookingActions() {
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <Button component={RouterLink} to="/bookings" startIcon={<ArrowBackIcon />}>
        All bookings
      </Button>
    </TopToolbar>
  );
}

/**
 * A booking at its own address (/admin/bookings/:id/show): every field, its confirmed appointment
 * (confirm, move, cancel), its status, the referral code it carried and what became of it, the job(s)
 * made from it, and 'Create job' while there is none.
 */
export function BookingShow() {
  return (
    <Show title={<BookingTitle />} actions={<BookingActions />}>
      <BookingDetail />
    </Show>
  );
}

function BookingDetail() {
  const booking = useRecordContext<BookingRecord>();
  if (!booking) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading booking...</Typography>
      </Stack>
    );
  }
  const status = booking.status ?? 'new';
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {booking.fullName}
        </Typography>
        <Chip size="small" label={BOOKING_STATUS_LABELS[status]} color={BOOKING_STATUS_COLOURS[status]} />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title="Customer">
          <Rows
            rows={[
              ['Name', booking.fullName],
              ['Email', <Link href={mailtoHref(booking.email)}>{booking.email}</Link>],
              ['Phone', <PhoneLink phone={booking.phone} />],
              ['Address', [booking.address, placeLabel(booking)].filter(Boolean).join(', ')],
            ]}
          />
        </Section>
        <Section title="Request">
          <Rows
            rows={[
              ['Preferred', `${formatLongDay(booking.preferredDate)} at ${booking.preferredTime}`],
              ['Heard about us', booking.howHeardAboutUs ?? 'Not given'],
              ['Received', formatDateTime(booking.createdAt)],
              ['Last updated', formatDateTime(booking.updatedAt)],
            ]}
          />
        </Section>
      </Box>
      <BookingAppointment booking={booking} />
      <Section title="Job description">
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {booking.briefDescription}
        </Typography>
      </Section>
      <Section title="Status">
        <BookingStatusSelect booking={booking} />
      </Section>
      <Divider />
      <Section title="Referral code">
        <BookingReferralCode booking={booking} />
      </Section>
      <BookingJobs booking={booking} />
      <Divider />
      <RecordHistory entity="booking" entityId={booking.id} />
    </Stack>
  );
}

/** The job(s) made from the booking, linked; 'Create job' (with the referral matches) while there is none. */
export function BookingJobs({ booking }: { booking: BookingRecord }) {
  const { data: jobs, isPending, error, refetch } = useBookingJobs(booking.id);
  const [creating, setCreating] = useState(false);
  const none = !isPending && !error && (jobs?.length ?? 0) === 0;
  return (
    <Section
      title="Job"
      action={
        none ? (
          <Button variant="contained" size="small" startIcon={<AddTaskIcon />} onClick={() => setCreating(true)}>
            Create job
          </Button>
        ) : null
      }
    >
      {isPending || error ? (
        <LoadState isPending={isPending} error={error} retry={() => void refetch()} loading="Loading jobs..." failed="Could not fetch the booking's jobs." />
      ) : none ? (
        <Typography variant="body2" color="text.secondary">
          No job yet. Create one to give the customer a tracking link and credit the referring plumber.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {jobs?.map((job) => (
            <Box component="li" key={job.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Link component={RouterLink} to={`/job-tracking/${encodeURIComponent(job.id)}/show`} sx={{ fontWeight: 600 }}>
                {job.jobNumber}
              </Link>
              <Chip size="small" label={job.statusLabel} color={JOB_STATUS_COLOURS[job.status]} />
              <Typography variant="body2" color="text.secondary">
                Created {formatDateTime(job.createdAt)}
                {job.archivedAt ? ' · archived' : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {creating ? <CreateJobDialog booking={booking} onClose={() => setCreating(false)} /> : null}
    </Section>
  );
}

/** This page's sections: headings at level h2. */
function Section(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return <DetailSection heading="h2" {...props} />;
}
