import { SAVED_VIEW_MESSAGES } from '@relining/contracts/api/saved-views';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('saved views: each staff user’s named filters per list', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let plumber: SignedIn;

  const views = async (session: SignedIn, resource = 'job-tracking') =>
    (
      await sut
        .http()
        .get('/api/admin/saved-views')
        .query({ filter: JSON.stringify({ resource }) })
        .set(session.auth)
        .expect(200)
    ).body as Array<{ id: string; name: string; isDefault: boolean }>;

  const rowCount = async (): Promise<number> => Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM saved_views`))[0].n);

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'views-admin@example.com.au', role: 'admin' }));
    otherAdmin = await signIn(sut, await createUser(sut.dataSource, { email: 'views-other@example.com.au', role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'views-plumber@example.com.au', role: 'plumber' }));
  });

  afterAll(() => sut.close());

  it('creates, lists, reads, renames and deletes a view (and audits none of it)', async () => {
    const auditBefore = Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n);
    const created = await sut
      .http()
      .post('/api/admin/saved-views')
      .set(admin.auth)
      .send({ resource: 'job-tracking', name: '  Waiting on parts ', filter: { stage: 'booked' }, sort: { field: 'createdAt', order: 'DESC' } })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      resource: 'job-tracking',
      name: 'Waiting on parts',
      filter: { stage: 'booked' },
      sort: { field: 'createdAt', order: 'DESC' },
      isDefault: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await sut
      .http()
      .get('/api/admin/saved-views')
      .query({ filter: JSON.stringify({ resource: 'job-tracking' }) })
      .set(admin.auth)
      .expect(200);
    expect(list.headers['content-range']).toBe('saved-views 0-0/1');
    expect(list.body).toEqual([created.body]);
    expect(await views(admin, 'bookings')).toEqual([]);
    await sut.http().get(`/api/admin/saved-views/${created.body.id}`).set(admin.auth).expect(200, created.body);

    // react-admin sends the whole record back: read-only fields (id, resource, dates) are ignored.
    const renamed = await sut
      .http()
      .put(`/api/admin/saved-views/${created.body.id}`)
      .set(admin.auth)
      .send({ ...created.body, resource: 'bookings', name: 'Parts', sort: null, createdAt: '2000-01-01T00:00:00.000Z' })
      .expect(200);
    expect(renamed.body).toMatchObject({
      id: created.body.id,
      resource: 'job-tracking',
      name: 'Parts',
      filter: { stage: 'booked' },
      sort: null,
      createdAt: created.body.createdAt,
    });

    const deleted = await sut.http().delete(`/api/admin/saved-views/${created.body.id}`).set(admin.auth).expect(200);
    expect(deleted.body.id).toBe(created.body.id);
    await sut.http().get(`/api/admin/saved-views/${created.body.id}`).set(admin.auth).expect(404);
    expect(await views(admin)).toEqual([]);
    expect(Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n)).toBe(auditBefore);
  });

  it("keeps each user's views their own: another admin cannot see, change or delete them", async () => {
    const mine = (
      await sut
        .http()
        .post('/api/admin/saved-views')
        .set(admin.auth)
        .send({ resource: 'bookings', name: 'Mine', filter: { status: 'new' } })
        .expect(201)
    ).body;
    expect(await views(otherAdmin, 'bookings')).toEqual([]);
    const everything = await sut.http().get('/api/admin/saved-views').set(otherAdmin.auth).expect(200);
    expect(everything.body).toEqual([]);
    const notFound = await sut.http().get(`/api/admin/saved-views/${mine.id}`).set(otherAdmin.auth).expect(404);
    expect(notFound.body.message).toBe(SAVED_VIEW_MESSAGES.notFound);
    await sut.http().put(`/api/admin/saved-views/${mine.id}`).set(otherAdmin.auth).send({ name: 'Stolen' }).expect(404);
    await sut.http().delete(`/api/admin/saved-views/${mine.id}`).set(otherAdmin.auth).expect(404);
    // getMany by id does not reach another user's view either.
    const many = await sut
      .http()
      .get('/api/admin/saved-views')
      .query({ filter: JSON.stringify({ id: [mine.id] }) })
      .set(otherAdmin.auth)
      .expect(200);
    expect(many.body).toEqual([]);
    // The same name is fine for another person.
    await sut.http().post('/api/admin/saved-views').set(otherAdmin.auth).send({ resource: 'bookings', name: 'Mine' }).expect(201);
    await sut.http().get(`/api/admin/saved-views/${mine.id}`).set(admin.auth).expect(200);
    expect((await views(admin, 'bookings')).map((view) => view.name)).toEqual(['Mine']);
  });

  it('keeps one default per list: making a view the default un-defaults the other', async () => {
    const first = (await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'referrals', name: 'First', isDefault: true }).expect(201))
      .body;
    expect(first.isDefault).toBe(true);
    const second = (
      await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'referrals', name: 'Second', isDefault: true }).expect(201)
    ).body;
    expect((await views(admin, 'referrals')).map((view) => [view.name, view.isDefault])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    await sut.http().put(`/api/admin/saved-views/${first.id}`).set(admin.auth).send({ isDefault: true }).expect(200);
    expect((await views(admin, 'referrals')).map((view) => [view.name, view.isDefault])).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    // Another list's default, and another person's, are left alone.
    const otherList = (await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'rebates', name: 'Due', isDefault: true }).expect(201))
      .body;
    await sut.http().post('/api/admin/saved-views').set(otherAdmin.auth).send({ resource: 'referrals', name: 'Theirs', isDefault: true }).expect(201);
    await sut.http().put(`/api/admin/saved-views/${second.id}`).set(admin.auth).send({ isDefault: true }).expect(200);
    expect((await sut.http().get(`/api/admin/saved-views/${otherList.id}`).set(admin.auth).expect(200)).body.isDefault).toBe(true);
    expect((await views(otherAdmin, 'referrals')).map((view) => view.isDefault)).toEqual([true]);
    // Un-defaulting leaves the list with none.
    await sut.http().put(`/api/admin/saved-views/${second.id}`).set(admin.auth).send({ isDefault: false }).expect(200);
    expect((await views(admin, 'referrals')).some((view) => view.isDefault)).toBe(false);
  });

  it('answers a duplicate name for the same list with a 409 on the name (whatever its case)', async () => {
    await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'enquiries', name: 'Open councils' }).expect(201);
    const before = await rowCount();
    const duplicate = await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'enquiries', name: 'open COUNCILS' }).expect(409);
    expect(duplicate.body).toMatchObject({
      statusCode: 409,
      message: SAVED_VIEW_MESSAGES.nameTaken,
      errors: [{ field: 'name', message: SAVED_VIEW_MESSAGES.nameTaken }],
    });
    const other = (await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'enquiries', name: 'Other' }).expect(201)).body;
    const rename = await sut.http().put(`/api/admin/saved-views/${other.id}`).set(admin.auth).send({ name: 'Open Councils' }).expect(409);
    expect(rename.body.errors).toEqual([{ field: 'name', message: SAVED_VIEW_MESSAGES.nameTaken }]);
    expect(await rowCount()).toBe(before + 1);
    // The same name for another list is fine.
    await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'users', name: 'Open councils' }).expect(201);
  });

  it.each([
    ['no name', { resource: 'bookings' }, 'name', SAVED_VIEW_MESSAGES.nameRequired],
    ['a blank name', { resource: 'bookings', name: '   ' }, 'name', SAVED_VIEW_MESSAGES.nameRequired],
    ['a long name', { resource: 'bookings', name: 'x'.repeat(61) }, 'name', SAVED_VIEW_MESSAGES.nameTooLong],
    ['an unknown list', { resource: 'spaceships', name: 'A' }, 'resource', SAVED_VIEW_MESSAGES.unknownResource],
    ['a list for a filter', { resource: 'bookings', name: 'A', filter: ['new'] }, 'filter', SAVED_VIEW_MESSAGES.filterNotObject],
    ['a text filter', { resource: 'bookings', name: 'A', filter: 'status=new' }, 'filter', SAVED_VIEW_MESSAGES.filterNotObject],
    ['a huge filter', { resource: 'bookings', name: 'A', filter: { q: 'x'.repeat(20_001) } }, 'filter', SAVED_VIEW_MESSAGES.filterTooLarge],
    ['a bad sort order', { resource: 'bookings', name: 'A', sort: { field: 'createdAt', order: 'UP' } }, 'sort', SAVED_VIEW_MESSAGES.sortShape],
    ['a sort as a list', { resource: 'bookings', name: 'A', sort: ['createdAt', 'ASC'] }, 'sort', SAVED_VIEW_MESSAGES.sortShape],
    ['a text default', { resource: 'bookings', name: 'A', isDefault: 'yes' }, 'isDefault', SAVED_VIEW_MESSAGES.isDefaultBoolean],
  ])('refuses %s, naming the field, and keeps nothing', async (_case, body, field, message) => {
    const before = await rowCount();
    const response = await sut.http().post('/api/admin/saved-views').set(admin.auth).send(body).expect(400);
    expect(response.body.errors).toEqual([{ field, message }]);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a bad change and leaves the view as it was', async () => {
    const view = (
      await sut
        .http()
        .post('/api/admin/saved-views')
        .set(admin.auth)
        .send({ resource: 'audit', name: 'Exports', filter: { action: 'export' } })
        .expect(201)
    ).body;
    const response = await sut
      .http()
      .put(`/api/admin/saved-views/${view.id}`)
      .set(admin.auth)
      .send({ ...view, name: '', filter: [] })
      .expect(400);
    expect(response.body.errors).toEqual([
      { field: 'name', message: SAVED_VIEW_MESSAGES.nameRequired },
      { field: 'filter', message: SAVED_VIEW_MESSAGES.filterNotObject },
    ]);
    await sut.http().get(`/api/admin/saved-views/${view.id}`).set(admin.auth).expect(200, view);
    const unknownList = await sut
      .http()
      .get('/api/admin/saved-views')
      .query({ filter: JSON.stringify({ resource: 'spaceships' }) })
      .set(admin.auth)
      .expect(400);
    expect(unknownList.body.errors[0].field).toBe('filter.resource');
  });

  it('is for staff only', async () => {
    await sut.http().get('/api/admin/saved-views').set(plumber.auth).expect(403);
    await sut.http().post('/api/admin/saved-views').set(plumber.auth).send({ resource: 'bookings', name: 'Nope' }).expect(403);
    await sut.http().get('/api/admin/saved-views').expect(401);
  });
});
