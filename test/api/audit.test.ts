import { AuditRetentionJob } from '../../src/modules/audit/audit-retention.job.js';
import { AuditService } from '../../src/modules/audit/audit.service.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

async function newBooking(app: TestApp, email = 'audit.customer@example.com.au'): Promise<string> {
  const [row] = await app.dataSource.query(
    `INSERT INTO bookings (full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description)
     VALUES ('Audit Customer', $1, '0400 111 222', '1 Test St', 'Richmond', '2030-01-01', '9:00 AM', 'Blocked drain') RETURNING id`,
    [email],
  );
  return row.id;
}

async function entries(app: TestApp, where = 'true', parameters: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  return app.dataSource.query(`SELECT * FROM audit_log WHERE ${where} ORDER BY id`, parameters);
}

describe('audit trail: the core', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let adminId: string;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', AUDIT_RETENTION_DAYS: '30' } });
    const user = await createUser(sut.dataSource, { email: 'audit-admin@example.com.au', role: 'admin' });
    adminId = user.id;
    admin = await signIn(sut, user);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('writes who, when, what and the fields before and after, in the transaction of the change', async () => {
    const id = await newBooking(sut);
    await sut.http().put(`/api/admin/bookings/${id}`).set(admin.auth).set('X-Request-Id', 'audit-test-1').send({ status: 'contacted' }).expect(200);
    const [entry] = await entries(sut, `entity = 'booking' AND entity_id = $1`, [id]);
    expect(entry).toMatchObject({
      actor_kind: 'user',
      actor_id: adminId,
      actor_name: 'audit-admin@example.com.au',
      action: 'status_changed',
      changes: { status: { before: 'new', after: 'contacted' } },
      correlation_id: 'audit-test-1',
    });
    // Setting the same status again changes nothing and writes nothing.
    await sut.http().put(`/api/admin/bookings/${id}`).set(admin.auth).send({ status: 'contacted' }).expect(200);
    expect(await entries(sut, `entity = 'booking' AND entity_id = $1`, [id])).toHaveLength(1);
  });

  it('answers the react-admin list, filtered by record, with Content-Range', async () => {
    const id = await newBooking(sut);
    await sut.http().put(`/api/admin/bookings/${id}`).set(admin.auth).send({ status: 'scheduled' }).expect(200);
    const response = await sut
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ entity: 'booking', entityId: id }) })
      .set(admin.auth)
      .expect(200);
    expect(response.headers['content-range']).toBe('audit 0-0/1');
    expect(response.body).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^\d+$/),
        at: expect.any(String),
        actorKind: 'user',
        actorId: adminId,
        actorName: 'audit-admin@example.com.au',
        entity: 'booking',
        entityId: id,
        action: 'status_changed',
        changes: { status: { before: 'new', after: 'scheduled' } },
      }),
    ]);
    const byWho = await sut
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ actorId: adminId, action: 'status_changed' }), sort: JSON.stringify(['at', 'ASC']) })
      .set(admin.auth)
      .expect(200);
    expect(byWho.body.length).toBeGreaterThanOrEqual(2);
    expect(byWho.body.every((row: { actorId: string }) => row.actorId === adminId)).toBe(true);
    const wrong = await sut
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ entity: 'spaceship' }) })
      .set(admin.auth)
      .expect(400);
    expect(wrong.body.errors[0].field).toBe('filter.entity');
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'audit-plumber@example.com.au', role: 'plumber' }));
    await sut.http().get('/api/admin/audit').set(plumber.auth).expect(403);
  });

  it('writes nothing for a change that rolls back', async () => {
    const audit = sut.app.get(AuditService);
    const before = (await entries(sut)).length;
    await expect(
      sut.dataSource.transaction(async (manager) => {
        await audit.record(manager, { entity: 'setting', entityId: 'rollback-probe', action: 'update', before: { a: 1 }, after: { a: 2 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entries(sut, `entity_id = 'rollback-probe'`)).toEqual([]);
    expect((await entries(sut)).length).toBe(before);
  });

  it('masks secrets and bank details', async () => {
    const audit = sut.app.get(AuditService);
    await sut.dataSource.transaction((manager) =>
      audit.record(manager, {
        entity: 'user',
        entityId: 'mask-probe',
        action: 'update',
        before: { passwordHash: 'old-hash', bsb: '062000', accountNumber: '12345678', fullName: 'A' },
        after: { passwordHash: 'new-hash', bsb: '083004', accountNumber: '87654321', fullName: 'B' },
        details: { resetToken: 'abc', note: 'kept' },
      }),
    );
    const [entry] = await entries(sut, `entity_id = 'mask-probe'`);
    expect(entry!.changes).toEqual({
      passwordHash: { before: '[hidden]', after: '[hidden]' },
      bsb: { before: '062-***', after: '083-***' },
      accountNumber: { before: '****678', after: '****321' },
      fullName: { before: 'A', after: 'B' },
    });
    expect(entry!.details).toEqual({ resetToken: '[hidden]', note: 'kept' });
    expect(JSON.stringify(entry)).not.toMatch(/old-hash|new-hash|12345678|87654321|062000/);
  });

  it('stores text jsonb cannot hold (a lone UTF-16 surrogate) as the replacement character, as a text column would', async () => {
    const audit = sut.app.get(AuditService);
    await sut.dataSource.transaction((manager) =>
      audit.record(manager, { entity: 'enquiry', entityId: 'surrogate-probe', action: 'update', before: { notes: 'ok' }, after: { notes: 'a\ud800b' } }),
    );
    const [entry] = await entries(sut, `entity_id = 'surrogate-probe'`);
    expect(entry!.changes).toEqual({ notes: { before: 'ok', after: 'a\ufffdb' } });
  });

  it('refuses to change or delete an entry', async () => {
    const [entry] = await entries(sut);
    await expect(sut.dataSource.query(`UPDATE audit_log SET action = 'forged' WHERE id = $1`, [entry!.id])).rejects.toThrow(/append-only/);
    await expect(sut.dataSource.query(`DELETE FROM audit_log WHERE id = $1`, [entry!.id])).rejects.toThrow(/append-only/);
    await expect(sut.dataSource.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    // A transaction that declares a prune cutoff still cannot delete a recent entry.
    await expect(
      sut.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('audit.prune_before', '2000-01-01T00:00:00Z', true)`);
        await manager.query(`DELETE FROM audit_log WHERE id = $1`, [entry!.id]);
      }),
    ).rejects.toThrow(/append-only/);
    const [grant] = await sut.dataSource.query(`SELECT has_table_privilege('public', 'audit_log', 'UPDATE') AS public_update`);
    expect(grant.public_update).toBe(false);
    expect(await entries(sut, `id = $1`, [entry!.id])).toHaveLength(1);
  });

  it('prunes entries past the retention once a day across instances, and audits the prune', async () => {
    await sut.dataSource.query(
      `INSERT INTO audit_log (at, actor_kind, actor_name, entity, entity_id, action) VALUES
       (now() - interval '45 days', 'system', 'system: old', 'booking', 'old-1', 'status_changed'),
       (now() - interval '31 days', 'system', 'system: old', 'booking', 'old-2', 'status_changed'),
       (now() - interval '29 days', 'system', 'system: old', 'booking', 'recent-1', 'status_changed')`,
    );
    const job = sut.app.get(AuditRetentionJob);
    const now = new Date();
    const [first, second] = await Promise.all([job.run(now), job.run(now)]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(first.deleted + second.deleted).toBe(2);
    expect(await entries(sut, `entity_id IN ('old-1', 'old-2')`)).toEqual([]);
    expect(await entries(sut, `entity_id = 'recent-1'`)).toHaveLength(1);
    const [prune] = await entries(sut, `action = 'prune'`);
    expect(prune).toMatchObject({
      actor_kind: 'system',
      actor_name: 'system: audit-retention',
      entity: 'audit_log',
      details: { deleted: 2, retentionDays: 30 },
    });
  });

  it('exports the trail as CSV with the filter, streamed, and audits the export', async () => {
    const response = await sut
      .http()
      .get('/api/admin/audit/export.csv')
      .query({ filter: JSON.stringify({ entity: 'booking', action: 'status_changed' }) })
      .set(admin.auth)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toMatch(/^"id","at \(.+\)","actor_kind","actor","entity","entity_id","action","changes","details","correlation_id"$/);
    const expected = (await entries(sut, `entity = 'booking' AND action = 'status_changed'`)).length;
    expect(lines).toHaveLength(expected + 1);
    const exportEntry = await eventually(async () => (await entries(sut, `action = 'export' AND entity_id = 'audit'`))[0], 'the export entry');
    expect(exportEntry).toMatchObject({
      actor_id: adminId,
      entity: 'export',
      details: { list: 'audit', filter: { entity: 'booking', action: 'status_changed' }, rows: expected, complete: true },
    });
  });
});
