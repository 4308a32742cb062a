import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Box, Card, CardActionArea, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, RecordContextProvider, SelectInput, TopToolbar, useListContext, useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { countOf } from '@relining/contracts/business';
import { formatCalendarDay, formatDate, formatDateTime } from '../common/dates';
import { Toast } from '../common/Toast';
import { RebateAmount } from '../rebates/RebateFields';
import { NewPayoutRunButton } from './NewPayoutRunButton';
import { PayoutRunStatusChip, WarningCount } from './PayoutRunFields';
import { PAYOUT_RUN_STATUS_CHOICES, payoutRunPage, type PayoutRunSummary } from './payoutFormat';

const filters = [<SelectInput key="status" source="status" label="Status" choices={PAYOUT_RUN_STATUS_CHOICES} alwaysOn />];

/**
 * Payout runs (/admin/payout-runs): each run pays plumbers their approved rebates in one bank file,
 * newest first. A row opens the run (its warnings, totals per plumber, the ABA file and Mark paid);
 * 'New payout run' gathers the rebates due before a day. On a phone each run is a card.
 */
export function PayoutRunList() {
  const notify = useNotify();
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1">
          Payout runs
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Pay plumbers their approved rebates: one ABA file for the bank, then an RCTI and a remittance advice for each plumber.
        </Typography>
      </Box>
      <List
        title="Payout runs"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={<NoRuns />}
        actions={
          <TopToolbar>
            <NewPayoutRunButton />
          </TopToolbar>
        }
        queryOptions={{ onError: () => notify(<Toast title="Failed to fetch payout runs" />, { type: 'error' }) }}
      >
        <PayoutRunRows />
      </List>
    </>
  );
}

function NoRuns() {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <AccountBalanceWalletIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        No payout runs yet
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A run gathers the approved rebates that are due and pays them in one bank file.
      </Typography>
      <NewPayoutRunButton variant="contained" />
    </Box>
  );
}

function NoMatches() {
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2 }}>
      <Typography>No payout runs match this filter</Typography>
      <Typography variant="body2" color="text.secondary">
        Choose another status, or clear it.
      </Typography>
    </Box>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The day (the run's page has the time) and, under it, who did it. */
function WhenBy({ at, by, empty = '-' }: { at: string | null; by: string | null; empty?: string }) {
  if (!at)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Box component="span" sx={{ display: 'grid' }}>
      <Typography component="span" variant="body2" sx={NOWRAP}>
        {formatDate(at)}
      </Typography>
      {by ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {by}
        </Typography>
      ) : null}
    </Box>
  );
}

function PayoutRunRows() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <PayoutRunCards />;
  return (
    <DataTable bulkActionButtons={false} rowClick="show" empty={<NoMatches />} sx={{ '& .RaDataTable-row': { verticalAlign: 'top' } }}>
      <DataTable.Col
        source="number"
        label="Run"
        render={(run: PayoutRunSummary) => (
          <Typography component="span" variant="body2" color="primary" sx={{ fontWeight: 600, fontFamily: 'monospace', ...NOWRAP }}>
            {run.number}
          </Typography>
        )}
      />
      <DataTable.Col source="status" label="Status" render={(run: PayoutRunSummary) => <PayoutRunStatusChip status={run.status} />} />
      <DataTable.Col source="totalCents" label="Total" align="right" render={(run: PayoutRunSummary) => <RebateAmount cents={run.totalCents} />} />
      <DataTable.Col source="plumberCount" label="Plumbers" align="right" disableSort />
      <DataTable.Col source="entryCount" label="Rebates" align="right" disableSort />
      <DataTable.Col
        source="warningCount"
        label="Warnings"
        align="right"
        disableSort
        render={(run: PayoutRunSummary) => <WarningCount count={run.warningCount} />}
      />
      <DataTable.Col
        source="dueBefore"
        label="Due before"
        render={(run: PayoutRunSummary) => (run.dueBefore ? formatCalendarDay(run.dueBefore) : 'Chosen entries')}
        sx={NOWRAP}
      />
      <DataTable.Col source="createdAt" label="Created" render={(run: PayoutRunSummary) => <WhenBy at={run.createdAt} by={run.createdBy} />} />
      <DataTable.Col source="paidAt" label="Paid" render={(run: PayoutRunSummary) => <WhenBy at={run.paidAt} by={run.paidBy} />} />
    </DataTable>
  );
}

/** Phone width: one card per run; the card opens the run. */
function PayoutRunCards() {
  const { data, isPending } = useListContext<PayoutRunSummary>();
  if (isPending) return null;
  if (!data || data.length === 0) return <NoMatches />;
  return (
    <Stack component="ul" aria-label="Payout runs" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {data.map((run) => (
        <li key={run.id}>
          <RecordContextProvider value={run}>
            <PayoutRunCard />
          </RecordContextProvider>
        </li>
      ))}
    </Stack>
  );
}

function PayoutRunCard() {
  const run = useRecordContext<PayoutRunSummary>();
  const navigate = useNavigate();
  if (!run) return null;
  return (
    <Card variant="outlined">
      <CardActionArea onClick={() => navigate(payoutRunPage(run.id))} aria-label={`Open payout run ${run.number}`}>
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }} color="primary">
                {run.number}
              </Typography>
              <PayoutRunStatusChip status={run.status} />
            </Box>
            <RebateAmount cents={run.totalCents} variant="subtitle1" />
          </Box>
          <Typography variant="body2" component="div" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
            <span>
              {countOf(run.plumberCount, 'plumber')} · {countOf(run.entryCount, 'rebate')}
            </span>
            {run.warningCount > 0 ? <WarningCount count={run.warningCount} /> : null}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {run.paidAt ? `Paid ${formatDateTime(run.paidAt)}` : `Created ${formatDateTime(run.createdAt)}`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
