import PublishIcon from '@mui/icons-material/Publish';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { countOf } from '@relining/contracts/business';
import { ReviewStatus } from '@relining/contracts/review-rules';
import type { BulkStatusAnswer } from '../common/BulkStatusButton';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { problemText } from './reviewProblems';

const ACTIONS = [
  { status: ReviewStatus.Published, label: 'Publish', done: 'published', icon: <PublishIcon /> },
  { status: ReviewStatus.Hidden, label: 'Hide', done: 'hidden', icon: <VisibilityOffIcon /> },
] as const;

/**
 * The reviews list's bulk 'Publish' and 'Hide' (POST /api/admin/reviews/bulk-status {ids, status}):
 * the server moderates each selected review as one by one, in one transaction, so a refusal (a review
 * whose author did not consent cannot be published) is the toast and nothing changed.
 */
export function ReviewBulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<ReviewStatus | null>(null);

  async function apply(action: (typeof ACTIONS)[number]) {
    setBusy(action.status);
    try {
      const answer = await session.call<Partial<BulkStatusAnswer> | undefined>('/admin/reviews/bulk-status', {
        method: 'POST',
        body: { ids: selectedIds.map(String), status: action.status },
      });
      const updated = answer?.updated?.length ?? selectedIds.length;
      const unchanged = answer?.unchanged?.length ? `${countOf(answer.unchanged.length, 'review')} already ${action.done}.` : '';
      const notices = answer?.notices ?? [];
      notify(<Toast title={`${countOf(updated, 'review')} ${action.done}`} description={[unchanged, ...notices].filter(Boolean).join(' ') || undefined} />, {
        type: notices.length > 0 ? 'warning' : 'success',
      });
      onUnselectItems();
      refresh();
    } catch (caught) {
      notify(<Toast title={action.status === ReviewStatus.Published ? 'Not published' : 'Not hidden'} description={problemText(caught)} />, {
        type: 'error',
        autoHideDuration: 10_000,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {ACTIONS.map((action) => (
        <Button
          key={action.status}
          size="small"
          startIcon={action.icon}
          onClick={() => void apply(action)}
          disabled={busy !== null || selectedIds.length === 0}
        >
          {busy === action.status ? 'Saving...' : action.label}
        </Button>
      ))}
    </>
  );
}
