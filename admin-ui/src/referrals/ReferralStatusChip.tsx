import { Chip } from '@mui/material';
import { REFERRAL_STATUS_COLOURS, statusLabel, type ReferralStatus } from './referralFormat';

/** A referral's status as a coloured chip with the spec's label. */
export function ReferralStatusChip({ status, size = 'small' }: { status: ReferralStatus; size?: 'small' | 'medium' }) {
  return <Chip size={size} label={statusLabel(status)} sx={{ bgcolor: REFERRAL_STATUS_COLOURS[status] ?? 'grey.700', color: '#fff', fontWeight: 500 }} />;
}
