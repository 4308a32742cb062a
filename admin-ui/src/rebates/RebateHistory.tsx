import { Box, Divider, Typography } from '@mui/material';
import { formatDateTime } from '../common/dates';
import { changeActor, stateLabel, type RebateEntryChange } from './rebateFormat';

/**
 * A ledger entry's changes, oldest first, as the server kept them: from → to, the reason when one was
 * given, who (a staff member, or the pipeline for a job's stage) and when.
 */
export function RebateHistory({ history, dense = false }: { history: readonly RebateEntryChange[] | undefined; dense?: boolean }) {
  if (!history) return null;
  if (history.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No changes yet
      </Typography>
    );
  return (
    <Box component="ol" aria-label="Entry history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {history.map((change, index) => (
        <Box component="li" key={change.id}>
          {index > 0 ? <Divider /> : null}
          <Box sx={{ py: dense ? 0.5 : 1, display: 'grid', gap: 0.25 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {change.fromState ? `${stateLabel(change.fromState)} → ${stateLabel(change.toState)}` : `Recorded as ${stateLabel(change.toState)}`}
            </Typography>
            {change.reason ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Reason: {change.reason}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {changeActor(change.actor)} · {formatDateTime(change.createdAt)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
