import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { placeLabel } from '@relining/contracts/place-label';
import { formatDateTime } from '../common/dates';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { BookingReferralCode } from './BookingReferralCode';
import { BookingJobs } from './BookingShow';
import { BookingStatusSelect } from './BookingStatusSelect';
import type { BookingRecord } from './bookingStatus';
import { RecordHistory } from '../common/RecordHistory';

const formatDate = (date: string) =>
  new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * spec §2 booking detail dialog, with mail and phone links, the status, the referral code, the job
 * (or 'Create job'); 'Open as page' leads to the booking's own address (/admin/bookings/:id/show).
 */
export function BookingDetailDialog({ booking, onClose, onChanged }: { booking: BookingRecord; onClose: () => void; onChanged: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows: Array<[string, ReactNode]> = [
    ['Email', <Link href={mailtoHref(booking.email)}>{booking.email}</Link>],
    ['Phone', <PhoneLink phone={booking.phone} />],
    ['Address', `${booking.address}, ${placeLabel(booking)}`],
    ['Preferred', `${formatDate(booking.preferredDate)} at ${booking.preferredTime}`],
    ['Heard about us', booking.howHeardAboutUs ?? 'Not given'],
    ['Referral code', <BookingReferralCode booking={booking} />],
    ['Received', formatDateTime(booking.createdAt)],
  ];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="booking-detail-title" scroll="paper">
      <DialogTitle id="booking-detail-title">{booking.fullName}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: { xs: 0, sm: 2 } }}>
              <Typography color="text.secondary">{label}</Typography>
              <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
          <Divider />
          <Typography color="text.secondary">Job description</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{booking.briefDescription}</Typography>
          <Divider />
          <BookingStatusSelect booking={booking} onChanged={onChanged} />
          <Divider />
          <BookingJobs booking={booking} />
          <Divider />
          <RecordHistory entity="booking" entityId={booking.id} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={`/bookings/${encodeURIComponent(booking.id)}/show`} sx={{ mr: 'auto' }}>
          Open as page
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
