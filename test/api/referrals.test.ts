import sharp from 'sharp';
import { RebatesDueJob } from '../../src/modules/referrals/rebates-due.job.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const referral = {
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
  notes: 'Side gate code 1234',
  serviceTypes: { cleanView: true, reline: false },
};

const quick = {
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  ...referral,
  serviceTypes: undefined,
};

// Real images (photos are decoded and stored re-encoded, so a signature alone is not enough).
let JPEG: Buffer;
let PNG: Buffer;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('referrals', () => {
  let sut: TestApp;
  let plumberA: SignedIn;
  let plumberB: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    [JPEG, PNG] = await Promise.all([plainPhoto('jpeg'), plainPhoto('png')]);
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    plumberA = await signIn(sut, await createUser(sut.dataSource, { email: 'alice@plumbing.com.au', fullName: 'Alice Plumber' }));
    plumberB = await signIn(sut, await createUser(sut.dataSource, { email: 'bob@plumbing.com.au', fullName: 'Bob Plumber' }));
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'programme@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  async function createAs(user: SignedIn, body: object = referral) {
    return (await sut.http().post('/api/me/referrals').set(user.auth).send(body).expect(201)).body;
  }

  it('creates a referral with the plumber details from the profile and rebates from configuration', async () => {
    const created = await createAs(plumberA);
    expect(created).toMatchObject({
      refNumber: expect.stringMatching(/^R-\d{6}$/),
      clientName: 'Chris Client',
      address: '4 Elm Street',
      suburb: 'Toowong',
      status: 'referred',
      urgency: 'medium',
      urgencyLabel: 'Within 2-3 days',
      serviceTypes: { cleanView: true, reline: false },
      contactClient: true,
      rebates: { cleanView: { amount: 80, status: 'pending' }, reline: { amount: 400, status: 'pending' } },
    });
    const [row] = await sut.dataSource.query(
      `SELECT plumber_name, plumber_company, plumber_phone, plumber_email, cleanview_rebate_amount_cents, reline_rebate_amount_cents, source FROM referrals WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({
      plumber_name: 'Alice Plumber',
      plumber_company: 'Test Plumbing',
      plumber_phone: '0400 000 000',
      plumber_email: 'alice@plumbing.com.au',
      cleanview_rebate_amount_cents: 8000,
      reline_rebate_amount_cents: 40000,
      source: 'dashboard',
    });
    const mails = await sut.dataSource.query(`SELECT template_key, to_address, text_body FROM notifications WHERE entity_id = $1 ORDER BY template_key`, [
      created.id,
    ]);
    expect(mails.map((m: { template_key: string; to_address: string }) => [m.template_key, m.to_address])).toEqual([
      ['referral_acknowledgement', 'alice@plumbing.com.au'],
      ['referral_notice', 'info@pipereliningaustralia.com.au'],
    ]);
    // E-mails' one date format, in Melbourne time (TZ_DISPLAY), labelled: 'Wednesday 2 December 2026, 9:41 am AEDT'.
    expect(mails[1].text_body).toMatch(/submitted on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T\./);
    expect(mails[1].text_body).toContain('Service types: Clean & View');
  });

  it.each([
    [{ clientName: '' }, 'clientName', 'Client name is required'],
    [{ jobAddress: '' }, 'jobAddress', 'Job address is required'],
    [{ suburb: '' }, 'suburb', 'Suburb is required'],
    [{ clientPhone: '' }, 'clientPhone', 'Client contact is required'],
    [{ urgency: '' }, 'urgency', 'Please select an urgency level'],
    [{ description: '' }, 'description', 'Please describe the issue'],
    [{ serviceTypes: { cleanView: false, reline: false } }, 'serviceTypes', 'Please select at least one service type'],
    [{ plumberEmail: 'not-an-email' }, 'plumberEmail', 'Invalid email address'],
  ])('refuses %j with its message', async (change, field, message) => {
    const response = await sut
      .http()
      .post('/api/me/referrals')
      .set(plumberA.auth)
      .send({ ...referral, ...change })
      .expect(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it("keeps each plumber to their own referrals: another plumber's answers 404", async () => {
    const mine = await createAs(plumberA);
    const list = await sut.http().get('/api/me/referrals').set(plumberB.auth).expect(200);
    expect(list.body.find((r: { id: string }) => r.id === mine.id)).toBeUndefined();
    await sut.http().get(`/api/me/referrals/${mine.id}`).set(plumberB.auth).expect(404);
    await sut.http().post(`/api/me/referrals/${mine.id}/photos`).set(plumberB.auth).attach('photos', JPEG, 'a.jpg').expect(404);
    await sut.http().get(`/api/me/referrals/${mine.id}`).set(plumberA.auth).expect(200);
    await sut.http().get('/api/me/referrals').expect(401);
    await sut.http().get('/api/me/referrals').set(admin.auth).expect(403);
  });

  it('moves rebates with the status: C&V earned, then only what was earned paid, and the totals follow', async () => {
    const fresh = await signIn(sut, await createUser(sut.dataSource, { email: 'carol@plumbing.com.au' }));
    const created = await createAs(fresh);
    // Nothing is earned yet: nothing pending, all of it still possible.
    await sut.http().get('/api/me/rebates/summary').set(fresh.auth).expect(200, { totalReferrals: 1, rebatePaid: 0, rebatePending: 0, potential: 480 });

    const record = (await sut.http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
    const completed = await sut
      .http()
      .put(`/api/admin/referrals/${created.id}`)
      .set(admin.auth)
      .send({ ...record, status: 'cleanview_completed' })
      .expect(200);
    expect(completed.body).toMatchObject({
      status: 'cleanview_completed',
      cleanviewRebateStatus: 'processing',
      relineRebateStatus: 'pending',
      cleanviewCompletedAt: expect.any(String),
      cleanviewDueAt: expect.any(String),
      overdue: false,
      notices: [],
    });
    const mine = (await sut.http().get(`/api/me/referrals/${created.id}`).set(fresh.auth).expect(200)).body;
    expect(mine.rebates.cleanView).toEqual({ amount: 80, status: 'processing', statusLabel: 'Earned, processing', possible: false });
    await sut.http().get('/api/me/rebates/summary').set(fresh.auth).expect(200, { totalReferrals: 1, rebatePaid: 0, rebatePending: 80, potential: 400 });

    const paidChange = await sut.http().put(`/api/admin/referrals/${created.id}`).set(admin.auth).send({ status: 'rebate_paid' }).expect(200);
    expect(paidChange.body.notices).toEqual(['The reline rebate has not been earned: the job was not relined']);
    const paid = (await sut.http().get(`/api/me/referrals/${created.id}`).set(fresh.auth).expect(200)).body;
    expect(paid.rebates).toEqual({
      cleanView: { amount: 80, status: 'paid', statusLabel: 'Paid', possible: false },
      reline: { amount: 400, status: 'pending', statusLabel: 'Not yet earned', possible: true },
    });
    await sut.http().get('/api/me/rebates/summary').set(fresh.auth).expect(200, { totalReferrals: 1, rebatePaid: 80, rebatePending: 0, potential: 400 });

    const detail = (await sut.http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
    expect(detail.history.filter((h: { kind: string }) => h.kind !== 'rebate').map((h: { kind: string; to: string }) => `${h.kind}:${h.to}`)).toEqual([
      'created:referred',
      'status:cleanview_completed',
      'status:rebate_paid',
    ]);
    expect(detail.history[1].actor).toBe('programme@example.com.au');
    expect(detail.ledger).toEqual([expect.objectContaining({ kind: 'cleanview', amountCents: 8000, state: 'paid', paidAt: expect.any(String) })]);
    expect(detail.ledger[0].history.map((h: { fromState: string | null; toState: string }) => `${h.fromState}→${h.toState}`)).toEqual([
      'null→pending',
      'pending→paid',
    ]);
  });

  it("lets staff keep internal notes apart from the plumber's own (recorded in the history, never shown to the plumber) and refuses unknown statuses", async () => {
    const created = await createAs(plumberA);
    const before = (await sut.http().get(`/api/me/referrals/${created.id}`).set(plumberA.auth).expect(200)).body;
    const updated = await sut
      .http()
      .put(`/api/admin/referrals/${created.id}`)
      .set(admin.auth)
      .send({ notes: 'Overwritten?', staffNotes: 'Client prefers mornings' })
      .expect(200);
    expect(updated.body).toMatchObject({ staffNotes: 'Client prefers mornings', notes: before.notes });
    await sut.http().put(`/api/admin/referrals/${created.id}`).set(admin.auth).send({ status: 'lost' }).expect(400);
    const detail = (await sut.http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
    expect(detail.history.at(-1)).toMatchObject({ kind: 'staff_notes', to: null });
    const mine = await sut.http().get(`/api/me/referrals/${created.id}`).set(plumberA.auth).expect(200);
    expect(JSON.stringify(mine.body)).not.toContain('Client prefers mornings');
    expect(mine.body).not.toHaveProperty('staffNotes');
    const list = await sut.http().get('/api/me/referrals').set(plumberA.auth).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('Client prefers mornings');
  });

  it('really e-mails the plumber from the console', async () => {
    const created = await createAs(plumberA);
    const sent = await sut
      .http()
      .post(`/api/admin/referrals/${created.id}/email`)
      .set(admin.auth)
      .send({ subject: 'Booked for Tuesday', message: 'We booked the Clean & View <b>Tuesday</b>.' })
      .expect(202);
    expect(sent.body.to).toBe('alice@plumbing.com.au');
    const [mail] = await sut.dataSource.query(`SELECT subject, text_body, html_body FROM notifications WHERE id = $1`, [sent.body.notificationId]);
    expect(mail.subject).toBe('Booked for Tuesday');
    expect(mail.text_body).toContain('We booked the Clean & View <b>Tuesday</b>.');
    expect(mail.html_body).not.toContain('<b>Tuesday</b>');
    await sut.http().post(`/api/admin/referrals/${created.id}/email`).set(admin.auth).send({ subject: '', message: 'x' }).expect(400);
  });

  it('lists referrals for staff, 5 per page by default, with filters', async () => {
    const page = await sut.http().get('/api/admin/referrals').set(admin.auth).expect(200);
    expect(page.body).toHaveLength(5);
    expect(page.headers['content-range']).toMatch(/^referrals 0-4\/\d+$/);
    expect(page.body[0]).toMatchObject({
      refNumber: expect.stringMatching(/^R-/),
      clientName: 'Chris Client',
      cleanviewRebateAmount: 80,
      relineRebateAmount: 400,
    });
    const carol = await sut.http().get('/api/admin/referrals').query({ filter: '{"q":"carol@plumbing"}' }).set(admin.auth).expect(200);
    expect(carol.body).toHaveLength(1);
    const paid = await sut.http().get('/api/admin/referrals').query({ filter: '{"status":"rebate_paid"}' }).set(admin.auth).expect(200);
    expect(paid.body.every((r: { status: string }) => r.status === 'rebate_paid')).toBe(true);
    await sut.http().get('/api/admin/referrals').query({ filter: '{"urgency":"someday"}' }).set(admin.auth).expect(400);
  });

  describe('photos', () => {
    it('stores up to 5 images checked from their content, served only to the owner and staff', async () => {
      const created = await createAs(plumberA);
      const uploaded = await sut
        .http()
        .post(`/api/me/referrals/${created.id}/photos`)
        .set(plumberA.auth)
        .attach('photos', JPEG, 'front.jpg')
        .attach('photos', PNG, 'back.png')
        .expect(201);
      expect(uploaded.body.map((p: { contentType: string }) => p.contentType)).toEqual(['image/jpeg', 'image/png']);
      const photo = await sut.http().get(`/api/me/referrals/${created.id}/photos/${uploaded.body[0].id}`).set(plumberA.auth).expect(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(Buffer.from(photo.body)).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 24 });
      await sut.http().get(`/api/me/referrals/${created.id}/photos/${uploaded.body[0].id}`).set(plumberB.auth).expect(404);
      await sut.http().get(`/api/admin/referrals/${created.id}/photos/${uploaded.body[0].id}`).set(admin.auth).expect(200);

      const more = sut.http().post(`/api/me/referrals/${created.id}/photos`).set(plumberA.auth);
      for (let i = 0; i < 4; i += 1) more.attach('photos', JPEG, `more${i}.jpg`);
      const tooMany = await more.expect(400);
      expect(tooMany.body.message).toBe('A referral can have at most 5 photos (2 already added).');
      const detail = (await sut.http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
      expect(detail.photos).toHaveLength(2);
    });

    it('refuses an SVG or any non-image behind an image name (415), keeping nothing', async () => {
      const created = await createAs(plumberA);
      const response = await sut
        .http()
        .post(`/api/me/referrals/${created.id}/photos`)
        .set(plumberA.auth)
        .attach('photos', JPEG, 'ok.jpg')
        .attach('photos', SVG, 'photo.jpg')
        .expect(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_PHOTO', message: 'Photos must be JPEG, PNG, WebP or HEIC images.' });
      const detail = (await sut.http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
      expect(detail.photos).toHaveLength(0);
    });

    it('refuses a file over 10 MB with 413 and stays up', async () => {
      const created = await createAs(plumberA);
      const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const response = await sut.http().post(`/api/me/referrals/${created.id}/photos`).set(plumberA.auth).attach('photos', big, 'huge.jpg');
      expect(response.status).toBe(413);
      await sut.http().get('/api/health').expect(200);
    });
  });
});

describe('quick referrals', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  it("keeps a picked suburb's state and postcode: stored apart, shown to staff and the plumber, in the e-mails", async () => {
    const created = await sut
      .http()
      .post('/api/referrals/quick')
      .send({ ...quick, suburb: 'Parramatta NSW 2150' })
      .expect(201);
    const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'places-admin@example.com.au', role: 'admin' }));
    const record = await sut.http().get(`/api/admin/referrals/${created.body.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({ suburb: 'Parramatta', state: 'NSW', postcode: '2150' });
    const user = await createUser(sut.dataSource, { email: 'places@drains.com.au' });
    const mine = await sut
      .http()
      .post('/api/me/referrals')
      .set((await signIn(sut, user)).auth)
      .send({ ...referral, suburb: 'Parramatta NSW 2150' })
      .expect(201);
    expect(mine.body).toMatchObject({ suburb: 'Parramatta', state: 'NSW', postcode: '2150' });
    const mails = await sut.dataSource.query(`SELECT text_body FROM notifications WHERE entity_id = $1 AND template_key = 'referral_notice'`, [
      created.body.id,
    ]);
    expect(mails[0].text_body).toContain('Job address: 4 Elm Street, Parramatta NSW 2150');
  });

  it.each([
    [{ plumberName: '' }, 'plumberName', 'Plumber name is required'],
    [{ plumberCompany: '' }, 'plumberCompany', 'Company name is required'],
    [{ plumberPhone: '' }, 'plumberPhone', 'Contact number is required'],
    [{ plumberEmail: 'x' }, 'plumberEmail', 'Invalid email address'],
  ])('refuses %j with the same messages', async (change, field, message) => {
    const response = await sut
      .http()
      .post('/api/referrals/quick')
      .send({ ...quick, ...change })
      .expect(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('takes the form without JavaScript: saved, then registration; problems answered with a page', async () => {
    const formOf = (email: string, contact: string[], change: Record<string, string> = {}) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...quick, plumberEmail: email, notes: '', ...change })) {
        if (typeof value === 'string') params.append(key, value);
      }
      for (const value of contact) params.append('contactClient', value); // the box (if ticked), then the hidden "false"
      params.append('_gotcha', '');
      return params.toString();
    };
    const saved = await sut
      .http()
      .post('/api/referrals/quick')
      .type('form')
      .send(formOf('nojs@drains.com.au', ['false']))
      .expect(303);
    expect(saved.headers.location).toBe('/plumber-referral?mode=register');
    await sut
      .http()
      .post('/api/referrals/quick')
      .type('form')
      .send(formOf('ticked@drains.com.au', ['true', 'false']))
      .expect(303);
    const rows = await sut.dataSource.query(
      `SELECT plumber_email, contact_client, notes, source FROM referrals WHERE plumber_email IN ('nojs@drains.com.au', 'ticked@drains.com.au') ORDER BY plumber_email`,
    );
    expect(rows).toEqual([
      { plumber_email: 'nojs@drains.com.au', contact_client: false, notes: null, source: 'quick' },
      { plumber_email: 'ticked@drains.com.au', contact_client: true, notes: null, source: 'quick' },
    ]);

    const before = (await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count;
    const refused = await sut
      .http()
      .post('/api/referrals/quick')
      .type('form')
      .set('Referer', 'http://localhost:3000/plumber-portal')
      .send(formOf('refused@drains.com.au', ['true', 'false'], { clientName: '' }))
      .expect(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.text).toContain('Client name is required');
    expect(refused.text).toContain('/plumber-portal');
    expect((await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count).toBe(before);
  });

  it('answers a multipart post that accepts JSON in JSON: 201 with the referral, 400 in the error format', async () => {
    const fields = { ...quick, plumberEmail: 'multipart@drains.com.au', contactClient: 'true', serviceTypes: undefined };
    const created = sut.http().post('/api/referrals/quick').set('accept', 'application/json');
    for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') created.field(key, value);
    const response = await created.expect(201).expect('content-type', /application\/json/);
    expect(response.body).toEqual({ id: expect.any(String), refNumber: expect.stringMatching(/^R-\d{6}$/) });
    const [row] = await sut.dataSource.query(`SELECT contact_client, source FROM referrals WHERE id = $1`, [response.body.id]);
    expect(row).toEqual({ contact_client: true, source: 'quick' });

    const before = (await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count;
    const refused = sut.http().post('/api/referrals/quick').set('accept', 'application/json');
    for (const [key, value] of Object.entries({ ...fields, clientName: '' })) if (typeof value === 'string') refused.field(key, value);
    const error = await refused.expect(400).expect('content-type', /application\/json/);
    expect(error.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([{ field: 'clientName', message: 'Client name is required' }]),
    });
    expect((await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count).toBe(before);
  });

  it('answers a filled spam trap like a success and stores nothing', async () => {
    const before = (await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count;
    await sut
      .http()
      .post('/api/referrals/quick')
      .send({ ...quick, _gotcha: 'x' })
      .expect(201);
    expect((await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`))[0].count).toBe(before);
  });
});

describe('quick referrals rate limit', () => {
  it('takes 5 a minute per IP', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 5; i += 1) await sut.http().post('/api/referrals/quick').send(quick).expect(201);
      await sut.http().post('/api/referrals/quick').send(quick).expect(429);
    } finally {
      await sut.close();
    }
  });
});

describe('staff statistics and rebates due', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'stats@example.com.au', role: 'admin' }));
    const insert = (plumber: string, email: string, extra = '') =>
      sut.dataSource.query(
        `INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_name, plumber_company, plumber_phone, plumber_email, urgency, description,
                                cleanview_rebate_amount_cents, reline_rebate_amount_cents ${extra ? ', status, cleanview_rebate_status, cleanview_completed_at' : ''})
         VALUES ('C', '0400', '1 St', 'Sub', $1, 'Co', '0400', $2, 'low', 'd', 8000, 40000 ${extra})`,
        [plumber, email],
      );
    for (let i = 0; i < 4; i += 1) await insert('Ann', 'ann@x.com.au');
    for (let i = 0; i < 3; i += 1) await insert('Ben', 'ben@x.com.au');
    for (let i = 0; i < 2; i += 1) await insert('Cat', 'cat@x.com.au');
    await insert('Dan', 'dan@x.com.au');
    // Completed 20 days ago: the C&V fee (15 days) is overdue. Completed 13 days ago: due in 2 days.
    await insert('Eve', 'eve@x.com.au', `, 'cleanview_completed', 'processing', now() - interval '20 days'`);
    await insert('Eve', 'eve@x.com.au', `, 'cleanview_completed', 'processing', now() - interval '13 days'`);
    // Their Clean & View parts were earned: the ledger holds them (as the pipeline writes them).
    await sut.dataSource.query(
      `INSERT INTO rebate_entries (referral_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at)
       SELECT id, ref_number, plumber_name, 'cleanview', 8000, 'pending', cleanview_completed_at, cleanview_completed_at + interval '15 days'
       FROM referrals WHERE cleanview_rebate_status = 'processing'`,
    );
  });

  afterAll(() => sut.close());

  it('counts by status, sums rebates, ranks the top 3 referrers and lists what falls due', async () => {
    const stats = (await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body;
    expect(stats).toMatchObject({
      total: 12,
      byStatus: { referred: 10, cleanview_completed: 2, reline_completed: 0, rebate_paid: 0 },
      // Earned and not yet paid: the two Clean & View parts (nothing for parts not earned).
      rebates: { paid: 0, pending: 2 * 80 },
      overdueCount: 1,
    });
    expect(stats.topReferrers.map((t: { plumberName: string; count: number }) => [t.plumberName, t.count])).toEqual([
      ['Ann', 4],
      ['Ben', 3],
      ['Eve', 2], // ties with Cat: the most recent referrer ranks first
    ]);
    expect(stats.due.map((d: { part: string; amount: number; overdue: boolean }) => [d.part, d.amount, d.overdue])).toEqual([
      ['cleanView', 80, true],
      ['cleanView', 80, false],
    ]);
    expect(stats.perWeek).toHaveLength(12);
    expect(stats.perWeek[11].referred).toBe(10);
    const overdue = await sut.http().get('/api/admin/referrals').query({ filter: '{"overdue":true}' }).set(admin.auth).expect(200);
    expect(overdue.body).toHaveLength(1);
    // The rest, never completed ones included, are not overdue: the two filters split the 12.
    const notOverdue = await sut.http().get('/api/admin/referrals').query({ filter: '{"overdue":false}', range: '[0,99]' }).set(admin.auth).expect(200);
    expect(notOverdue.body).toHaveLength(11);
  });

  it('e-mails staff the rebates due once a day, even with two server instances', async () => {
    const second = await startTestApp({ databaseUrl: sut.databaseUrl, env: { RATE_LIMITS: 'off' } });
    try {
      const results = await Promise.all([sut.app.get(RebatesDueJob).run(), second.app.get(RebatesDueJob).run(), sut.app.get(RebatesDueJob).run()]);
      expect(results.filter((result) => result.ran)).toEqual([{ ran: true, count: 2 }]);
      const mails = await sut.dataSource.query(`SELECT subject, text_body FROM notifications WHERE template_key = 'rebates_due_digest'`);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Rebates due: 2 payments ($160)');
      expect(mails[0].text_body).toMatch(/OVERDUE since [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(mails[0].text_body).toMatch(/as of [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}:/);
    } finally {
      await second.app.close();
    }
  });
});
