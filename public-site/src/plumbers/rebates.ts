import { formatMoney } from '@relining/contracts/business';

/** Money and dates as plumbers see them (en-AU, Melbourne time, spec §9). */
const DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Melbourne' });

/** As the site, the e-mails and the console print money (whole dollars; cents only when there are some). */
export const money = formatMoney;
export const day = (iso: string): string => DAY.format(new Date(iso));

/** spec §3: a rebate part is 'paid' or, whatever else it says, counts as pending; 'processing' is shown as such. */
export function rebateStatusLabel(status: string): string {
  if (status === 'paid') return 'Paid';
  if (status === 'processing') return 'Processing';
  return 'Pending';
}
