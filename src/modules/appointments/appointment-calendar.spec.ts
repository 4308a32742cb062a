import ical, { type VCalendar, type VEvent } from 'node-ical';
import { REGIONS } from '@relining/contracts/regions';
import {
  appointmentCalendar,
  appointmentCalendarAttachment,
  googleCalendarLink,
  outlookCalendarLink,
  type AppointmentInvitation,
} from './appointment-calendar.js';
import { slotStart } from './availability.rules.js';

function invitation(overrides: Partial<AppointmentInvitation> = {}): AppointmentInvitation {
  return {
    uid: 'appointment-7f1c@pipereliningaustralia.com.au',
    start: new Date('2026-10-06T01:00:00Z'),
    durationMinutes: 60,
    timeZone: REGIONS.WA.timeZone,
    title: 'Pipe inspection: Pipe Relining Australia',
    description: 'CCTV inspection of the sewer line.\nPlease leave the side gate open; call 1300 000 000 to change it.',
    location: '12 Hay Street, Perth WA 6000',
    organizer: { name: 'Pipe Relining Australia', email: 'bookings@pipereliningaustralia.com.au' },
    attendee: { name: 'Alex Citizen', email: 'alex@example.com.au' },
    sequence: 0,
    method: 'REQUEST',
    stamp: new Date('2026-09-20T03:04:05Z'),
    ...overrides,
  };
}

