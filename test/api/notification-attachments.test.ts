import ical, { type VEvent } from 'node-ical';
import { appointmentCalendarAttachment, type AppointmentInvitation } from '../../src/modules/appointments/appointment-calendar.js';
import { raw, sql } from '../../src/database/sql-fragment.js';
import { EMAIL_LOGO } from '../../src/modules/templates/email-logo.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const JOB_VARIABLES = { customerName: 'Alex Citizen', jobId: 'JOB-1001', trackingLink: 'http://localhost:3000/job-status/booked-job1001-x' };

const INVITATION: AppointmentInvitation = {
  uid: 'appointment-0001@pipereliningaustralia.com.au',
  // 9:00 AM in Sydney on Monday 5 October 2026, the day after daylight saving began (AEDT, UTC+11).
  start: new Date('2026-10-04T22:00:00Z'),
  durationMinutes: 60,
  timeZone: 'Australia/Sydney',
  title: 'Pipe inspection: Pipe Relining Australia',
  description: 'CCTV inspection of the sewer line.',
  location: '1 George Street, Sydney NSW 2000',
  organizer: { name: 'Pipe Relining Australia', email: 'bookings@pipereliningaustralia.com.au' },
  attendee: { name: 'Alex Citizen', email: 'alex@example.com.au' },
  sequence: 0,
  method: 'REQUEST',
  stamp: new Date('2026-09-20T00:00:00Z'),
};

function onlyEvent(ics: string): VEvent {
  const events = Object.values(ical.sync.parseICS(ics)).filter((component): component is VEvent => component?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0]!;
}

/** The MIME part headers of the message (each part's Content-Type line and what follows it, to the blank line). */
function partHeaders(mail: ReceivedMail): string[] {
  return mail.raw
    .split(/\r?\n\r?\n/)
    .map((block) => block.replace(/\r?\n[ \t]+/g, ' '))
    .filter((block) => /^Content-Type:/im.test(block));
}

