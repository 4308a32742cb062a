import { createUser, linkTokenFromOutbox, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 12, item 8: referrals sent without signing in under a plumber's e-mail never land in that
 * plumber's account by themselves; the plumber adds them (or says they are not theirs) from the dashboard.
 */
const quick = {
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Parramatta NSW 2150',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
};

describe('quick referrals wait for their plumber', () => {
  let sut: TestApp;
  let admin: SignedIn;

  const sendQuick = async (change: Partial<typeof quick> = {}): Promise<{ id: string; refNumber: string }> =>
    (
      await sut
        .http()
        .post('/api/referrals/quick')
        .send({ ...quick, ...change })
        .expect(201)
    ).body;
  const rowOf = async (id: string) =>
    (await sut.dataSource.query(`SELECT plumber_id, claim_declined_at, claim_declined_by FROM referrals WHERE id = $1`, [id]))[0];
  const eventsOf = async (id: string) =>
    sut.dataSource.query(`SELECT kind, actor_id, to_value FROM referral_events WHERE referral_id = $1 ORDER BY created_at, id`, [id]);

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'claims-admin@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  it('offers a referral sent before the account existed once the address is confirmed, and adds it only when asked', async () => {
    const sent = await sendQuick();
    await sut
      .http()
      .post('/api/auth/register')
      .send({ email: 'Quinn@QuickDrains.com.au', password: PASSWORD, fullName: 'Quinn Quick', businessName: 'Quick Drains', phone: '0400 121 212' })
      .expect(201);
    const token = await linkTokenFromOutbox(sut.dataSource, 'quinn@quickdrains.com.au', 'verify_email');
    await sut.http().post('/api/auth/verify-email').send({ token }).expect(200);
    expect((await rowOf(sent.id)).plumber_id).toBeNull(); // verifying attaches nothing

    const session = await signIn(sut, { email: 'quinn@quickdrains.com.au', password: PASSWORD });
    const [{ id: userId }] = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'Quinn@QuickDrains.com.au'`);
    expect((await sut.http().get('/api/me/referrals').set(session.auth).expect(200)).body).toEqual([]);
    expect((await sut.http().get('/api/me/rebates/summary').set(session.auth).expect(200)).body).toEqual({
      totalReferrals: 0,
      rebatePaid: 0,
      rebatePending: 0,
      potential: 0,
    });
    const offered = await sut.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200);
    expect(offered.headers['cache-control']).toContain('no-store');
    expect(offered.body).toEqual([
      {
        id: sent.id,
        refNumber: sent.refNumber,
        clientName: 'Chris Client',
        address: '4 Elm Street',
        suburb: 'Parramatta',
        state: 'NSW',
        postcode: '2150',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    const claimed = await sut
      .http()
      .post('/api/me/unclaimed-referrals/claim')
      .set(session.auth)
      .send({ ids: [sent.id] })
      .expect(200);
    expect(claimed.body).toEqual({ ids: [sent.id], count: 1, message: '1 referral added to your account.' });
    expect((await rowOf(sent.id)).plumber_id).toBe(userId);
    expect((await sut.http().get('/api/me/referrals').set(session.auth).expect(200)).body.map((r: { id: string }) => r.id)).toEqual([sent.id]);
    expect((await sut.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200)).body).toEqual([]);
    expect(await eventsOf(sent.id)).toEqual([
      { kind: 'created', actor_id: null, to_value: 'referred' },
      { kind: 'attached', actor_id: userId, to_value: 'Quinn@QuickDrains.com.au' },
    ]);
    // Claimed once: a second claim of it is refused and changes nothing.
    await sut
      .http()
      .post('/api/me/unclaimed-referrals/claim')
      .set(session.auth)
      .send({ ids: [sent.id] })
      .expect(404);
  });

  it('never attaches a referral sent under a verified account holder’s e-mail by itself', async () => {
    const owner = await createUser(sut.dataSource, { email: 'verified@drains.com.au' });
    const sent = await sendQuick({ plumberEmail: 'VERIFIED@drains.com.au', clientName: 'Someone Else' });
    expect((await rowOf(sent.id)).plumber_id).toBeNull();
    const session = await signIn(sut, owner);
    expect((await sut.http().get('/api/me/referrals').set(session.auth).expect(200)).body).toEqual([]);
    expect((await sut.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200)).body.map((r: { id: string }) => r.id)).toEqual([sent.id]);
  });

  it('keeps a declined referral unattached for staff, with who and when, and stops offering it', async () => {
    const owner = await createUser(sut.dataSource, { email: 'decliner@drains.com.au' });
    const session = await signIn(sut, owner);
    const [older, newer] = [
      await sendQuick({ plumberEmail: 'decliner@drains.com.au', clientName: 'Older Client' }),
      await sendQuick({ plumberEmail: 'decliner@drains.com.au', clientName: 'Newer Client' }),
    ];
    const offered = (await sut.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200)).body;
    expect(offered.map((r: { clientName: string }) => r.clientName)).toEqual(['Newer Client', 'Older Client']);

    const declined = await sut
      .http()
      .post('/api/me/unclaimed-referrals/decline')
      .set(session.auth)
      .send({ ids: [older.id] })
      .expect(200);
    expect(declined.body).toEqual({ ids: [older.id], count: 1, message: '1 referral kept off your account. Our team can see you said it is not yours.' });
    const row = await rowOf(older.id);
    expect(row).toEqual({ plumber_id: null, claim_declined_at: expect.any(Date), claim_declined_by: owner.id });
    expect((await eventsOf(older.id)).at(-1)).toEqual({ kind: 'claim_declined', actor_id: owner.id, to_value: 'decliner@drains.com.au' });
    expect((await sut.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200)).body.map((r: { id: string }) => r.id)).toEqual([newer.id]);
    await sut
      .http()
      .post('/api/me/unclaimed-referrals/claim')
      .set(session.auth)
      .send({ ids: [older.id] })
      .expect(404);

    const record = await sut.http().get(`/api/admin/referrals/${older.id}`).set(admin.auth).expect(200);
    expect(record.body).toMatchObject({ plumberId: null, claimDeclinedAt: expect.stringMatching(/^\d{4}-/) });
    expect(record.body.history.at(-1)).toMatchObject({ kind: 'claim_declined', actor: 'decliner@drains.com.au' });
  });

  it("refuses another plumber's referral and a mix of theirs and mine as a whole, changing nothing", async () => {
    const mine = await signIn(sut, await createUser(sut.dataSource, { email: 'mine@drains.com.au' }));
    await createUser(sut.dataSource, { email: 'theirs@drains.com.au' });
    const own = await sendQuick({ plumberEmail: 'mine@drains.com.au' });
    const theirs = await sendQuick({ plumberEmail: 'theirs@drains.com.au' });
    for (const path of ['claim', 'decline']) {
      const refused = await sut
        .http()
        .post(`/api/me/unclaimed-referrals/${path}`)
        .set(mine.auth)
        .send({ ids: [own.id, theirs.id] })
        .expect(404);
      expect(refused.body).toMatchObject({
        statusCode: 404,
        code: 'REFERRAL_NOT_ON_OFFER',
        message: 'That referral is no longer waiting for you. Refresh the page to see the current list.',
        errors: [{ field: 'ids.1', message: 'That referral is no longer waiting for you. Refresh the page to see the current list.' }],
      });
    }
    expect(await rowOf(own.id)).toEqual({ plumber_id: null, claim_declined_at: null, claim_declined_by: null });
    expect(await rowOf(theirs.id)).toEqual({ plumber_id: null, claim_declined_at: null, claim_declined_by: null });
    expect((await eventsOf(own.id)).map((e: { kind: string }) => e.kind)).toEqual(['created']);
    // A referral made on the dashboard (already someone's) is never on offer.
    const dashboard = await sut
      .http()
      .post('/api/me/referrals')
      .set(mine.auth)
      .send({
        ...quick,
        plumberEmail: undefined,
        plumberName: undefined,
        plumberCompany: undefined,
        plumberPhone: undefined,
        serviceTypes: { cleanView: true, reline: false },
      })
      .expect(201);
    await sut
      .http()
      .post('/api/me/unclaimed-referrals/claim')
      .set(mine.auth)
      .send({ ids: [dashboard.body.id] })
      .expect(404);
  });

  it.each([
    [{}, 'Choose at least one referral.'],
    [{ ids: [] }, 'Choose at least one referral.'],
    [{ ids: 'not-a-list' }, 'Choose at least one referral.'],
    [{ ids: ['R-000001'] }, 'Each referral must be given by its id.'],
    [{ ids: Array.from({ length: 101 }, () => '5f0c7d2e-8a77-4c55-9b1e-0d6f4b7a2c11') }, 'Choose at most 100 referrals at a time.'],
  ])('refuses %j with a clear message', async (body, message) => {
    const session = await signIn(sut, await createUser(sut.dataSource, { email: `shape-${Math.random().toString(36).slice(2)}@drains.com.au` }));
    for (const path of ['claim', 'decline']) {
      const refused = await sut.http().post(`/api/me/unclaimed-referrals/${path}`).set(session.auth).send(body);
      expect([refused.status, refused.body]).toEqual([400, expect.objectContaining({ errors: expect.arrayContaining([{ field: 'ids', message }]) })]);
    }
  });
});

describe('quick referrals: an unconfirmed address', () => {
  it('offers nothing to an account whose address is not confirmed, and refuses its claims', async () => {
    // Where sign-in does not wait for confirmation, an unconfirmed account is signed in: it still gets nothing.
    const app = await startTestApp({ env: { RATE_LIMITS: 'off', AUTH_REQUIRE_EMAIL_VERIFICATION: 'false' } });
    try {
      const unconfirmed = await createUser(app.dataSource, { email: 'unconfirmed@drains.com.au', verified: false });
      const sent = (
        await app
          .http()
          .post('/api/referrals/quick')
          .send({ ...quick, plumberEmail: 'unconfirmed@drains.com.au' })
          .expect(201)
      ).body;
      const session = await signIn(app, unconfirmed);
      expect((await app.http().get('/api/me/unclaimed-referrals').set(session.auth).expect(200)).body).toEqual([]);
      const refused = await app
        .http()
        .post('/api/me/unclaimed-referrals/claim')
        .set(session.auth)
        .send({ ids: [sent.id] })
        .expect(403);
      expect(refused.body).toMatchObject({
        code: 'EMAIL_NOT_CONFIRMED',
        message: 'Confirm your e-mail address first: referrals sent with it can then be added to your account.',
      });
      expect((await app.dataSource.query(`SELECT plumber_id FROM referrals WHERE id = $1`, [sent.id]))[0].plumber_id).toBeNull();
    } finally {
      await app.close();
    }
  });
});
