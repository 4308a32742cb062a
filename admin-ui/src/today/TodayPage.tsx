import { Box, Card, CardActionArea, CardContent, Chip, Divider, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { TodayAppointment, TodayDashboard, TodayRegionAppointments } from '@relining/contracts/api/dashboard';
import { formatMoney } from '@relining/contracts/business';
import { REGIONS } from '@relining/contracts/regions';
import { formatCalendarDay, formatTime, displayZoneLabel } from '../common/dates';
import { LoadState } from '../common/LoadState';
import { useApiGet } from '../common/useApiGet';

/** A console list opened already filtered: react-admin reads `?filter=<json>` from a list's address. */
export const filteredList = (resource: string, filter: Record<string, unknown>): string => `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/**
 * The staff Today page (issue 19): what needs attention now. Four figures, each opening its list
 * already filtered, and the appointments of today and tomorrow by region (times in the display zone),
 * each opening its job when the booking has one, else the booking. A grid on a laptop, one column on
 * a phone.
 */
export function TodayPage() {
  const { data, error, loading, retry } = useApiGet<TodayDashboard>('/admin/dashboard/today', 0, 'Please try again.');

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 3, width: '100%', minWidth: 0 }}>
      <Title title="Today" />
      <Box>
        <Typography variant="h5" component="h1">
          Today
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {data ? `${formatCalendarDay(data.today)}, ${displayZoneLabel()}` : 'What needs attention today.'}
        </Typography>
      </Box>
      <LoadState
        isPending={loading && !data}
        error={data ? null : error}
        retry={retry}
        loading="Loading today…"
        failed="Today's figures could not be loaded."
      />
      {data ? <TodayView data={data} /> : null}
    </Stack>
  );
}

function TodayView({ data }: { data: TodayDashboard }) {
  const rebates = data.rebatesDueThisWeek;
  return (
    <>
      <Box
        component="section"
        aria-label="Figures"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <FigureCard title="New bookings" figure={data.newBookings.count} note="Not yet contacted" to={filteredList('bookings', { status: 'new' })} />
        <FigureCard title="New enquiries" figure={data.newEnquiries.count} note="Not yet contacted" to={filteredList('enquiries', { status: 'new' })} />
        <FigureCard
          title="Rebates due this week"
          figure={rebates.count}
          note={`${formatMoney(rebates.totalCents / 100)} by Sunday ${formatCalendarDay(rebates.weekEnds)}, overdue included`}
          to={filteredList('rebates', { dueBefore: rebates.dueBefore })}
        />
        <FigureCard
          title="E-mails that failed"
          figure={data.failedEmails.count}
          note="Failed or given up"
          to={filteredList('notifications', { status: ['failed', 'dead'] })}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <AppointmentsCard title="Appointments today" day={data.today} regions={data.appointments.today} />
        <AppointmentsCard title="Appointments tomorrow" day={data.tomorrow} regions={data.appointments.tomorrow} />
      </Box>
    </>
  );
}

function FigureCard({ title, figure, note, to }: { title: string; figure: number; note: string; to: string }) {
  return (
    <Card sx={{ minWidth: 0 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            {title}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            {figure}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {note}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function AppointmentsCard({ title, day, regions }: { title: string; day: string; regions: TodayRegionAppointments[] }) {
  const total = regions.reduce((sum, region) => sum + region.count, 0);
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatCalendarDay(day)} · {total === 1 ? '1 visit' : `${total} visits`}
          </Typography>
        </Stack>
        {regions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No appointments.
          </Typography>
        ) : (
          regions.map((region, index) => (
            <Box key={region.region} component="section" aria-label={REGIONS[region.region].name}>
              {index > 0 ? <Divider sx={{ my: 1 }} /> : null}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {REGIONS[region.region].name}
                </Typography>
                <Chip size="small" label={region.count} />
              </Stack>
              <List dense disablePadding>
                {region.items.map((item) => (
                  <AppointmentLine key={item.id} item={item} />
                ))}
              </List>
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

function AppointmentLine({ item }: { item: TodayAppointment }) {
  const to = item.jobId
    ? `/job-tracking/${encodeURIComponent(item.jobId)}/show`
    : item.bookingId
      ? `/bookings/${encodeURIComponent(item.bookingId)}/show`
      : undefined;
  const text = `${item.customer}, ${item.suburb}`;
  return (
    <ListItem disableGutters sx={{ alignItems: 'baseline', gap: 1.5 }}>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: 84 }}>
        {formatTime(item.startsAt)}
      </Typography>
      <ListItemText
        sx={{ minWidth: 0, m: 0 }}
        primary={
          to ? (
            <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
              {text}
            </Link>
          ) : (
            text
          )
        }
        secondary={item.jobId ? 'Job' : 'Booking'}
      />
    </ListItem>
  );
}
