import { dateFormat } from '@relining/contracts/date-format';

// How the job tracker shows when a stage was reached: '21 Nov 2026', Melbourne time.
const JOB_DATE = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Melbourne' } as const;

export function formatJobDate(iso: string): string {
  return dateFormat('en-AU', JOB_DATE).format(new Date(iso));
}

/**
 * Sets the formatter up ahead of time: the first time-zone formatter of a page costs it tens of ms,
 * better spent while the job-status page waits for its code and data than when it draws the job.
 */
export function prepareJobDates(): void {
  dateFormat('en-AU', JOB_DATE);
}
