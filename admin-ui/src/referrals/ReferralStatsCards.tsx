import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, Card, CardActionArea, CardContent, CardHeader, Chip, List, ListItem, ListItemButton, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LazyBarChart } from '../common/LazyBarChart';
import type { ApiGetState } from '../common/useApiGet';
import {
  formatDate,
  formatMoney,
  formatWeek,
  REBATE_PART_LABELS,
  REFERRAL_STATUS_COLOURS,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralStats,
  type ReferralStatus,
} from './referralFormat';

type StatsState = ApiGetState<ReferralStats>;

function StatsError({ stats }: { stats: StatsState }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={stats.retry}>
          Retry
        </Button>
      }
    >
      Failed to fetch the referral summary. {stats.error}
    </Alert>
  );
}

/** What a card shows before the stats arrive, or when they could not be fetched. */
function Body({ stats, children, skeleton = 80 }: { stats: StatsState; children: (data: ReferralStats) => ReactNode; skeleton?: number }) {
  if (stats.data) return <>{children(stats.data)}</>;
  // The summary cards above carry the full message; here a short one, with its own retry.
  if (stats.error && !stats.loading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="error">
          Not available right now.
        </Typography>
        <Button size="small" onClick={stats.retry}>
          Retry
        </Button>
      </Box>
    );
  }
  return <Skeleton variant="rounded" height={skeleton} aria-label="Loading" />;
}

function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'error' }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 0.5, fontWeight: 600, color: tone === 'error' ? 'error.main' : undefined }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * spec §2 summary cards: Total Referrals, Rebates Paid and Rebates Pending in dollars, the overdue
 * rebates, then the count per status. The overdue and status cards show their referrals in the table.
 */
export function SummaryCards({ stats, onStatus, onOverdue }: { stats: StatsState; onStatus: (status: ReferralStatus) => void; onOverdue: () => void }) {
  if (!stats.data && stats.error && !stats.loading) return <StatsError stats={stats} />;
  const data = stats.data;
  const value = (render: (data: ReferralStats) => ReactNode) => (data ? render(data) : <Skeleton width={80} aria-label="Loading" />);
  const overdue = Boolean(data && data.overdueCount > 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
      <Card>
        <CardContent>
          <Figure label="Total Referrals">{value((d) => d.total)}</Figure>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Figure label="Rebates Paid">{value((d) => formatMoney(d.rebates.paid))}</Figure>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Figure label="Rebates Pending">{value((d) => formatMoney(d.rebates.pending))}</Figure>
        </CardContent>
      </Card>
      <Card sx={{ borderLeft: 4, borderColor: overdue ? 'error.main' : 'transparent' }}>
        <CardActionArea onClick={onOverdue} sx={{ height: '100%' }}>
          <CardContent>
            <Figure label="Overdue rebates" tone={overdue ? 'error' : undefined}>
              {value((d) => d.overdueCount)}
            </Figure>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center' }}>
              Show in table <ChevronRightIcon fontSize="inherit" />
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
      {REFERRAL_STATUSES.map((status) => (
        <Card key={status} sx={{ borderTop: 4, borderColor: REFERRAL_STATUS_COLOURS[status] }}>
          <CardActionArea onClick={() => onStatus(status)} sx={{ height: '100%' }}>
            <CardContent sx={{ py: 1.5 }}>
              <Typography variant="body2" color="text.secondary" component="h2">
                {REFERRAL_STATUS_LABELS[status]}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
                {value((d) => d.byStatus[status])}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** spec §2: the top 3 referrers by number of referrals. */
export function TopReferrersCard({ stats }: { stats: StatsState }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title="Top referrers" slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
      <CardContent>
        <Body stats={stats}>
          {(data) =>
            data.topReferrers.length === 0 ? (
              <Typography color="text.secondary">No referrals yet</Typography>
            ) : (
              <List dense disablePadding component="ol">
                {data.topReferrers.map((referrer, index) => (
                  <ListItem key={referrer.plumberId ?? referrer.plumberEmail} disableGutters sx={{ gap: 1.5 }}>
                    <Box
                      aria-hidden="true"
                      sx={{
                        width: 28,
                        height: 28,
                        flex: 'none',
                        borderRadius: '50%',
                        bgcolor: 'primary.main',
                        color: '#fff',
                        display: 'grid',
                        placeItems: 'center',
                        fontWeight: 600,
                        fontSize: 14,
                      }}
                    >
                      {index + 1}
                    </Box>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {referrer.plumberName}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {referrer.plumberCompany}
                      </Typography>
                    </Box>
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {referrer.count === 1 ? '1 referral' : `${referrer.count} referrals`}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )
          }
        </Body>
      </CardContent>
    </Card>
  );
}

/** Rebate parts falling due within 3 days, or overdue (spec §9 payment terms); a click opens the referral. */
export function RebatesDueCard({ stats, onOpen }: { stats: StatsState; onOpen: (id: string) => void }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title="Rebates due"
        subheader="Overdue, or due within 3 days"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Body stats={stats}>
          {(data) =>
            data.due.length === 0 ? (
              <Typography color="text.secondary">No rebates due</Typography>
            ) : (
              <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }}>
                {data.due.map((item) => (
                  <ListItem key={`${item.referralId}-${item.part}`} disablePadding>
                    <ListItemButton onClick={() => onOpen(item.referralId)} sx={{ px: 1, borderRadius: 1, gap: 1, alignItems: 'flex-start' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {item.refNumber}
                          </Box>{' '}
                          · {REBATE_PART_LABELS[item.part]} {formatMoney(item.amount)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {item.plumberName}
                        </Typography>
                      </Box>
                      <Box sx={{ textAlign: 'right' }}>
                        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', color: item.overdue ? 'error.main' : undefined }}>
                          Due {formatDate(item.dueAt)}
                        </Typography>
                        {item.overdue ? <Chip label="Overdue" color="error" size="small" sx={{ height: 20, mt: 0.25 }} /> : null}
                      </Box>
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )
          }
        </Body>
      </CardContent>
    </Card>
  );
}

/** Referrals received per week over the last 12 weeks, stacked by their status today. */
export function ReferralsPerWeekChart({ stats }: { stats: StatsState }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title="Referrals per week"
        subheader="Last 12 weeks, by current status"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Body stats={stats} skeleton={280}>
          {(data) => (
            <Box
              role="img"
              aria-label={`Referrals per week over the last 12 weeks: ${data.perWeek.map((week) => `week of ${formatWeek(week.weekStart)}, ${REFERRAL_STATUSES.reduce((sum, status) => sum + week[status], 0)}`).join('; ')}`}
            >
              <LazyBarChart
                height={300}
                xAxis={[{ scaleType: 'band', data: data.perWeek.map((week) => formatWeek(week.weekStart)) }]}
                yAxis={[{ tickMinStep: 1, width: 36 }]}
                series={REFERRAL_STATUSES.map((status) => ({
                  id: status,
                  label: REFERRAL_STATUS_LABELS[status],
                  data: data.perWeek.map((week) => week[status]),
                  stack: 'status',
                  color: REFERRAL_STATUS_COLOURS[status],
                }))}
                margin={{ left: 8, right: 8 }}
              />
            </Box>
          )}
        </Body>
      </CardContent>
    </Card>
  );
}
