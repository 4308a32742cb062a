import { BulkStatusButton } from '../common/BulkStatusButton';
import { REFERRAL_STATUSES, statusLabel } from './referralFormat';

const CHOICES = REFERRAL_STATUSES.map((status) => ({ id: status, name: statusLabel(status) }));

/**
 * The referrals table's bulk 'Set status' (POST /api/admin/referrals/bulk-status): each referral
 * changes as from its own page (rebates, history, the plumber's e-mail), all in one transaction.
 */
export function ReferralBulkStatusButton({ onDone }: { onDone?: () => void }) {
  return (
    <BulkStatusButton
      path="/admin/referrals/bulk-status"
      noun="referral"
      choices={CHOICES}
      explanation="Each referral changes as from its own page: its rebates follow and its plumber is e-mailed. If one cannot be found, nothing changes."
      onDone={onDone}
    />
  );
}
