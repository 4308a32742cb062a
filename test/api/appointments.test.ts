import ical, { type VEvent } from 'node-ical';
import { AppointmentRemindersJob } from '../../src/modules/appointments/appointment-reminders.job.js';
import { AppointmentsRepository } from '../../src/modules/appointments/appointments.repository.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { bookableDayAfter, openDayFrom } from '../support/booking-slots.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PERTH = 'Cottesloe WA 6011';

function events(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((component): component is VEvent => component?.type === 'VEVENT');
}

function linkToken(mail: ReceivedMail): string {
  const match = /\/booking\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

function calendarOf(mail: ReceivedMail): string {
  const file = mail.attachments.find((attachment) => attachment.filename === 'appointment.ics');
  expect(file).toBeDefined();
  return Buffer.from(file!.content).toString('utf8');
}

/** Next Sunday on or after a day (closed by default). */
function sundayFrom(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Confirmed appointments (issue 16) on real PostgreSQL, with a real SMTP peer and two server
 * instances: staff confirm (the e-mail with its .ics read back by node-ical), overbook only on
 * purpose, the customer's private link moves and cancels, the reminder goes once, the staff feed.
 */
describe('confirmed appointments', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let second: TestApp;
  let admin: SignedIn;
  let n = 0;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    second = await startTestApp({ databaseUrl: sut.databaseUrl, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'dispatch@pipereliningaustralia.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await sut.close();
    await smtp.stop();
  });

  const deliver = () => sut.app.get(NotificationsWorker).drainNow();

  /** The first message received with this subject (the other instance's worker may deliver others meanwhile). */
  async function mailWith(subject: string): Promise<ReceivedMail> {
    for (let count = 1; ; count += 1) {
      await deliver();
      const found = smtp.received.find((mail) => mail.subject === subject);
      if (found) return found;
      await smtp.waitFor(count);
    }
  }

  beforeEach(async () => {
    await smtp.emptyInbox(deliver);
  });

  async function book(day: string, time: string, suburb = PERTH): Promise<string> {
    n += 1;
    const answer = await sut
      .http()
      .post('/api/bookings')
      .send({
        name: `Alex Perth${n}`,
        email: `alex.perth${n}@example.com.au`,
        phone: '0400 123 456',
        suburb,
        address: `${n} Marine Parade`,
        preferred_date: day,
        preferred_time: time,
        message: 'Slow drain in the laundry',
      })
      .expect(201);
    const [row] = await sut.dataSource.query(`SELECT id FROM bookings WHERE email = $1`, [`alex.perth${n}@example.com.au`]);
    expect(answer.body).toBeDefined();
    return row.id as string;
  }

  async function confirmAndRead(bookingId: string, body: Record<string, unknown>) {
    await smtp.emptyInbox(deliver);
    const answer = await sut.http().post(`/api/admin/bookings/${bookingId}/confirm`).set(admin.auth).send(body).expect(200);
    await deliver();
    return answer.body;
  }

  it('staff confirm a Perth booking: Scheduled, and the customer gets the e-mail in AWST with an .ics a real parser reads at the right instant', async () => {
    const day = bookableDayAfter(1, { regions: 'WA' });
    const bookingId = await book(day, '9:00 AM');
    const appointment = await confirmAndRead(bookingId, { date: day, time: '9:00 AM', technician: 'Sam', notify: true });

    expect(appointment).toMatchObject({
      bookingId,
      region: 'WA',
      timeZone: 'Australia/Perth',
      date: day,
      time: '9:00 AM',
      technician: 'Sam',
      status: 'confirmed',
    });
    // 9:00 AM in Perth (AWST, UTC+8, no daylight saving) is 01:00 UTC.
    expect(appointment.startsAt).toBe(`${day}T01:00:00.000Z`);
    expect(appointment.label).toMatch(/9:00 AM AWST$/);
    const booking = await sut.http().get(`/api/admin/bookings/${bookingId}`).set(admin.auth).expect(200);
    expect(booking.body.status).toBe('scheduled');

    const mail = await mailWith('Your Clean & View is confirmed');
    expect(mail!.text).toContain('9:00 AM AWST');
    expect(mail!.text).toContain('Marine Parade, Cottesloe WA');
    expect(mail!.text).toContain('Your technician: Sam');
    expect(mail!.text).toContain('https://calendar.google.com/calendar/render?');
    expect(mail!.text).toContain('https://outlook.live.com/calendar/');
    const [event] = events(calendarOf(mail!));
    expect(event!.start.toISOString()).toBe(`${day}T01:00:00.000Z`);
    expect(event!.end!.toISOString()).toBe(`${day}T02:00:00.000Z`);
    expect(event!.location).toContain('Cottesloe WA');
    expect(JSON.stringify(event!.organizer)).toContain('no-reply@localhost');

    // The outbox keeps the file and lists it; the link's secret is not stored.
    const [row] = await sut.dataSource.query(`SELECT id, text_body FROM notifications WHERE template_key = 'appointment_confirmed' AND entity_id = $1`, [
      bookingId,
    ]);
    expect(row.text_body).toContain('/booking/[link hidden]');
    const shown = await sut.http().get(`/api/admin/notifications/${row.id}`).set(admin.auth).expect(200);
    expect(shown.body.attachments).toEqual([{ filename: 'appointment.ics', contentType: 'text/calendar' }]);

    // The private link opens this appointment only, labelled in the site's zone.
    const token = linkToken(mail!);
    const managed = await sut.http().get(`/api/booking/${token}`).expect(200);
    expect(managed.body).toMatchObject({ status: 'confirmed', region: 'WA', date: day, time: '9:00 AM', firstName: 'Alex', canChange: true });
    expect(managed.body.label).toMatch(/9:00 AM AWST$/);
    expect(managed.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(managed.body)).not.toMatch(/email|phone|technician/i);
    await sut
      .http()
      .get(`/api/booking/${'x'.repeat(43)}`)
      .expect(404);
    await sut.http().get('/api/booking/not-a-token').expect(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const day = bookableDayAfter(2, { regions: 'WA' });
    const bookingId = await book(day, '10:00 AM');
    const bad = await sut.http().post(`/api/admin/bookings/${bookingId}/confirm`).set(admin.auth).send({ date: '2026-02-30', time: '9:15 AM' }).expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['date', 'time', 'notify']);
    const sunday = sundayFrom(day);
    const closed = await sut
      .http()
      .post(`/api/admin/bookings/${bookingId}/confirm`)
      .set(admin.auth)
      .send({ date: sunday, time: '9:00 AM', notify: false })
      .expect(400);
    expect(closed.body.code).toBe('SLOT_CLOSED');
    await sut
      .http()
      .post(`/api/admin/bookings/00000000-0000-4000-8000-000000000000/confirm`)
      .set(admin.auth)
      .send({ date: day, time: '9:00 AM', notify: false })
      .expect(404);
    const booking = await sut.http().get(`/api/admin/bookings/${bookingId}`).set(admin.auth).expect(200);
    expect(booking.body.status).toBe('new');
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM appointments WHERE booking_id = $1`, [bookingId]);
    expect(count).toBe(0);
  });

  it('a full slot is never overbooked by accident: 409 SLOT_FULL, then an extra place only with overbook: true', async () => {
    const day = bookableDayAfter(3, { regions: 'WA' });
    const [first, secondBooking, third] = [await book(day, '11:00 AM'), await book(day, '11:00 AM'), await book(day, '2:00 PM')];
    await confirmAndRead(first, { date: day, time: '11:00 AM', notify: false });
    await confirmAndRead(secondBooking, { date: day, time: '11:00 AM', notify: false });
    const full = await sut.http().post(`/api/admin/bookings/${third}/confirm`).set(admin.auth).send({ date: day, time: '11:00 AM', notify: false }).expect(409);
    expect(full.body).toMatchObject({ code: 'SLOT_FULL', message: 'That time is already full. Confirm again to overbook it on purpose.' });
    // Nothing changed: the booking still holds its 2:00 PM place and is not Scheduled.
    const [place] = await sut.dataSource.query(`SELECT slot FROM booking_slots WHERE booking_id = $1 AND released_at IS NULL`, [third]);
    expect(place.slot).toBe('2:00 PM');
    const overbooked = await confirmAndRead(third, { date: day, time: '11:00 AM', notify: false, overbook: true });
    expect(overbooked).toMatchObject({ time: '11:00 AM', overbooked: true });
    const [{ count }] = await sut.dataSource.query(
      `SELECT count(*)::int AS count FROM booking_slots WHERE region = 'WA' AND day = $1 AND slot = '11:00 AM' AND released_at IS NULL`,
      [day],
    );
    expect(count).toBe(3);
    await deliver();
    expect(smtp.received.filter((mail) => mail.subject.includes('Clean & View'))).toHaveLength(0); // notify: false sends nothing
  });

  it('the customer moves the appointment through the link to a free slot (not a taken one); staff are told and the calendar moves', async () => {
    const day = bookableDayAfter(4, { regions: 'WA' });
    const later = openDayFrom(bookableDayAfter(5, { regions: 'WA' }), { regions: 'WA' });
    const bookingId = await book(day, '9:00 AM');
    const appointment = await confirmAndRead(bookingId, { date: day, time: '9:00 AM', notify: true });
    const token = linkToken(await mailWith('Your Clean & View is confirmed'));
    await smtp.emptyInbox(deliver);

    // Fill 3:00 PM of the later day, then try it: 409 SLOT_TAKEN with the next free slots, nothing moved.
    await book(later, '3:00 PM');
    await book(later, '3:00 PM');
    const taken = await sut.http().post(`/api/booking/${token}/move`).send({ date: later, time: '3:00 PM' }).expect(409);
    expect(taken.body).toMatchObject({ code: 'SLOT_TAKEN', message: 'Sorry, that time has just been taken. Please choose another time.' });
    expect(taken.body.nextSlots[0].label).toMatch(/AWST$/);
    expect((await sut.http().get(`/api/booking/${token}`).expect(200)).body.time).toBe('9:00 AM');

    const free = await sut.http().get(`/api/booking/${token}/availability`).query({ from: later, days: 1 }).expect(200);
    expect(free.body.region).toBe('WA');
    expect(free.body.days[0].slots.find((slot: { time: string }) => slot.time === '3:00 PM').available).toBe(false);

    const moved = await sut.http().post(`/api/booking/${token}/move`).send({ date: later, time: '1:00 PM' }).expect(200);
    expect(moved.body).toMatchObject({ status: 'confirmed', date: later, time: '1:00 PM' });
    expect(moved.body.label).toMatch(/1:00 PM AWST$/);
    const customer = await mailWith('Your Clean & View has a new time');
    expect(customer!.text).toContain('1:00 PM AWST');
    const [event] = events(calendarOf(customer!));
    expect(event!.start.toISOString()).toBe(`${later}T05:00:00.000Z`);
    expect(Number(event!.sequence)).toBe(1);
    const staff = await mailWith(`Appointment changed by the customer: Alex Perth${n - 2}, Cottesloe`);
    expect(staff!.text).toContain(`to ${moved.body.label}`);

    // The old place is free again, the new one taken; the staff calendar shows the new time.
    const places = await sut.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, slot FROM booking_slots WHERE booking_id = $1 AND released_at IS NULL`,
      [bookingId],
    );
    expect(places).toEqual([{ day: later, slot: '1:00 PM' }]);
    const calendar = await sut
      .http()
      .get('/api/admin/appointments')
      .query({ filter: JSON.stringify({ region: 'WA', from: later, to: later }) })
      .set(admin.auth)
      .expect(200);
    expect(calendar.body.map((row: { id: string; time: string }) => [row.id, row.time])).toContainEqual([appointment.id, '1:00 PM']);
    expect(calendar.headers['content-range']).toMatch(/^appointments 0-\d+\/\d+$/);
  });

  it('the customer cancels with a reason: the booking is Cancelled, its place freed, staff told; the link then refuses changes', async () => {
    const day = bookableDayAfter(6, { regions: 'WA' });
    const bookingId = await book(day, '4:00 PM');
    await confirmAndRead(bookingId, { date: day, time: '4:00 PM', notify: true });
    const token = linkToken(await mailWith('Your Clean & View is confirmed'));
    await smtp.emptyInbox(deliver);

    const empty = await sut.http().post(`/api/booking/${token}/cancel`).send({ reason: '   ' }).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'reason', message: 'Please tell us why you are cancelling' }]);
    const cancelled = await sut.http().post(`/api/booking/${token}/cancel`).send({ reason: 'The plumber fixed it' }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canChange: false, cancelReason: 'The plumber fixed it' });
    expect((await sut.http().get(`/api/admin/bookings/${bookingId}`).set(admin.auth).expect(200)).body.status).toBe('cancelled');
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM booking_slots WHERE booking_id = $1 AND released_at IS NULL`, [
      bookingId,
    ]);
    expect(count).toBe(0);
    const customer = await mailWith('Your Clean & View has been cancelled');
    expect(customer.attachments.some((attachment) => attachment.method === 'CANCEL')).toBe(true);
    expect((await mailWith(`Appointment changed by the customer: Alex Perth${n}, Cottesloe`)).text).toContain('The plumber fixed it');

    const again = await sut.http().post(`/api/booking/${token}/move`).send({ date: day, time: '9:00 AM' }).expect(409);
    expect(again.body).toMatchObject({ code: 'NOT_CHANGEABLE', message: 'This appointment has already been cancelled.' });
  });

  it('staff move (calendar drag) without telling the customer, and cancel with a reason telling them', async () => {
    const day = bookableDayAfter(7, { regions: 'WA' });
    const bookingId = await book(day, '8:00 AM');
    const appointment = await confirmAndRead(bookingId, { date: day, time: '8:00 AM', notify: false });
    const moved = await sut
      .http()
      .post(`/api/admin/appointments/${appointment.id}/reschedule`)
      .set(admin.auth)
      .send({ date: day, time: '12:00 PM', notify: false })
      .expect(200);
    expect(moved.body).toMatchObject({ time: '12:00 PM', status: 'confirmed' });
    await deliver();
    expect(smtp.received.filter((mail) => mail.subject.includes('Clean & View'))).toHaveLength(0);
    await sut.http().post(`/api/admin/appointments/${appointment.id}/cancel`).set(admin.auth).send({ notify: true }).expect(400);
    const cancelled = await sut
      .http()
      .post(`/api/admin/appointments/${appointment.id}/cancel`)
      .set(admin.auth)
      .send({ reason: 'Customer rang', notify: true })
      .expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', cancelReason: 'Customer rang' });
    await mailWith('Your Clean & View has been cancelled');
    await sut
      .http()
      .post(`/api/admin/appointments/${appointment.id}/reschedule`)
      .set(admin.auth)
      .send({ date: day, time: '9:00 AM', notify: false })
      .expect(409);
  });

  it('sends the day-before reminder exactly once with two instances, after a crash, and never for a cancelled appointment', async () => {
    const day = bookableDayAfter(8, { regions: 'WA' });
    const [kept, dropped] = [await book(day, '10:00 AM'), await book(day, '10:00 AM')];
    const keptAppointment = await confirmAndRead(kept, { date: day, time: '10:00 AM', notify: false });
    const droppedAppointment = await confirmAndRead(dropped, { date: day, time: '10:00 AM', notify: false });
    // Due the day before at 4:00 PM in Perth (08:00 UTC).
    const [{ due }] = await sut.dataSource.query(`SELECT reminder_due_at AS due FROM appointments WHERE id = $1`, [keptAppointment.id]);
    const dayBefore = new Date(`${day}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(new Date(due).toISOString()).toBe(`${dayBefore.toISOString().slice(0, 10)}T08:00:00.000Z`);
    await sut
      .http()
      .post(`/api/admin/appointments/${droppedAppointment.id}/cancel`)
      .set(admin.auth)
      .send({ reason: 'No longer needed', notify: false })
      .expect(200);

    const at = new Date(new Date(due).getTime() + 60_000);
    // An instance claims the reminder and crashes before its commit: the other skips it meanwhile, and it is sent later.
    const runner = sut.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const claimed = await sut.app.get(AppointmentsRepository).claimDueReminders(runner.manager, at, 50);
    expect(claimed.map((row) => row.id)).toContain(keptAppointment.id);
    expect(await second.app.get(AppointmentRemindersJob).run(at)).toBe(0);
    await runner.rollbackTransaction();
    await runner.release();

    const runs = await Promise.all([
      sut.app.get(AppointmentRemindersJob).run(at),
      second.app.get(AppointmentRemindersJob).run(at),
      sut.app.get(AppointmentRemindersJob).run(at),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await second.app.get(AppointmentRemindersJob).run(new Date(at.getTime() + 3_600_000))).toBe(0);
    const reminders = await sut.dataSource.query(`SELECT entity_id FROM notifications WHERE template_key = 'appointment_reminder'`);
    expect(reminders).toEqual([{ entity_id: kept }]);
    const mail = await mailWith('Reminder: your Clean & View is tomorrow at 10:00 AM AWST');
    expect(linkToken(mail)).toHaveLength(43);
  });

  it("a staff user's calendar feed lists the appointments for calendar apps; rotating kills the old address", async () => {
    expect((await sut.http().get('/api/admin/calendar-feed').set(admin.auth).expect(200)).body).toEqual({ url: null, createdAt: null });
    const created = (await sut.http().post('/api/admin/calendar-feed').set(admin.auth).expect(201)).body;
    expect(created.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const path = new URL(created.url).pathname;
    const feed = await sut.http().get(path).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const listed = events(feed.text);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((event) => String(event.summary).startsWith('Clean & View: Alex Perth'))).toBe(true);
    expect((await sut.http().get('/api/admin/calendar-feed').set(admin.auth).expect(200)).body.url).toBe(created.url);

    const rotated = (await sut.http().post('/api/admin/calendar-feed').set(admin.auth).expect(201)).body;
    expect(rotated.url).not.toBe(created.url);
    await sut.http().get(path).expect(404);
    await second.http().get(new URL(rotated.url).pathname).expect(200);
    await sut.http().delete('/api/admin/calendar-feed').set(admin.auth).expect(200);
    await sut.http().get(new URL(rotated.url).pathname).expect(404);
    await sut.http().get('/api/calendar/nonsense.ics').expect(404);
  });
});
