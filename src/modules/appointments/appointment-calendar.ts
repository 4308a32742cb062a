import { createEvent, type EventAttributes } from 'ics';
import { COMPANY } from '@relining/contracts/business';

/**
 * A confirmed appointment as calendars take it (issue 16): the .ics invitation an e-mail carries, and
 * "add to calendar" links for Google and Outlook. Pure: no clock, no Nest.
 *
 * Times are written in UTC (`DTSTART:…Z`): an instant every calendar reads the same and shows in its
 * owner's zone, so a daylight-saving change between booking and visit cannot move it. The site's
 * time zone goes where a calendar takes one (Google's `ctz`).
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface AppointmentInvitation {
  /** Stable per appointment (every update and the cancellation carry the same one), e.g. `<appointment id>@<our domain>`. */
  uid: string;
  start: Date;
  durationMinutes: number;
  /** The site's IANA time zone (the region's). */
  timeZone: string;
  title: string;
  description: string;
  /** The site's address. */
  location: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
  /** 0 when first sent, one more at each change (a calendar keeps the copy with the highest). */
  sequence: number;
  /** REQUEST: add or update the appointment; CANCEL: take it out of the attendee's calendar. */
  method: CalendarMethod;
  /** When the invitation was made (DTSTAMP): the clock's now; now when not given. */
  stamp?: Date;
}

/** What a calendar link needs. */
export type CalendarLinkInput = Pick<AppointmentInvitation, 'start' | 'durationMinutes' | 'timeZone' | 'title' | 'description' | 'location'>;

export const APPOINTMENT_CALENDAR_FILENAME = 'appointment.ics';
export const APPOINTMENT_CALENDAR_CONTENT_TYPE = 'text/calendar';

const PRODUCT_ID = `-//${COMPANY.name}//Appointments//EN`;

/** The appointment as an iCalendar object (CRLF lines, as RFC 5545 writes them). */
export function appointmentCalendar(invitation: AppointmentInvitation): string {
  const { start, end } = interval(invitation);
  if (!Number.isInteger(invitation.sequence) || invitation.sequence < 0)
    throw new Error(`sequence must be a whole number from 0 (${invitation.sequence} given)`);
  if (invitation.uid.trim() === '') throw new Error('An appointment needs its uid');
  const stamp = invitation.stamp ?? new Date();
  const event: EventAttributes & { timestamp: number } = {
    productId: PRODUCT_ID,
    method: invitation.method,
    uid: invitation.uid,
    sequence: invitation.sequence,
    timestamp: stamp.getTime(),
    start: start.getTime(),
    startOutputType: 'utc',
    end: end.getTime(),
    endOutputType: 'utc',
    title: invitation.title,
    description: invitation.description,
    location: invitation.location,
    status: invitation.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    transp: 'OPAQUE',
    organizer: { name: invitation.organizer.name, email: invitation.organizer.email },
    // The customer asked for this visit: they are in it already, and no RSVP (a reply e-mail to the
    // organizer's inbox) is asked of them.
    attendees: [{ name: invitation.attendee.name, email: invitation.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`The appointment's calendar invitation could not be made: ${error?.message ?? 'no output'}`);
  return value;
}

/** The invitation as a file for the e-mail outbox (`NotificationsService.enqueue`'s `attachments`). */
export function appointmentCalendarAttachment(invitation: AppointmentInvitation): { filename: string; contentType: string; content: string } {
  return { filename: APPOINTMENT_CALENDAR_FILENAME, contentType: APPOINTMENT_CALENDAR_CONTENT_TYPE, content: appointmentCalendar(invitation) };
}

/** Google Calendar's "add event" page with the appointment filled in. */
export function googleCalendarLink(input: CalendarLinkInput): string {
  const { start, end } = interval(input);
  return `https://calendar.google.com/calendar/render?${query({
    action: 'TEMPLATE',
    text: input.title,
    dates: `${basicUtc(start)}/${basicUtc(end)}`,
    ctz: input.timeZone,
    details: input.description,
    location: input.location,
  })}`;
}

/** Outlook on the web's "new event" page with the appointment filled in. */
export function outlookCalendarLink(input: CalendarLinkInput): string {
  const { start, end } = interval(input);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query({
    subject: input.title,
    startdt: isoUtc(start),
    enddt: isoUtc(end),
    body: input.description,
    location: input.location,
    path: '/calendar/action/compose',
    rru: 'addevent',
  })}`;
}

/** Start and end, after checking what a calendar cannot take. */
function interval(input: Pick<AppointmentInvitation, 'start' | 'durationMinutes' | 'timeZone'>): { start: Date; end: Date } {
  if (Number.isNaN(input.start.getTime())) throw new Error('The appointment has no valid start');
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes <= 0) {
    throw new Error(`durationMinutes must be a whole number above 0 (${input.durationMinutes} given)`);
  }
  assertTimeZone(input.timeZone);
  return { start: input.start, end: new Date(input.start.getTime() + input.durationMinutes * 60_000) };
}

function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
  } catch {
    throw new Error(`Unknown time zone: ${timeZone}`);
  }
}

/** `20261005T230000Z`, as Google's `dates` takes it. */
function basicUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `2026-10-05T23:00:00Z`. */
function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The query string, spaces as `%20` rather than URLSearchParams' `+` (a literal `+` is `%2B`, so no
 * meaning changes): Outlook on the web has been seen to show a `+` form's spaces as plus signs.
 */
function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString().replace(/\+/g, '%20');
}
