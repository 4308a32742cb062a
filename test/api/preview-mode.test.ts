import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const job = { customerName: 'Pat Preview', customerEmail: 'pat@example.com.au' };
const quick = {
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
};

/**
 * Every staff action that e-mails someone answers what happened to the e-mail, so the console never
 * says 'sent' for a message that was only saved: 'queued' (on its way) or 'preview' (no SMTP_URL).
 */
describe.each([
  ['preview mode (no SMTP_URL)', false, 'preview'],
  ['with an SMTP server', true, 'queued'],
])('e-mail outcomes in %s', (_name, withSmtp, expected) => {
  let smtp: SmtpSink | undefined;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = withSmtp ? await new SmtpSink().start() : undefined;
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', ...(smtp ? { SMTP_URL: smtp.url } : {}) } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'outcomes@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp?.stop();
  });

  it('tracking links: creating, changing the status and the notify button', async () => {
    const created = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...job, jobNumber: `JOB-OUT-${expected}`, notify: true })
      .expect(201);
    expect(created.body.notification).toMatchObject({ to: job.customerEmail, status: expected });
    const changed = await sut.http().put(`/api/admin/jobs/${created.body.id}/status`).set(admin.auth).send({ status: 'quoted', notify: true }).expect(200);
    expect(changed.body.notification.status).toBe(expected);
    const notified = await sut.http().post(`/api/admin/jobs/${created.body.id}/notify`).set(admin.auth).expect(202);
    expect(notified.body.notification.status).toBe(expected);
  });

  it("'Send Email to Plumber'", async () => {
    const referral = (await sut.http().post('/api/referrals/quick').send(quick).expect(201)).body;
    const sent = await sut
      .http()
      .post(`/api/admin/referrals/${referral.id}/email`)
      .set(admin.auth)
      .send({ subject: 'Booked', message: 'See you Tuesday' })
      .expect(202);
    expect(sent.body).toMatchObject({ to: 'quinn@quickdrains.com.au', status: expected });
  });

  it('inviting a user', async () => {
    const invited = await sut
      .http()
      .post('/api/admin/users/invite')
      .set(admin.auth)
      .send({ email: `invitee-${expected}@example.com.au`, role: 'plumber' })
      .expect(202);
    expect(invited.body.status).toBe(expected);
    if (expected === 'preview') {
      expect(invited.body.message).toBe(`Invitation to invitee-${expected}@example.com.au saved as a preview (not sent: no SMTP server configured)`);
    } else {
      expect(invited.body.message).toBe(`Invitation sent to invitee-${expected}@example.com.au`);
    }
  });

  it('the console configuration says whether e-mails are sent', async () => {
    const config = await sut.http().get('/api/admin/console-config').set(admin.auth).expect(200);
    expect(config.body).toMatchObject({ emailDelivery: expected === 'preview' ? 'preview' : 'smtp' });
  });
});
