import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const BLANK = ['   ', '\t', '\u00a0 \u2003', ' \n '];

describe('e-mail templates: required parts, drafts and sample links', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://relining.example.net:8443' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'template-editor@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  const storedSubject = async () => (await sut.dataSource.query(`SELECT subject, body FROM email_templates WHERE key = 'quote_sent'`))[0];

  it.each(BLANK)('refuses to save a subject of only whitespace (%j): Subject is required, nothing changes', async (blank) => {
    const before = await storedSubject();
    const template = (await sut.http().get('/api/admin/email-templates/quote_sent').set(admin.auth).expect(200)).body;
    const response = await sut
      .http()
      .put('/api/admin/email-templates/quote_sent')
      .set(admin.auth)
      .send({ ...template, subject: blank })
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, errors: [{ field: 'subject', message: 'Subject is required' }] });
    expect(await storedSubject()).toEqual(before);
  });

  it.each(BLANK)('refuses to save a body of only whitespace (%j): Email body is required, nothing changes', async (blank) => {
    const before = await storedSubject();
    const response = await sut.http().put('/api/admin/email-templates/quote_sent').set(admin.auth).send({ subject: 'Your quote', body: blank }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'body', message: 'Email body is required' }]);
    expect(await storedSubject()).toEqual(before);
  });

  it('names both when both are blank', async () => {
    const response = await sut.http().put('/api/admin/email-templates/quote_sent').set(admin.auth).send({ subject: ' ', body: '  ' }).expect(400);
    expect(response.body.errors).toEqual([
      { field: 'subject', message: 'Subject is required' },
      { field: 'body', message: 'Email body is required' },
    ]);
  });

  it.each([
    [{ subject: '  ' }, { field: 'subject', message: 'Subject is required' }],
    [{ body: '\n\t ' }, { field: 'body', message: 'Email body is required' }],
  ])('the preview and the test e-mail refuse a blank draft %j too, and send nothing', async (draft, error) => {
    const preview = await sut.http().post('/api/admin/email-templates/quote_sent/preview').set(admin.auth).send(draft).expect(400);
    expect(preview.body.errors).toEqual([error]);
    const test = await sut.http().post('/api/admin/email-templates/quote_sent/test').set(admin.auth).send(draft).expect(400);
    expect(test.body.errors).toEqual([error]);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM notifications WHERE entity_type = 'email_template'`);
    expect(count).toBe(0);
  });

  it('the preview names an unknown variable and the ones to use', async () => {
    const response = await sut.http().post('/api/admin/email-templates/quote_sent/preview').set(admin.auth).send({ body: 'Hi {foo}' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'body', message: 'Unknown variable {foo}. Available variables: {customerName}, {jobId}, {trackingLink}' }]);
  });

  it('sends the test e-mail of the wording on screen (a draft), with the sample tracking link at PUBLIC_BASE_URL', async () => {
    const test = await sut
      .http()
      .post('/api/admin/email-templates/quote_sent/test')
      .set(admin.auth)
      .send({ subject: 'Draft quote {jobId}', body: 'Hi {customerName}: {trackingLink}' })
      .expect(202);
    expect(test.body).toMatchObject({ message: 'Check your inbox for the test email.', status: 'queued' });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ['template-editor@example.com.au'], subject: 'Draft quote JOB-1001' });
    expect(mail!.text).toContain('Hi Alex Citizen: https://relining.example.net:8443/job-status/');
    expect(mail!.text).not.toContain('example.com.au/job-status');
    expect(mail!.html).toContain('href="https://relining.example.net:8443/job-status/');
    // The stored template is untouched by a test of a draft.
    expect((await storedSubject()).subject).toBe('Your quote is ready');
  });

  it("frames the preview, the test e-mail and the console's copy with the logo and the company profile as saved", async () => {
    await sut
      .http()
      .put('/api/admin/company-profile')
      .set(admin.auth)
      .send({
        legalName: 'Pipe Relining Australia Pty Ltd',
        abn: '51 824 753 556',
        licences: [{ state: 'NSW', number: '123456L' }],
        serviceHours: 'Mon–Fri 7am–5pm',
      })
      .expect(200);
    const inline = /<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="\d+" height="\d+" alt="Pipe Relining Australia"/;

    const preview = await sut.http().post('/api/admin/email-templates/job_completed/preview').set(admin.auth).send({}).expect(200);
    expect(preview.body.html).toMatch(inline);
    expect(preview.body.html).not.toContain('cid:');
    expect(preview.body.html).toContain('>View Your Job Status</a>');
    for (const part of [preview.body.html, preview.body.text]) {
      expect(part).toContain('ABN 51 824 753 556');
      expect(part).toMatch(/Plumbing licence: (<span[^>]*>)?NSW 123456L/);
      expect(part).toContain('Service hours: Mon–Fri 7am–5pm');
    }

    const test = await sut.http().post('/api/admin/email-templates/job_completed/test').set(admin.auth).send({}).expect(202);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.html).toContain('src="cid:');
    expect(mail!.attachments).toEqual([expect.objectContaining({ mimeType: 'image/png', disposition: 'inline' })]);
    expect(mail!.text).toContain('ABN 51 824 753 556');
    // Stored as sent (cid:); the console's copy has the image itself, for its sandboxed frame.
    const [row] = await sut.dataSource.query(`SELECT html_body FROM notifications WHERE id = $1`, [test.body.notificationId]);
    expect(row.html_body).toContain('src="cid:');
    const shown = await sut.http().get(`/api/admin/notifications/${test.body.notificationId}`).set(admin.auth).expect(200);
    expect(shown.body.html).toMatch(inline);
  });

  it('previews every template with its sample links at PUBLIC_BASE_URL', async () => {
    const templates = (await sut.http().get('/api/admin/email-templates').set(admin.auth).expect(200)).body as Array<{ key: string }>;
    for (const { key } of templates) {
      const preview = await sut.http().post(`/api/admin/email-templates/${key}/preview`).set(admin.auth).send({}).expect(200);
      const links = [...`${preview.body.text}`.matchAll(/https?:\/\/[^\s]+/g)].map((match) => match[0]);
      // Our own links; add-to-calendar links go to Google Calendar and Outlook themselves.
      const ours = links.filter((url) => !url.includes('pipereliningaustralia') && !/^https:\/\/(calendar\.google\.com|outlook\.live\.com)\//.test(url));
      for (const link of ours) expect(link).toMatch(/^https:\/\/relining\.example\.net:8443\//);
    }
  });
});

describe('e-mail templates in preview mode (no SMTP_URL)', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp();
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'preview-editor@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  it('answers that the test e-mail was saved as a preview, not sent', async () => {
    const test = await sut.http().post('/api/admin/email-templates/quote_sent/test').set(admin.auth).send({}).expect(202);
    expect(test.body).toMatchObject({ status: 'preview', message: 'The test email was saved as a preview (not sent: no SMTP server configured).' });
    expect(test.body.message).not.toMatch(/inbox/i);
  });
});
