import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { countOf } from '@relining/contracts/business';
import { formatCalendarDay, formatDateTime } from '../common/dates';
import { DetailRows, DetailSection } from '../common/DetailSection';
import { RecordHistory } from '../common/RecordHistory';
import { RebateAmount } from '../rebates/RebateFields';
import { PayoutEntries } from './PayoutEntries';
import { PayoutPayees } from './PayoutPayees';
import { PayoutRunActions } from './PayoutRunActions';
import { PayoutRunStatusChip } from './PayoutRunFields';
import { PayoutWarnings } from './PayoutWarnings';
import type { PayoutRunDetail } from './payoutFormat';

/**
 * GET /api/admin/payout-runs/:id: the run with its payees, entries and warnings. The meta keeps it
 * apart in react-admin's cache from the list's rows (summaries, without them).
 */
const DETAIL_QUERY = { meta: { view: 'detail' } } as const;

function Title() {
  const run = useRecordContext<PayoutRunDetail>();
  return <>{run ? `Payout run ${run.number}` : 'Payout run'}</>;
}

function Actions() {
  const run = useRecordContext<PayoutRunDetail>();
  return (
    <TopToolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Button component={RouterLink} to="/payout-runs" startIcon={<ArrowBackIcon />}>
        All payout runs
      </Button>
      {run?.payees ? <PayoutRunActions run={run} /> : null}
    </TopToolbar>
  );
}

/**
 * A payout run's page (/admin/payout-runs/:id/show): its warnings first, then the totals per plumber
 * and the rebates it pays. A draft's actions download the ABA file, mark it paid or cancel it; a paid
 * run shows when and by whom, and each plumber's RCTI.
 */
export function PayoutRunShow() {
  return (
    <Show title={<Title />} actions={<Actions />} queryOptions={DETAIL_QUERY}>
      <RunDetail />
    </Show>
  );
}

function RunDetail() {
  const run = useRecordContext<PayoutRunDetail>();
  // A summary from the list may be shown while the detail loads: wait for the detail's arrays.
  if (!run?.payees || !run.entries || !run.warnings) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading payout run...</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Header run={run} />
      <PayoutWarnings run={run} />
      <Divider />
      <DetailSection title="Totals per plumber" heading="h2">
        <PayoutPayees run={run} />
      </DetailSection>
      <DetailSection title="Rebates in this run" heading="h2">
        <PayoutEntries run={run} />
      </DetailSection>
      <Divider />
      {/* Who made, changed, downloaded and paid the run, and each plumber's payment. */}
      <RecordHistory entity="payout_run" entityId={run.id} />
    </Stack>
  );
}

function Header({ run }: { run: PayoutRunDetail }) {
  const rows: Array<[string, string]> = [
    ['Rebates', run.dueBefore ? `Approved and due by ${formatCalendarDay(run.dueBefore)}` : 'Chosen in the ledger'],
    ['Created', [formatDateTime(run.createdAt), run.createdBy].filter(Boolean).join(' by ')],
    ['ABA file', run.fileDownloadedAt ? `Last downloaded ${formatDateTime(run.fileDownloadedAt)}` : 'Not downloaded yet'],
  ];
  if (run.paidAt) rows.push(['Paid', [formatDateTime(run.paidAt), run.paidBy].filter(Boolean).join(' by ')]);
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {run.number}
          </Typography>
          <PayoutRunStatusChip status={run.status} />
        </Box>
        <Box sx={{ ml: { sm: 'auto' }, textAlign: { sm: 'right' } }}>
          <RebateAmount cents={run.totalCents} variant="h6" />
          <Typography variant="body2" color="text.secondary">
            {countOf(run.plumberCount, 'plumber')} · {countOf(run.entryCount, 'rebate')}
          </Typography>
        </Box>
      </Box>
      {run.status === 'paid' ? (
        <Alert severity="success">
          {['Paid', run.paidAt ? formatDateTime(run.paidAt) : null, run.paidBy ? `by ${run.paidBy}` : null].filter(Boolean).join(' ')}. Each plumber paid has an
          RCTI below; their remittance advices are in the Outbox.
        </Alert>
      ) : null}
      {run.status === 'cancelled' ? <Alert severity="info">This run was cancelled: nothing was paid, and its rebates went back to the ledger.</Alert> : null}
      <DetailRows rows={rows} />
    </Stack>
  );
}
