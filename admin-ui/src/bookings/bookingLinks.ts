import { useGetList } from 'react-admin';
import type { JobRecord } from '@relining/contracts/api/jobs';
import type { ReferralRecord } from '@relining/contracts/api/referrals';

/** Quiet: these only add to a booking's page (no toast when they fail, one try). */
const QUIET = { retry: false, onError: () => undefined } as const;

/** The jobs made from a booking (GET /api/admin/jobs?filter={"bookingId":…}), newest first. */
export function useBookingJobs(bookingId: string | undefined) {
  return useGetList<JobRecord>(
    'job-tracking',
    { filter: { bookingId }, pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' } },
    { ...QUIET, enabled: Boolean(bookingId) },
  );
}

/** The referrals a booking made or is linked to (GET /api/admin/referrals?filter={"bookingId":…}). */
export function useBookingReferrals(bookingId: string | undefined, enabled = true) {
  return useGetList<ReferralRecord>(
    'referrals',
    { filter: { bookingId }, pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'ASC' } },
    { ...QUIET, enabled: enabled && Boolean(bookingId) },
  );
}
