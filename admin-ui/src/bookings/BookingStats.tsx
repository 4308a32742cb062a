import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import type { BookingStats as Stats } from '@relining/contracts/api/bookings';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from '@relining/contracts/booking-rules';
import { LazyBarChart } from '../common/LazyBarChart';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';

const dayLabel = (date: string) => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** spec §2 stats cards (total, per status, this week) and bookings per day over the last 30 days. */
export function BookingStats({ version }: { version: number }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const notify = useNotify();

  useEffect(() => {
    session.call<Stats>('/admin/bookings/stats').then(setStats, () => notify(<Toast title="Failed to fetch bookings" />, { type: 'error' }));
  }, [notify, version]);

  if (!stats) return null;
  const cards: Array<[string, number]> = [
    ['Total', stats.total],
    ['This week', stats.thisWeek],
    ...BOOKING_STATUSES.map((status): [string, number] => [BOOKING_STATUS_LABELS[status], stats.byStatus[status]]),
  ];
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {cards.map(([label, value]) => (
          <Card key={label}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="p">
                {value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2">
            Bookings per day (last 30 days)
          </Typography>
          <LazyBarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: stats.perDay.map((day) => dayLabel(day.date)) }]}
            series={[{ data: stats.perDay.map((day) => day.count), label: 'Bookings', color: '#0b3b66' }]}
            hideLegend
          />
        </CardContent>
      </Card>
    </Box>
  );
}
