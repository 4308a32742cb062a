import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ListBase, Title, useListContext, useRefresh } from 'react-admin';
import type { HealthReport } from '@relining/contracts/api/health';
import { send } from '@relining/contracts/client/http';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { useApiGet } from '../common/useApiGet';
import { ReferralDetailDialog } from '../referrals/ReferralDetailDialog';
import { ReferralFilters } from '../referrals/ReferralFilters';
import type { ReferralStats, ReferralStatus } from '../referrals/referralFormat';
import { RebatesDueCard, ReferralsPerWeekChart, SummaryCards, TopReferrersCard } from '../referrals/ReferralStatsCards';
import { ReferralTable } from '../referrals/ReferralTable';

/** spec §9: 5 referrals per page. */
const REFERRALS_PER_PAGE = 5;
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
/** One quiet retry, then the table's error and its Retry button (instead of react-admin's toast). */
const LIST_QUERY = { retry: 1, onError: () => undefined };

/**
 * spec §2 Admin referrals dashboard (/admin/dashboard): summary cards, filters, the referrals table
 * (5 a page) with its pager, top referrers, rebates due, referrals per week, and a referral's detail
 * with status, notes and 'Send Email to Plumber'. Any change refreshes the table and the summary.
 *
 * The table is react-admin's list of the referrals resource: its filters, sort and page live in the
 * address (react-admin's own location sync: /admin/dashboard?filter={"status":"referred"}&page=2),
 * so a reload, a bookmark or Back shows the same rows. Only the address: with no store key,
 * 'Referrals' in the menu opens the dashboard unfiltered, as it always has.
 */
export function Dashboard() {
  return (
    <ListBase resource="referrals" perPage={REFERRALS_PER_PAGE} sort={NEWEST_FIRST} storeKey={false} queryOptions={LIST_QUERY}>
      <DashboardView />
    </ListBase>
  );
}

function DashboardView() {
  const { setFilters } = useListContext();
  const [version, setVersion] = useState(0);
  const stats = useApiGet<ReferralStats>('/admin/referrals/stats', version, 'Please try again.');
  const [openId, setOpenId] = useState<string | null>(null);
  const refresh = useRefresh();
  const tableRef = useRef<HTMLDivElement>(null);

  const changed = useCallback(() => {
    setVersion((value) => value + 1);
    refresh();
  }, [refresh]);

  /** A summary card's 'show in table': only its filter (the others cleared), page 1. */
  const showInTable = (filter: { status: ReferralStatus } | { overdue: true }) => {
    setFilters(filter);
    tableRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    // contain: the table scrolls inside the page instead of widening the whole console on a narrow window.
    <Stack spacing={2} sx={{ mt: 2, mb: 3, width: '100%', contain: 'inline-size' }}>
      <Title title="Referrals" />
      <Box>
        <Typography variant="h5" component="h1">
          Referrals
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Plumbers' referrals, their status and rebates.
        </Typography>
      </Box>
      <SummaryCards stats={stats} onStatus={(status) => showInTable({ status })} onOverdue={() => showInTable({ overdue: true })} />
      <Card ref={tableRef} component="section" aria-labelledby="referrals-table-title" sx={{ scrollMarginTop: 72 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography id="referrals-table-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
              All referrals
            </Typography>
            <SavedViewsMenu resource="referrals" />
            <ExportCsvButton path="/admin/referrals/export.csv" fallbackName="referrals.csv" />
          </Stack>
          <ReferralFilters />
          <Box sx={{ mt: 1 }}>
            <ReferralTable onOpen={setOpenId} onChanged={changed} />
          </Box>
        </CardContent>
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ gridColumn: { md: '1 / -1', xl: 'auto' }, minWidth: 0 }}>
          <ReferralsPerWeekChart stats={stats} />
        </Box>
        <TopReferrersCard stats={stats} />
        <RebatesDueCard stats={stats} onOpen={setOpenId} />
      </Box>
      <SystemStatus />
      {openId ? <ReferralDetailDialog key={openId} referralId={openId} onClose={() => setOpenId(null)} onChanged={changed} /> : null}
    </Stack>
  );
}

/** A small line saying whether the server and its database answer. */
function SystemStatus() {
  const [database, setDatabase] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The health check answers 503 with { database: 'down' } when the database is away: read either answer.
    send('/health')
      .then((response) => response.json() as Promise<Partial<HealthReport>>)
      .then((body) => !cancelled && setDatabase(body.database === 'up' ? 'up' : 'down'))
      .catch(() => !cancelled && setDatabase('down'));
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
      <Typography variant="body2" color="text.secondary">
        System status: database
      </Typography>
      {database ? (
        <Chip size="small" variant="outlined" label={database === 'up' ? 'Up' : 'Down'} color={database === 'up' ? 'success' : 'error'} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          checking...
        </Typography>
      )}
    </Stack>
  );
}
