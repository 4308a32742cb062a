import { Box, Chip, CircularProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { reviewQueue } from '../referral-reviews/reviewFormat';
import { useBookingReferrals } from './bookingLinks';
import type { BookingRecord } from './bookingStatus';

/** The words of a code's status in the list's column. */
export const REFERRAL_CODE_STATUS_LABELS: Record<NonNullable<BookingRecord['referralCodeStatus']>, string> = {
  attributed: 'Attributed',
  unknown: 'Unknown code',
  self: "Plumber's own",
};

export const REFERRAL_CODE_STATUS_COLOURS: Record<NonNullable<BookingRecord['referralCodeStatus']>, 'success' | 'warning' | 'default'> = {
  attributed: 'success',
  unknown: 'warning',
  self: 'default',
};

/**
 * The referral code a booking carried and what became of it: attributed (to the plumber whose referral
 * it made, linked), unknown (flagged for review, linked to the queue), or the plumber's own booking.
 */
export function BookingReferralCode({ booking }: { booking: BookingRecord }) {
  if (!booking.referralCode) {
    return (
      <Typography variant="body2" color="text.secondary">
        No referral code
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip size="small" label={booking.referralCode} sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
      <CodeOutcome booking={booking} />
    </Box>
  );
}

function CodeOutcome({ booking }: { booking: BookingRecord }) {
  const attributed = booking.referralCodeStatus === 'attributed';
  const { data, isPending } = useBookingReferrals(booking.id, attributed);
  switch (booking.referralCodeStatus) {
    case 'attributed': {
      // The referral the booking made: the one whose plumber the code belongs to (the first otherwise).
      const referral = data?.find((candidate) => candidate.plumberId === booking.referrerId) ?? data?.[0];
      if (referral) {
        return (
          <Typography variant="body2" component="span">
            Attributed to{' '}
            <Link component={RouterLink} to={`/referrals/${encodeURIComponent(referral.id)}`}>
              {referral.plumberName}
              {referral.plumberCompany ? ` (${referral.plumberCompany})` : ''} · {referral.refNumber}
            </Link>
          </Typography>
        );
      }
      return (
        <Typography variant="body2" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          Attributed to the plumber with this code
          {isPending ? <CircularProgress size={14} aria-label="Finding the referral" /> : null}
        </Typography>
      );
    }
    case 'unknown':
      return (
        <Typography variant="body2" component="span" color="warning.main">
          Unknown code — flagged for review.{' '}
          <Link component={RouterLink} to={reviewQueue('unknown_code')}>
            Review queue
          </Link>
        </Typography>
      );
    case 'self':
      return (
        <Typography variant="body2" component="span" color="text.secondary">
          The plumber's own booking — not attributed
        </Typography>
      );
    default:
      return (
        <Typography variant="body2" component="span" color="text.secondary">
          Not checked yet
        </Typography>
      );
  }
}