/** The .ics read back by a real parser (node-ical): the one event and the calendar's own properties. */
function parse(ics: string): { event: VEvent; calendar: VCalendar } {
  const parsed = ical.sync.parseICS(ics);
  const events = Object.values(parsed).filter((component): component is VEvent => component?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return { event: events[0]!, calendar: parsed.vcalendar! };
}

describe('appointmentCalendar', () => {
  it('a Perth appointment (AWST, UTC+8 all year) starts at the right instant, an hour long', () => {
    const start = slotStart('WA', '2026-10-06', '9:00 AM');
    expect(start.toISOString()).toBe('2026-10-06T01:00:00.000Z');

    const { event, calendar } = parse(appointmentCalendar(invitation({ start, timeZone: REGIONS.WA.timeZone })));

    expect(event.start.toISOString()).toBe('2026-10-06T01:00:00.000Z');
    expect(event.end!.toISOString()).toBe('2026-10-06T02:00:00.000Z');
    expect(event.uid).toBe('appointment-7f1c@pipereliningaustralia.com.au');
    expect(event.summary).toBe('Pipe inspection: Pipe Relining Australia');
    expect(event.location).toBe('12 Hay Street, Perth WA 6000');
    expect(event.description).toBe('CCTV inspection of the sewer line.\nPlease leave the side gate open; call 1300 000 000 to change it.');
    expect(event.sequence).toBe(0);
    expect(event.status).toBe('CONFIRMED');
    expect(event.dtstamp.toISOString()).toBe('2026-09-20T03:04:05.000Z');
    expect(calendar.method).toBe('REQUEST');
  });

  it.each([
    // Friday before the change: AEST, UTC+10.
    ['2026-10-02', '2026-10-01T23:00:00.000Z'],
    // Monday after daylight saving began on Sunday 4 October 2026: AEDT, UTC+11.
    ['2026-10-05', '2026-10-04T22:00:00.000Z'],
  ])('a Sydney 9:00 AM appointment on %s starts at %s, across the daylight-saving change', (day, utc) => {
    const start = slotStart('NSW', day, '9:00 AM');
    expect(start.toISOString()).toBe(utc);

    const { event } = parse(appointmentCalendar(invitation({ start, timeZone: REGIONS.NSW.timeZone, location: '1 George Street, Sydney NSW 2000' })));

    expect(event.start.toISOString()).toBe(utc);
    expect(event.end!.getTime() - event.start.getTime()).toBe(60 * 60_000);
    expect(event.location).toBe('1 George Street, Sydney NSW 2000');
  });

  it('a reschedule keeps the uid with a higher sequence; a cancellation says CANCEL and CANCELLED', () => {
    const moved = parse(appointmentCalendar(invitation({ sequence: 1, start: new Date('2026-10-07T01:00:00Z') })));
    expect(moved.event.uid).toBe('appointment-7f1c@pipereliningaustralia.com.au');
    expect(moved.event.sequence).toBe(1);
    expect(moved.calendar.method).toBe('REQUEST');

    const cancelled = parse(appointmentCalendar(invitation({ sequence: 2, method: 'CANCEL' })));
    expect(cancelled.event.uid).toBe('appointment-7f1c@pipereliningaustralia.com.au');
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.event.status).toBe('CANCELLED');
    expect(cancelled.calendar.method).toBe('CANCEL');
  });

  it('names the organizer and the customer, who is not asked to reply', () => {
    const { event } = parse(appointmentCalendar(invitation()));
    expect(event.organizer).toMatchObject({ val: expect.stringMatching(/^mailto:bookings@pipereliningaustralia\.com\.au$/i) });
    const attendee = Array.isArray(event.attendee) ? event.attendee : [event.attendee];
    expect(attendee).toEqual([expect.objectContaining({ val: expect.stringMatching(/^mailto:alex@example\.com\.au$/i) })]);
    expect(appointmentCalendar(invitation())).toMatch(/ATTENDEE;RSVP=FALSE/);
  });

  it('writes RFC 5545 text: CRLF lines, none longer than 75 octets', () => {
    const ics = appointmentCalendar(invitation({ description: 'A long note. '.repeat(20) }));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('is the outbox file appointment.ics, text/calendar', () => {
    const file = appointmentCalendarAttachment(invitation());
    expect(file).toEqual({ filename: 'appointment.ics', contentType: 'text/calendar', content: appointmentCalendar(invitation()) });
  });

  it.each<[string, Partial<AppointmentInvitation>, string]>([
    ['an unknown time zone', { timeZone: 'Australia/Atlantis' }, 'Unknown time zone'],
    ['no duration', { durationMinutes: 0 }, 'durationMinutes'],
    ['a fractional duration', { durationMinutes: 1.5 }, 'durationMinutes'],
    ['an invalid start', { start: new Date('nope') }, 'valid start'],
    ['a negative sequence', { sequence: -1 }, 'sequence'],
    ['no uid', { uid: ' ' }, 'uid'],
  ])('refuses %s', (_name, overrides, message) => {
    expect(() => appointmentCalendar(invitation(overrides))).toThrow(message);
  });
});

describe('calendar links', () => {
  const sydney = invitation({ start: slotStart('NSW', '2026-10-05', '9:00 AM'), timeZone: REGIONS.NSW.timeZone, location: '1 George Street, Sydney NSW 2000' });

  it('Google: the UTC start and end, the site time zone, the title, details and address', () => {
    const link = new URL(googleCalendarLink(sydney));
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('dates')).toBe('20261004T220000Z/20261004T230000Z');
    expect(link.searchParams.get('ctz')).toBe('Australia/Sydney');
    expect(link.searchParams.get('text')).toBe(sydney.title);
    expect(link.searchParams.get('details')).toBe(sydney.description);
    expect(link.searchParams.get('location')).toBe('1 George Street, Sydney NSW 2000');
  });

  it('Outlook: the UTC start and end as ISO instants, the title, body and address', () => {
    const link = new URL(outlookCalendarLink(sydney));
    expect(link.origin + link.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(link.searchParams.get('startdt')).toBe('2026-10-04T22:00:00Z');
    expect(link.searchParams.get('enddt')).toBe('2026-10-04T23:00:00Z');
    expect(link.searchParams.get('subject')).toBe(sydney.title);
    expect(link.searchParams.get('body')).toBe(sydney.description);
    expect(link.searchParams.get('location')).toBe('1 George Street, Sydney NSW 2000');
    expect(link.searchParams.get('path')).toBe('/calendar/action/compose');
    expect(link.searchParams.get('rru')).toBe('addevent');
  });

  it('a Perth link carries Perth’s instant', () => {
    const perth = invitation({ start: slotStart('WA', '2026-10-06', '9:00 AM') });
    expect(new URL(googleCalendarLink(perth)).searchParams.get('dates')).toBe('20261006T010000Z/20261006T020000Z');
    expect(new URL(outlookCalendarLink(perth)).searchParams.get('startdt')).toBe('2026-10-06T01:00:00Z');
  });

  it('encodes spaces as %20 and a plus sign as %2B, so no reader takes one for the other', () => {
    const link = outlookCalendarLink({ ...sydney, title: 'Clean + view' });
    expect(link).toContain('subject=Clean%20%2B%20view');
    expect(link).not.toMatch(/\+/);
    expect(new URL(link).searchParams.get('subject')).toBe('Clean + view');
  });
});
