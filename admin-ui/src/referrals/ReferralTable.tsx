import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  LinearProgress,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { MouseEvent } from 'react';
import { DataTable, RecordContextProvider, useListContext, useRecordContext } from 'react-admin';
import { placeLabel } from '@relining/contracts/place-label';
import { AddressField, ClientField, HeldChip, PlumberField, RebatesField, ReceivedField, StatusField, UrgencyField } from './ReferralFields';
import { formatDate, formatTime, type ReferralRecord, urgencyLabel } from './referralFormat';
import { ReferralPagination, useKeepScrollOnPageChange, useLastPageWhenPastTheEnd } from './ReferralPager';
import { ReferralBulkStatusButton } from './ReferralBulkStatusButton';
import { ReferralStatusChip } from './ReferralStatusChip';

/**
 * spec §2 Admin referrals dashboard: the referrals of the list context (5 a page) with the pager of
 * spec §9. A row (or its Ref ID button, for the keyboard) opens the referral. On narrow screens each
 * referral is a card.
 */
export function ReferralTable({ onOpen, onChanged }: { onOpen: (id: string) => void; onChanged?: () => void }) {
  const { data, isPending, isFetching, error, refetch, filterValues, page } = useListContext<ReferralRecord>();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  useKeepScrollOnPageChange(page);
  useLastPageWhenPastTheEnd();

  if (error && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        Failed to fetch referrals. {error.message}
      </Alert>
    );
  }
  if (isPending && !data) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 4, justifyContent: 'center' }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading referrals...</Typography>
      </Stack>
    );
  }

  const rows = data ?? [];
  return (
    <Stack spacing={1.5}>
      <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-label="Refreshing referrals" /> : null}</Box>
      {error ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          Failed to fetch referrals. The rows below may be out of date.
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography>No referrals found</Typography>
          {Object.keys(filterValues).length > 0 ? (
            <Typography variant="body2" color="text.secondary">
              Try other filters, or clear them.
            </Typography>
          ) : null}
        </Box>
      ) : narrow ? (
        <Box
          component="ul"
          aria-label="Referrals"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
        >
          {rows.map((referral) => (
            <li key={referral.id}>
              <RecordContextProvider value={referral}>
                <ReferralCard onOpen={onOpen} />
              </RecordContextProvider>
            </li>
          ))}
        </Box>
      ) : (
        <DataTable
          aria-label="Referrals"
          bulkActionButtons={<ReferralBulkStatusButton onDone={onChanged} />}
          rowClick={(id) => {
            onOpen(String(id));
            return false;
          }}
          sx={TABLE_SX}
        >
          <DataTable.Col
            source="refNumber"
            label="Ref ID"
            render={(referral: ReferralRecord) => <OpenButton referral={referral} onOpen={onOpen} />}
            sx={NOWRAP}
          />
          <DataTable.Col source="clientName" label="Client" field={ClientField} />
          <DataTable.Col source="jobAddress" label="Address" field={AddressField} disableSort />
          <DataTable.Col source="plumberName" label="Plumber" field={PlumberField} />
          <DataTable.Col source="urgency" label="Urgency" field={UrgencyField} disableSort />
          <DataTable.Col source="status" label="Status" field={StatusField} disableSort />
          <DataTable.Col label="Rebates" field={RebatesField} sx={NOWRAP} />
          <DataTable.Col source="createdAt" label="Date" field={ReceivedField} sortByOrder="DESC" sx={NOWRAP} />
        </DataTable>
      )}
      <ReferralPagination />
    </Stack>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The look the table had before it was react-admin's: compact cells, bold headers, rows top-aligned. */
const TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .RaDataTable-headerCell': { fontWeight: 600, whiteSpace: 'nowrap' },
  '& .RaDataTable-row': { verticalAlign: 'top' },
} as const;

function OpenButton({ referral, onOpen }: { referral: ReferralRecord; onOpen: (id: string) => void }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      aria-label={`Open referral ${referral.refNumber}`}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onOpen(referral.id);
      }}
      sx={{ fontWeight: 600, fontFamily: 'monospace', fontSize: '0.875rem' }}
    >
      {referral.refNumber}
    </Link>
  );
}

function ReferralCard({ onOpen }: { onOpen: (id: string) => void }) {
  const referral = useRecordContext<ReferralRecord>();
  if (!referral) return null;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea onClick={() => onOpen(referral.id)} sx={{ height: '100%', alignItems: 'flex-start', display: 'flex', flexDirection: 'column' }}>
        <CardContent sx={{ display: 'grid', gap: 1, width: '100%' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }} color="primary">
              {referral.refNumber}
            </Typography>
            <ReferralStatusChip status={referral.status} />
          </Box>
          <HeldChip />
          <Box>
            <Typography variant="body2">
              {referral.clientName} · {referral.clientPhone}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {referral.jobAddress}, {placeLabel(referral)}
            </Typography>
          </Box>
          <Typography variant="body2">
            {referral.plumberName}
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              · {referral.plumberCompany}
            </Typography>
          </Typography>
          <RebatesField />
          <Typography variant="body2" color="text.secondary">
            {urgencyLabel(referral.urgency)} · {formatDate(referral.createdAt)} {formatTime(referral.createdAt)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
