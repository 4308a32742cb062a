import { Chip, Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BookingRecord } from '@relining/contracts/api/bookings';
import type { JobRecord } from '@relining/contracts/api/jobs';
import type { ReferralRecord } from '@relining/contracts/api/referrals';
import { JOB_STATUS_LABELS, type JobStatus } from '@relining/contracts/job-status';
import { formatCalendarDay } from './dates';

/**
 * Links between the pipeline's records (a booking, its job, the referral behind them), each named as
 * staff know it (the booking's customer, the Job ID, the Ref ID) once react-admin has it, and a plain
 * 'Open …' until then or when it cannot be fetched. They only lead somewhere: no toast on failure.
 */
const QUIET = { retry: false, onError: () => undefined } as const;
/** Inside a list row: a link does only its own thing. */
const stop = (event: MouseEvent) => event.stopPropagation();

export function BookingLink({ id }: { id: string }) {
  const { data } = useGetOne<BookingRecord>('bookings', { id }, QUIET);
  return (
    <Link component={RouterLink} to={`/bookings/${encodeURIComponent(id)}/show`} onClick={stop}>
      {data ? `${data.fullName} · preferred ${formatCalendarDay(data.preferredDate)}` : 'Open booking'}
    </Link>
  );
}

/** A job by its Job ID; `stage` (when the caller knows it) as a chip beside it. */
export function JobLink({ id, stage }: { id: string; stage?: JobStatus | null }) {
  const { data } = useGetOne<JobRecord>('job-tracking', { id }, QUIET);
  const status = stage ?? data?.status;
  return (
    <>
      <Link component={RouterLink} to={`/job-tracking/${encodeURIComponent(id)}/show`} onClick={stop} sx={{ mr: 1 }}>
        {data ? data.jobNumber : 'Open job'}
      </Link>
      {status ? <Chip size="small" label={JOB_STATUS_LABELS[status] ?? status} /> : null}
    </>
  );
}

/**
 * A referral by its Ref ID (and its plumber, with `withPlumber`). Fetched as the referral's own page
 * fetches it (the detail, cached apart from the lists' rows).
 */
export function ReferralLink({ id, withPlumber = false, fallback = 'Open referral' }: { id: string; withPlumber?: boolean; fallback?: string }) {
  const { data } = useGetOne<ReferralRecord>('referrals', { id, meta: { view: 'detail' } }, QUIET);
  return (
    <Link component={RouterLink} to={`/referrals/${encodeURIComponent(id)}`} onClick={stop}>
      {data ? (withPlumber ? `${data.refNumber} · ${data.plumberName}` : data.refNumber) : fallback}
    </Link>
  );
}
