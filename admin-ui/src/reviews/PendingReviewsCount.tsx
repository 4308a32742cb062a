import { ReviewStatus } from '@relining/contracts/review-rules';
import { MenuCount } from '../common/MenuCount';

const PENDING = { status: ReviewStatus.Pending };

/** How many reviews wait for moderation, for the menu. */
export function PendingReviewsCount() {
  return <MenuCount resource="reviews" filter={PENDING} sortField="writtenAt" label="waiting for moderation" />;
}