describe('e-mail attachments: a calendar invitation through the outbox', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url } });
    const staff = await createUser(sut.dataSource, { email: 'staff@pipereliningaustralia.com.au', role: 'admin' });
    admin = await signIn(sut, staff);
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  it('delivers the .ics as an invitation Outlook and Gmail recognise, and the Outbox lists it without its content', async () => {
    const file = appointmentCalendarAttachment(INVITATION);
    const service = sut.app.get(NotificationsService);
    const queued = await sut.dataSource.transaction((manager) =>
      service.enqueue(manager, { template: 'booking_confirmed', to: 'alex@example.com.au', variables: JOB_VARIABLES, attachments: [file] }),
    );
    expect(queued).toMatchObject({ status: 'queued', created: true });

    await sut.app.get(NotificationsWorker).drainNow();
    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);

    // The calendar travels twice, as invitations are sent: a `text/calendar; method=REQUEST` alternative
    // of the bodies (what makes Outlook and Gmail show Accept / Add to calendar) and the file itself.
    const headers = partHeaders(mail!);
    expect(headers.some((part) => /^Content-Type: text\/calendar; charset=utf-8; method=REQUEST$/im.test(part))).toBe(true);
    expect(
      headers.some((part) => /^Content-Type: application\/ics; name=appointment\.ics$/im.test(part) && /^Content-Disposition: attachment/im.test(part)),
    ).toBe(true);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/mixed/im);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative/im);

    const calendarFiles = mail!.attachments.filter((attachment) => /calendar|ics/.test(attachment.mimeType));
    expect(calendarFiles).toEqual([
      expect.objectContaining({ mimeType: 'text/calendar', method: 'REQUEST', filename: null }),
      expect.objectContaining({ mimeType: 'application/ics', filename: 'appointment.ics', disposition: 'attachment' }),
    ]);
    for (const attachment of calendarFiles) {
      const ics = Buffer.from(attachment.content).toString('utf8');
      expect(ics).toBe(file.content.replace(/\r\n/g, '\n')); // the sink's parser (postal-mime) gives calendars LF line ends
      const event = onlyEvent(ics);
      expect(event.start.toISOString()).toBe('2026-10-04T22:00:00.000Z');
      expect(event.uid).toBe(INVITATION.uid);
      expect(event.summary).toBe(INVITATION.title);
      expect(event.location).toBe(INVITATION.location);
    }
    // The bodies and the logo are as before.
    expect(mail!.text).toContain('Alex Citizen');
    expect(mail!.html).toContain(`src="cid:${EMAIL_LOGO.cid}"`);
    expect(mail!.attachments).toEqual(expect.arrayContaining([expect.objectContaining({ contentId: `<${EMAIL_LOGO.cid}>`, mimeType: 'image/png' })]));

    const shown = await sut.http().get(`/api/admin/notifications/${queued.id}`).set(admin.auth).expect(200);
    expect(shown.body.status).toBe('sent');
    expect(shown.body.attachments).toEqual([{ filename: 'appointment.ics', contentType: 'text/calendar' }]);
    const answer = JSON.stringify(shown.body);
    expect(answer).not.toContain(Buffer.from(file.content).toString('base64').slice(0, 40));
    expect(answer).not.toContain('BEGIN:VCALENDAR');
  });

  it('a message without files has none, and is sent as before', async () => {
    const service = sut.app.get(NotificationsService);
    const queued = await sut.dataSource.transaction((manager) =>
      service.enqueue(manager, { template: 'booking_confirmed', to: 'sam@example.com.au', variables: JOB_VARIABLES }),
    );
    await sut.app.get(NotificationsWorker).drainNow();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.raw).not.toMatch(/text\/calendar|application\/ics/i);
    expect(mail!.attachments).toEqual([expect.objectContaining({ contentId: `<${EMAIL_LOGO.cid}>`, mimeType: 'image/png', disposition: 'inline' })]);
    const [row] = await sut.dataSource.query(`SELECT attachments FROM notifications WHERE id = $1`, [queued.id]);
    expect(row.attachments).toEqual([]);
    const shown = await sut.http().get(`/api/admin/notifications/${queued.id}`).set(admin.auth).expect(200);
    expect(shown.body.attachments).toEqual([]);
  });

  it('a cancellation is sent with method=CANCEL, and other files as ordinary attachments', async () => {
    const cancel = appointmentCalendarAttachment({ ...INVITATION, method: 'CANCEL', sequence: 1 });
    const service = sut.app.get(NotificationsService);
    await sut.dataSource.transaction((manager) =>
      service.enqueue(manager, {
        template: 'booking_confirmed',
        to: 'alex@example.com.au',
        variables: JOB_VARIABLES,
        attachments: [cancel, { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('Side gate code 1234') }],
      }),
    );
    await sut.app.get(NotificationsWorker).drainNow();
    const [mail] = await smtp.waitFor(1);
    expect(partHeaders(mail!).some((part) => /^Content-Type: text\/calendar; charset=utf-8; method=CANCEL$/im.test(part))).toBe(true);
    expect(mail!.attachments).toEqual(expect.arrayContaining([expect.objectContaining({ mimeType: 'text/calendar', method: 'CANCEL' })]));
    const notes = mail!.attachments.find((attachment) => attachment.filename === 'notes.txt');
    expect(notes).toMatchObject({ mimeType: 'text/plain', disposition: 'attachment' });
    expect(Buffer.from(notes!.content).toString('utf8')).toBe('Side gate code 1234');
  });

  it('a staged write (a booking’s one statement) stores the files with the message', async () => {
    const service = sut.app.get(NotificationsService);
    const staged = await service.stage([
      {
        template: 'booking_confirmed',
        to: 'kim@example.com.au',
        variables: JOB_VARIABLES,
        dedupeKey: 'staged:ics',
        attachments: [appointmentCalendarAttachment(INVITATION)],
      },
    ]);
    const { text, values } = sql`WITH stored AS (SELECT 1) ${staged.statement(raw('stored'))}`.toQuery();
    await sut.dataSource.query(text, values);
    const [row] = await sut.dataSource.query(
      `SELECT jsonb_array_length(attachments) AS files, attachments -> 0 ->> 'filename' AS filename, attachments -> 0 ->> 'contentType' AS "contentType",
              convert_from(decode(attachments -> 0 ->> 'content', 'base64'), 'UTF8') AS ics
       FROM notifications WHERE dedupe_key = 'staged:ics'`,
    );
    expect(row).toMatchObject({ files: 1, filename: 'appointment.ics', contentType: 'text/calendar' });
    expect(onlyEvent(row.ics).uid).toBe(INVITATION.uid);
    await sut.app.get(NotificationsWorker).drainNow();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.raw).toMatch(/method=REQUEST/);
  });

  it.each([
    ['not an array', `'{"filename": "a.ics"}'`],
    ['a file without content', `'[{"filename": "a.ics", "contentType": "text/calendar"}]'`],
    ['a file name that is not text', `'[{"filename": 1, "contentType": "text/calendar", "content": "QQ=="}]'`],
    ['an element that is not an object', `'["a.ics"]'`],
    ['more than 10 files', `(SELECT jsonb_agg('{"filename": "a.txt", "contentType": "text/plain", "content": "QQ=="}'::jsonb) FROM generate_series(1, 11))`],
  ])('the database refuses attachments that are %s', async (_name, value) => {
    await expect(
      sut.dataSource.query(
        `INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, status, message_id, attachments)
         VALUES (gen_random_uuid()::text, 'x@example.com', 's', 't', 'h', 'preview', gen_random_uuid()::text, ${value})`,
      ),
    ).rejects.toThrow(/notifications_attachments_check/);
  });

  it('the database takes well-formed attachments', async () => {
    await sut.dataSource.query(
      `INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, status, message_id, attachments)
       VALUES (gen_random_uuid()::text, 'x@example.com', 's', 't', 'h', 'preview', gen_random_uuid()::text,
               '[{"filename": "a.ics", "contentType": "text/calendar", "content": "QQ=="}]')`,
    );
  });
});
