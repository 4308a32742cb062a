import { MenuCount } from '../common/MenuCount';

const OPEN = { status: 'open' };

/** How many referral reviews wait for staff, for the menu. */
export function OpenReviewsCount() {
  return <MenuCount resource="referral-reviews" filter={OPEN} sortField="createdAt" label="open" />;
}
