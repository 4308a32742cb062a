import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, useTheme } from '@mui/material';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import { useCallback, useMemo } from 'react';
import { Calendar, dateFnsLocalizer, type EventProps, type Formats, type View } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import {
  AGENDA_DAYS,
  slotAt,
  wallClock,
  wallInstant,
  zoneAbbreviation,
  type CalendarEvent,
  type CalendarView,
  type SlotTime,
} from '../appointments/appointmentTime';

/** date-fns in Australian English, weeks from Monday. */
const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-AU': enAU },
});

// The drag and drop addon is CommonJS only (lib/, not in the ES build). The bundler imports such a
// module as Node does, its default being `module.exports` (whose `default` is the function); the
// types (and other interop) say the function itself: take whichever it is.
const withDragAndDrop = (dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ?? dragAndDrop;
const DnDCalendar = withDragAndDrop<CalendarEvent>(Calendar);

const VIEWS: CalendarView[] = ['day', 'week', 'agenda'];
/** The slots' hours: 8 AM to 6 PM (the last visit starts at 5), an hour a row. */
const DAY_START = new Date(2000, 0, 1, 8, 0);
const DAY_END = new Date(2000, 0, 1, 18, 0);
const MESSAGES = {
  today: 'Today',
  previous: 'Back',
  next: 'Next',
  day: 'Day',
  week: 'Week',
  agenda: 'Agenda',
  noEventsInRange: 'No appointments in these days.',
};

const isConfirmed = (event: CalendarEvent) => event.appointment.status === 'confirmed';
const tooltip = (event: CalendarEvent) => {
  const { appointment } = event;
  const notes = [appointment.overbooked ? 'overbooked' : null, appointment.status === 'cancelled' ? 'cancelled' : null, appointment.technician].filter(Boolean);
  return `${appointment.label}: ${appointment.customerName}, ${appointment.suburb}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
};

/** An event's text: its time (labelled with the zone), the customer, the suburb; a flag when overbooked. */
function EventContent({ event }: EventProps<CalendarEvent>) {
  const { appointment } = event;
  return (
    <Box sx={{ lineHeight: 1.25, fontSize: '0.8rem', overflow: 'hidden' }}>
      <Box component="span" sx={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {event.timeLabel}
        {appointment.overbooked ? <WarningAmberIcon sx={{ fontSize: '1rem' }} titleAccess="Overbooked" /> : null}
        {appointment.status === 'cancelled' ? ' · Cancelled' : null}
      </Box>
      <Box>{appointment.customerName}</Box>
      <Box sx={{ opacity: 0.9 }}>{appointment.suburb}</Box>
    </Box>
  );
}

const COMPONENTS = { event: EventContent, agenda: { event: EventContent } };

/**
 * The region's appointments in react-big-calendar (day, week, agenda), drawn at the region's time
 * whatever the browser's zone (events are wall-clock Dates: appointmentTime.ts). A confirmed visit
 * can be dragged to another hour: `onDrop` gets the slot it landed on, or null when it is no slot.
 */
export function AppointmentCalendar(props: {
  events: CalendarEvent[];
  timeZone: string;
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  onOpen: (event: CalendarEvent) => void;
  onDrop: (event: CalendarEvent, target: { date: string; time: SlotTime } | null) => void;
}) {
  const { timeZone, onDrop } = props;
  const theme = useTheme();

  const formats = useMemo<Formats>(() => {
    const labelled = (wall: Date) => `${format(wall, 'h:mm a')} ${zoneAbbreviation(timeZone, wallInstant(wall, timeZone))}`.trim();
    return {
      timeGutterFormat: 'h a',
      dayFormat: 'EEE d/M',
      dayHeaderFormat: 'EEEE d MMMM yyyy',
      dayRangeHeaderFormat: ({ start, end }) => `${format(start, 'd MMM')} – ${format(end, 'd MMM yyyy')}`,
      agendaHeaderFormat: ({ start, end }) => `${format(start, 'd MMM')} – ${format(end, 'd MMM yyyy')}`,
      agendaDateFormat: 'EEE d MMM',
      agendaTimeRangeFormat: ({ start }) => labelled(start),
      // The event shows its own time, labelled with the zone (EventContent).
      eventTimeRangeFormat: () => '',
    };
  }, [timeZone]);

  const getNow = useCallback(() => wallClock(Date.now(), timeZone), [timeZone]);

  const eventPropGetter = useCallback(
    (event: CalendarEvent) => {
      const { palette } = theme;
      const cancelled = event.appointment.status === 'cancelled';
      const background = cancelled ? palette.grey[300] : palette.primary.main;
      return {
        className: cancelled ? 'appointment-cancelled' : event.appointment.overbooked ? 'appointment-overbooked' : 'appointment-confirmed',
        style: {
          backgroundColor: background,
          color: cancelled ? palette.text.secondary : palette.primary.contrastText,
          border: `1px solid ${cancelled ? palette.grey[400] : palette.primary.dark}`,
          borderLeft: event.appointment.overbooked ? `5px solid ${palette.warning.main}` : undefined,
          textDecoration: cancelled ? 'line-through' : undefined,
        },
      };
    },
    [theme],
  );

  const drop = useCallback(
    ({ event, start, isAllDay }: EventInteractionArgs<CalendarEvent>) => onDrop(event, isAllDay ? null : slotAt(new Date(start))),
    [onDrop],
  );

  return (
    <Box
      sx={{
        height: { xs: 640, md: 760 },
        fontFamily: theme.typography.fontFamily,
        '& .rbc-timeslot-group': { minHeight: 64 },
        '& .rbc-event-label': { display: 'none' },
        // Visits are never all-day: no all-day row to drop on.
        '& .rbc-time-header .rbc-allday-cell': { display: 'none' },
        '& .rbc-agenda-view .appointment-cancelled': { textDecoration: 'line-through' },
        // The stylesheet lowercases agenda times ('9:00 am awst'): times read as everywhere else.
        '& .rbc-agenda-time-cell': { textTransform: 'none' },
        '& .rbc-toolbar button': { fontFamily: 'inherit' },
        '& .rbc-toolbar-label': { fontWeight: 600 },
      }}
    >
      <DnDCalendar
        localizer={localizer}
        culture="en-AU"
        events={props.events}
        views={VIEWS}
        view={props.view}
        onView={(view: View) => props.onView(view as CalendarView)}
        date={props.date}
        onNavigate={props.onNavigate}
        getNow={getNow}
        min={DAY_START}
        max={DAY_END}
        step={60}
        timeslots={1}
        length={AGENDA_DAYS}
        formats={formats}
        messages={MESSAGES}
        components={COMPONENTS}
        allDayAccessor={() => false}
        tooltipAccessor={tooltip}
        eventPropGetter={eventPropGetter}
        dayLayoutAlgorithm="no-overlap"
        onSelectEvent={props.onOpen}
        onEventDrop={drop}
        draggableAccessor={isConfirmed}
        resizable={false}
        selectable={false}
      />
    </Box>
  );
}
