import { Alert, AlertTitle, Stack, Typography } from '@mui/material';
import { WarningList } from './PayoutRunFields';
import { groupWarnings, type PayoutRunDetail } from './payoutFormat';

/**
 * A run's warnings, before anything else on its page: who was left out when the run was made (their
 * rebates stay approved for a later run), then those in it who need care (a cheque to post, payouts
 * held after a change of bank details, no bank details). A cancelled run has none to show.
 */
export function PayoutWarnings({ run }: { run: Pick<PayoutRunDetail, 'warnings' | 'status'> }) {
  // A cancelled run pays no one: its warnings no longer ask anything of staff.
  if (run.status === 'cancelled') return null;
  const { leftOut, inRun } = groupWarnings(run.warnings);
  if (leftOut.length === 0 && inRun.length === 0) {
    if (run.status !== 'draft') return null;
    return <Alert severity="success">No warnings: everyone in this run can be paid.</Alert>;
  }
  return (
    <Stack spacing={1.5} component="section" aria-label="Warnings">
      {leftOut.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>Left out of this run</AlertTitle>
          <Typography variant="body2">They cannot be paid yet. Their approved rebates stay in the ledger for a later run.</Typography>
          <WarningList groups={leftOut} label="Plumbers left out of this run" />
        </Alert>
      ) : null}
      {inRun.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle>In this run</AlertTitle>
          {run.status === 'draft' ? <Typography variant="body2">Check these before you download the ABA file or mark the run paid.</Typography> : null}
          <WarningList groups={inRun} label="Warnings for plumbers in this run" />
        </Alert>
      ) : null}
    </Stack>
  );
}
