import { Box, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../common/dates';
import { formatCents, REBATE_STATE_COLOURS, stateLabel, type RebateEntry } from './rebateFormat';

/** The referral an entry belongs to, by its Ref ID, linked to the referral's page. */
export function ReferralRefLink({ entry }: { entry: Pick<RebateEntry, 'referralId' | 'refNumber'> }) {
  return (
    <Link
      component={RouterLink}
      to={`/referrals/${encodeURIComponent(entry.referralId)}`}
      onClick={(event) => event.stopPropagation()}
      sx={{ fontWeight: 600, fontFamily: 'monospace', fontSize: '0.875rem', whiteSpace: 'nowrap' }}
    >
      {entry.refNumber}
    </Link>
  );
}

/** Dollars and cents; a refund adjustment (negative) in the error colour. */
export function RebateAmount({ cents, variant = 'body2' }: { cents: number; variant?: 'body2' | 'subtitle1' | 'subtitle2' | 'h6' }) {
  return (
    <Typography
      component="span"
      variant={variant}
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: cents < 0 ? 'error.main' : undefined }}
    >
      {formatCents(cents)}
    </Typography>
  );
}

/** The entry's state as a chip, and 'Overdue' beside it when the server says it is unpaid past its due date. */
export function RebateStateChips({ entry }: { entry: Pick<RebateEntry, 'state' | 'overdue'> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        label={stateLabel(entry.state)}
        color={REBATE_STATE_COLOURS[entry.state] ?? 'default'}
        variant={entry.state === 'void' ? 'outlined' : 'filled'}
      />
      {entry.overdue ? <Chip size="small" label="Overdue" color="error" /> : null}
    </Box>
  );
}

/** A date of the entry (the display zone's day); the due date in red while the entry is overdue. */
export function RebateDate({ value, overdue = false, empty = '-' }: { value: string | null; overdue?: boolean; empty?: string }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ whiteSpace: 'nowrap', color: overdue ? 'error.main' : value ? undefined : 'text.secondary', fontWeight: overdue ? 600 : undefined }}
    >
      {value ? formatDate(value) : empty}
    </Typography>
  );
}
