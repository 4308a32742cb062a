import { Chip } from '@mui/material';
import { useGetList } from 'react-admin';
import type { ReferralReviewRecord } from './reviewFormat';

/** How many referral reviews wait for staff, for the menu (nothing when none, or when it cannot be known). */
export function OpenReviewsCount() {
  const { total } = useGetList<ReferralReviewRecord>(
    'referral-reviews',
    { filter: { status: 'open' }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { retry: false, onError: () => undefined, refetchInterval: 120_000, refetchOnWindowFocus: true },
  );
  if (!total) return null;
  return (
    <Chip
      component="span"
      size="small"
      color="warning"
      label={total > 99 ? '99+' : total}
      aria-label={`${total} open`}
      sx={{ ml: 1, height: 20, fontWeight: 600 }}
    />
  );
}
