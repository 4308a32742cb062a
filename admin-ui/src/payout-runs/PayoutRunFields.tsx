import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Typography } from '@mui/material';
import { PAYOUT_RUN_STATUS_COLOURS, runStatusLabel, type PayoutRunStatus, type WarningGroup } from './payoutFormat';

/** A run's status as a chip: Draft, Paid or Cancelled. */
export function PayoutRunStatusChip({ status }: { status: PayoutRunStatus }) {
  return (
    <Chip
      size="small"
      label={runStatusLabel(status)}
      color={PAYOUT_RUN_STATUS_COLOURS[status] ?? 'default'}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
    />
  );
}

/** How many payees have a warning: in the warning colour, with its icon, when there is any. */
export function WarningCount({ count }: { count: number }) {
  if (count === 0)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        0
      </Typography>
    );
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark', fontWeight: 600, whiteSpace: 'nowrap' }}
      aria-label={`${count} ${count === 1 ? 'warning' : 'warnings'}`}
    >
      <WarningAmberIcon fontSize="small" aria-hidden />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} aria-hidden>
        {count}
      </Typography>
    </Box>
  );
}

/** One plumber's warnings per line: the name, then what stops or needs care. */
export function WarningList({ groups, label }: { groups: readonly WarningGroup[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, mt: 0.5, pl: 2.5, display: 'grid', gap: 0.25 }}>
      {groups.map((group) => (
        <Typography component="li" variant="body2" key={group.plumberId} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {group.plumberName}
          </Box>
          : {group.texts.join('; ')}
        </Typography>
      ))}
    </Box>
  );
}
