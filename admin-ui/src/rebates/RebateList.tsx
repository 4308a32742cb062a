import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Card, CardActionArea, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, List, RecordContextProvider, TopToolbar, useListContext, useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { Toast } from '../common/Toast';
import { PayInNewRunButton } from './PayInNewRunButton';
import { RebateBulkButtons } from './RebateBulkButtons';
import { RebateActions } from './RebateActions';
import { RebateAmount, RebateDate, RebateStateChips, ReferralRefLink } from './RebateFields';
import { rebateFilters, RebateQuickFilters } from './rebateFilters';
import { kindLabel, type RebateEntry } from './rebateFormat';

/** The selected entries' actions: approve or void together, or pay the approved ones in a new run (no Delete). */
function RebateBulkActions() {
  return (
    <>
      <RebateBulkButtons />
      <PayInNewRunButton />
    </>
  );
}

/**
 * The rebate ledger (/admin/rebates): every earned, approved, paid, void or adjusted amount, soonest due
 * first, with the quick chips, filters and each entry's actions (Approve, Void, Refund). A row opens
 * the entry with its history. Approved entries can be ticked and paid together in a new payout run.
 * On a phone each entry is a card.
 */
export function RebateList() {
  const notify = useNotify();
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1">
          Rebates
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The plumbers' rebate ledger: what is earned, approved, paid or void, and when it is due.
        </Typography>
      </Box>
      <List
        title="Rebates"
        filters={rebateFilters()}
        sort={{ field: 'dueAt', order: 'ASC' }}
        perPage={25}
        exporter={false}
        empty={<NoEntries />}
        actions={
          <TopToolbar>
            <SavedViewsMenu resource="rebates" />
            <FilterButton />
            <ExportCsvButton path="/admin/rebates/export.csv" fallbackName="rebates.csv" />
          </TopToolbar>
        }
        queryOptions={{ onError: () => notify(<Toast title="Failed to fetch rebates" />, { type: 'error' }) }}
      >
        <RebateQuickFilters />
        <RebateRows />
      </List>
    </>
  );
}

function NoEntries() {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <PaymentsIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        No rebates yet
      </Typography>
      <Typography variant="body2" color="text.secondary">
        An entry is made when a referred job's Clean & View or reline is completed.
      </Typography>
    </Box>
  );
}

function NoMatches() {
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2 }}>
      <Typography>No rebates match these filters</Typography>
      <Typography variant="body2" color="text.secondary">
        Try other filters, or clear them.
      </Typography>
    </Box>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function RebateRows() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <RebateCards />;
  return (
    <DataTable
      bulkActionButtons={<RebateBulkActions />}
      // Pending entries can be approved or voided together, approved ones voided or paid in a run.
      isRowSelectable={(entry: RebateEntry) => entry.state === 'pending' || entry.state === 'approved'}
      rowClick="show"
      empty={<NoMatches />}
      sx={{ '& .RaDataTable-row': { verticalAlign: 'top' } }}
    >
      <DataTable.Col source="refNumber" label="Referral" disableSort render={(entry: RebateEntry) => <ReferralRefLink entry={entry} />} />
      <DataTable.Col source="plumberName" label="Plumber" disableSort />
      <DataTable.Col source="kind" label="Kind" disableSort render={(entry: RebateEntry) => kindLabel(entry.kind)} sx={NOWRAP} />
      <DataTable.Col source="amountCents" label="Amount" align="right" render={(entry: RebateEntry) => <RebateAmount cents={entry.amountCents} />} />
      <DataTable.Col source="state" label="State" disableSort render={(entry: RebateEntry) => <RebateStateChips entry={entry} />} />
      <DataTable.Col source="milestoneAt" label="Milestone" render={(entry: RebateEntry) => <RebateDate value={entry.milestoneAt} />} />
      <DataTable.Col source="dueAt" label="Due" render={(entry: RebateEntry) => <RebateDate value={entry.dueAt} overdue={entry.overdue} />} />
      <DataTable.Col source="paidAt" label="Paid" disableSort render={(entry: RebateEntry) => <RebateDate value={entry.paidAt} />} />
      <DataTable.Col label="Actions" render={(entry: RebateEntry) => <RebateActions entry={entry} />} />
    </DataTable>
  );
}

/** Phone width: one card per entry; the card opens the entry, its buttons act on it. */
function RebateCards() {
  const { data, isPending } = useListContext<RebateEntry>();
  if (isPending) return null;
  if (!data || data.length === 0) return <NoMatches />;
  return (
    <Stack component="ul" aria-label="Rebates" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {data.map((entry) => (
        <li key={entry.id}>
          <RecordContextProvider value={entry}>
            <RebateCard />
          </RecordContextProvider>
        </li>
      ))}
    </Stack>
  );
}

function RebateCard() {
  const entry = useRecordContext<RebateEntry>();
  const navigate = useNavigate();
  if (!entry) return null;
  return (
    <Card variant="outlined">
      <CardActionArea
        onClick={() => navigate(`/rebates/${encodeURIComponent(entry.id)}/show`)}
        aria-label={`Open ${kindLabel(entry.kind)} rebate for ${entry.refNumber}`}
      >
        <CardContent sx={{ display: 'grid', gap: 0.75, pb: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }} color="primary">
              {entry.refNumber}
            </Typography>
            <RebateAmount cents={entry.amountCents} variant="subtitle1" />
          </Box>
          <Typography variant="body2">
            {kindLabel(entry.kind)} · {entry.plumberName}
          </Typography>
          <RebateStateChips entry={entry} />
          <Typography variant="body2" color="text.secondary" component="div" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
            <span>
              Milestone <RebateDate value={entry.milestoneAt} />
            </span>
            {entry.dueAt ? (
              <span>
                Due <RebateDate value={entry.dueAt} overdue={entry.overdue} />
              </span>
            ) : null}
            {entry.paidAt ? (
              <span>
                Paid <RebateDate value={entry.paidAt} />
              </span>
            ) : null}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Box sx={{ px: 1, pb: 1 }}>
        <RebateActions entry={entry} />
      </Box>
    </Card>
  );
}
