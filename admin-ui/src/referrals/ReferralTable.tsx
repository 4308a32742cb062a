import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useGetList } from 'react-admin';
import { placeLabel } from '../../../src/contracts/place-label';
import { pageCount } from './pager';
import { ReferralPager } from './ReferralPager';
import {
  formatDate,
  formatMoney,
  formatTime,
  isPastDue,
  REBATE_PART_LABELS,
  rebateStatusLabel,
  type RebatePartName,
  type ReferralRecord,
  urgencyLabel,
} from './referralFormat';
import { ReferralStatusChip } from './ReferralStatusChip';
import type { ReferralQuery, SortField } from './useReferralQuery';

/** spec §9: 5 referrals per page. */
export const REFERRALS_PER_PAGE = 5;

const COLUMNS: Array<{ label: string; sort?: SortField }> = [
  { label: 'Ref ID', sort: 'refNumber' },
  { label: 'Client', sort: 'clientName' },
  { label: 'Address' },
  { label: 'Plumber', sort: 'plumberName' },
  { label: 'Urgency' },
  { label: 'Status' },
  { label: 'Rebates' },
  { label: 'Date', sort: 'createdAt' },
];

/**
 * spec §2 Admin referrals dashboard: the referrals table, 5 a page, with the pager of spec §9. A row
 * (or its Ref ID button, for the keyboard) opens the referral. On narrow screens each referral is a card.
 */
export function ReferralTable({ query, onOpen }: { query: ReferralQuery; onOpen: (id: string) => void }) {
  const { apiFilter, page, sort, order, setPage, setSort, hasFilters } = query;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const { data, total, isPending, isFetching, error, refetch } = useGetList<ReferralRecord>(
    'referrals',
    { pagination: { page, perPage: REFERRALS_PER_PAGE }, sort: { field: sort, order }, filter: apiFilter },
    // One quiet retry, then the error and its Retry button (react-query would otherwise wait ~7 s).
    { placeholderData: (previous) => previous, retry: 1 },
  );
  const pages = pageCount(total ?? 0, REFERRALS_PER_PAGE);

  // A page beyond the end (rows removed by a filter or a status change) shows the last page instead.
  useEffect(() => {
    if (!isPending && !error && total !== undefined && page > Math.max(pages, 1)) setPage(Math.max(pages, 1), { replace: true });
  }, [isPending, error, total, page, pages, setPage]);

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
  const first = (page - 1) * REFERRALS_PER_PAGE + 1;
  const last = first + rows.length - 1;
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
          {hasFilters ? (
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
              <ReferralCard referral={referral} onOpen={onOpen} />
            </li>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Referrals" sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 } }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column.label}
                    sortDirection={column.sort === sort ? (order === 'ASC' ? 'asc' : 'desc') : false}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={column.sort === sort}
                        direction={column.sort === sort ? (order === 'ASC' ? 'asc' : 'desc') : column.sort === 'createdAt' ? 'desc' : 'asc'}
                        onClick={() => setSort(column.sort!, column.sort === sort ? (order === 'ASC' ? 'DESC' : 'ASC') : column.sort === 'createdAt' ? 'DESC' : 'ASC')}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((referral) => (
                <TableRow key={referral.id} hover onClick={() => onOpen(referral.id)} sx={{ cursor: 'pointer', verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <OpenButton referral={referral} onOpen={onOpen} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{referral.clientName}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {referral.clientPhone}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{referral.jobAddress}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {placeLabel(referral)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{referral.plumberName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {referral.plumberCompany}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{urgencyLabel(referral.urgency)}</Typography>
                  </TableCell>
                  <TableCell>
                    <ReferralStatusChip status={referral.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RebateLines referral={referral} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Typography variant="body2">{formatDate(referral.createdAt)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatTime(referral.createdAt)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {`Showing ${first}–${last} of ${total ?? rows.length}`}
          </Typography>
          <ReferralPager page={page} pages={pages} onPage={(value) => setPage(value)} />
        </Box>
      ) : null}
    </Stack>
  );
}

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

/** The two rebate parts, each amount and status; a part past its payment date is flagged Overdue. */
export function RebateLines({ referral }: { referral: ReferralRecord }) {
  const part = (name: RebatePartName, amount: number, status: string, dueAt: string | null): ReactNode => {
    const overdue = isPastDue(dueAt);
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: overdue ? 'error.main' : undefined }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, minWidth: 44 }}>
          {REBATE_PART_LABELS[name]}
        </Typography>
        <Typography variant="body2" component="span">
          {formatMoney(amount)}
        </Typography>
        <Typography variant="body2" component="span" color={overdue ? 'inherit' : status === 'paid' ? 'success.main' : 'text.secondary'}>
          {rebateStatusLabel(status)}
        </Typography>
        {overdue ? <Chip label="Overdue" color="error" size="small" sx={{ height: 20 }} /> : null}
      </Box>
    );
  };
  return (
    <Stack spacing={0.25}>
      {part('cleanView', referral.cleanviewRebateAmount, referral.cleanviewRebateStatus, referral.cleanviewDueAt)}
      {part('reline', referral.relineRebateAmount, referral.relineRebateStatus, referral.relineDueAt)}
    </Stack>
  );
}

function ReferralCard({ referral, onOpen }: { referral: ReferralRecord; onOpen: (id: string) => void }) {
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
          <RebateLines referral={referral} />
          <Typography variant="body2" color="text.secondary">
            {urgencyLabel(referral.urgency)} · {formatDate(referral.createdAt)} {formatTime(referral.createdAt)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
