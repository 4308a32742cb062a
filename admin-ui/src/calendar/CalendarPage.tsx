import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { zoneLabel } from '@relining/contracts/date-format';
import { isRegion, REGION_CODES, REGIONS, type Region } from '@relining/contracts/regions';
import {
  busiestRegion,
  rangeFilter,
  toCalendarEvent,
  visibleDays,
  wallClock,
  wallDay,
  wallInstant,
  zoneAbbreviation,
  type CalendarEvent,
  type CalendarView,
  type SlotTime,
} from '../appointments/appointmentTime';
import { consoleConfig } from '../common/consoleConfig';
import { Toast } from '../common/Toast';
import { AppointmentCalendar } from './AppointmentCalendar';
import { CalendarFeedCard } from './CalendarFeedCard';
import { MoveAppointmentDialog } from './MoveAppointmentDialog';
import { useAppointments } from './useAppointments';

/** The region staff last chose here, kept in this browser. */
const REGION_KEY = 'console.calendar.region';

function storedRegion(): Region | null {
  try {
    const value = window.localStorage.getItem(REGION_KEY);
    return isRegion(value) ? value : null;
  } catch {
    return null; // storage refused (a private window's settings): choose again each time
  }
}

function storeRegion(region: Region): void {
  try {
    window.localStorage.setItem(REGION_KEY, region);
  } catch {
    // Not kept: the page still works.
  }
}

/**
 * The calendar (/admin/calendar, issue 16): a region's confirmed visits by day, week or agenda, at the
 * region's time whatever the browser's zone. The region is the one chosen last in this browser, else
 * the busiest in view (NSW when none). A visit opens its booking; dragged to another hour it moves
 * after 'Move … to …?' (and a full slot's overbook question). Below: the staff member's calendar feed.
 * Loaded on demand (React.lazy in App.tsx): react-big-calendar stays out of the console's first load.
 */
export function CalendarPage() {
  // A link may name the region and the day to show (`?region=WA&date=2026-12-03`: the booking page's 'Show in calendar').
  const [params] = useSearchParams();
  const [region, setRegion] = useState<Region | null>(() => {
    const asked = params.get('region');
    return isRegion(asked) ? asked : storedRegion();
  });
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [view, setView] = useState<CalendarView>(small ? 'day' : 'week');
  const [date, setDate] = useState(() => {
    const asked = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.get('date') ?? '');
    // The day's noon as a wall clock (the calendar's Dates hold the region's clock in the browser's fields).
    if (asked) return new Date(Number(asked[1]), Number(asked[2]) - 1, Number(asked[3]), 12);
    return wallClock(Date.now(), region ? REGIONS[region].timeZone : consoleConfig.current.timeZone);
  });
  const [showCancelled, setShowCancelled] = useState(false);
  const [moving, setMoving] = useState<{ appointment: AppointmentRecord; target: { date: string; time: SlotTime } } | null>(null);
  const notify = useNotify();
  const navigate = useNavigate();

  const range = rangeFilter(visibleDays(view, date));
  // No region chosen yet: the days in view across every region, to start with the busiest.
  const busiest = useAppointments(region ? null : { ...range, status: 'confirmed' });
  useEffect(() => {
    if (region) return;
    if (busiest.data) setRegion(busiestRegion(busiest.data));
    else if (busiest.error) setRegion('NSW');
  }, [region, busiest.data, busiest.error]);

  const appointments = useAppointments(region ? { region, ...range, ...(showCancelled ? {} : { status: 'confirmed' }) } : null);
  const timeZone = region ? REGIONS[region].timeZone : null;
  // Filtered here too: the last answer stays on screen while the next (another region, the toggle) loads.
  const events = useMemo(
    () =>
      timeZone
        ? (appointments.data ?? [])
            .filter((appointment) => appointment.region === region && (showCancelled || appointment.status !== 'cancelled'))
            .map((appointment) => toCalendarEvent(appointment, timeZone))
        : [],
    [appointments.data, region, showCancelled, timeZone],
  );

  const chooseRegion = (value: Region) => {
    setRegion(value);
    storeRegion(value);
  };

  const open = useCallback((event: CalendarEvent) => void navigate(`/bookings/${encodeURIComponent(event.appointment.bookingId)}/show`), [navigate]);
  const drop = useCallback(
    (event: CalendarEvent, target: { date: string; time: SlotTime } | null) => {
      const { appointment } = event;
      if (!target) {
        notify(<Toast title="Not moved" description="Drop the visit on an hour from 8 AM to 5 PM: visits start on the hour." />, { type: 'warning' });
        return;
      }
      if (target.date === appointment.date && target.time === appointment.time) return;
      setMoving({ appointment, target });
    },
    [notify],
  );

  // The zone's short name on the day in view (daylight saving changes it).
  const zoneShort = timeZone ? zoneAbbreviation(timeZone, wallInstant(date, timeZone)) : '';
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Calendar" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Calendar
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Confirmed Clean &amp; View visits of a region
        {timeZone ? `, at ${zoneLabel(timeZone)}${zoneShort ? ` (${zoneShort})` : ''} whatever your computer's time zone` : ''}. Click a visit to open its
        booking; drag it to another hour to move it.
      </Typography>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <TextField
              select
              label="Region"
              size="small"
              value={region ?? ''}
              onChange={(event) => chooseRegion(event.target.value as Region)}
              fullWidth={false}
              sx={{ width: { xs: '100%', sm: 300 } }}
              disabled={!region}
            >
              {REGION_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {code} · {REGIONS[code].name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={showCancelled} onChange={(event) => setShowCancelled(event.target.checked)} />}
              label="Show cancelled"
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { md: 'auto' } }} aria-label="Legend">
              <Chip size="small" label="Confirmed" color="primary" />
              <Chip size="small" label="Overbooked" color="primary" sx={{ borderLeft: 5, borderColor: 'warning.main' }} />
              {showCancelled ? <Chip size="small" label="Cancelled" sx={{ textDecoration: 'line-through' }} /> : null}
            </Box>
          </Box>
          <Box sx={{ height: 4, mb: 1 }}>{appointments.loading || busiest.loading ? <LinearProgress aria-label="Loading appointments" /> : null}</Box>
          {appointments.error ? (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={appointments.reload}>
                  Retry
                </Button>
              }
            >
              {appointments.error}
            </Alert>
          ) : null}
          {timeZone ? (
            <AppointmentCalendar
              events={events}
              timeZone={timeZone}
              view={view}
              date={date}
              onView={setView}
              onNavigate={setDate}
              onOpen={open}
              onDrop={drop}
            />
          ) : (
            <Box sx={{ height: { xs: 640, md: 760 } }} role="status" aria-label="Choosing a region" />
          )}
        </CardContent>
      </Card>
      <Box sx={{ mt: 3, maxWidth: 900 }}>
        <CalendarFeedCard />
      </Box>
      {moving && timeZone ? (
        <MoveAppointmentDialog
          appointment={moving.appointment}
          target={moving.target}
          timeZone={timeZone}
          onClose={() => setMoving(null)}
          onDone={(moved) => {
            appointments.reload();
            // Follow the visit when it left the days in view (a next free time chosen instead).
            const shown = visibleDays(view, date);
            if (moved.date < shown.first || moved.date > shown.last) setDate(wallDay(moved.date));
          }}
        />
      ) : null}
    </Box>
  );
}
