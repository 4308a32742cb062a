import { Chip } from '@mui/material';
import { useGetList } from 'react-admin';
import { ReviewStatus } from '@relining/contracts/review-rules';
import type { ReviewRecord } from './reviewFormat';

/** How many reviews wait for moderation, for the menu (nothing when none, or when it cannot be known). */
export function PendingReviewsCount() {
  const { total } = useGetList<ReviewRecord>(
    'reviews',
    { filter: { status: ReviewStatus.Pending }, pagination: { page: 1, perPage: 1 }, sort: { field: 'writtenAt', order: 'DESC' } },
    { retry: false, onError: () => undefined, refetchInterval: 120_000, refetchOnWindowFocus: true },
  );
  if (!total) return null;
  return (
    <Chip
      component="span"
      size="small"
      color="warning"
      label={total > 99 ? '99+' : total}
      aria-label={`${total} waiting for moderation`}
      sx={{ ml: 1, height: 20, fontWeight: 600 }}
    />
  );
}
