import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayIn } from '@relining/contracts/booking-rules';
import type { PipeSection } from '@relining/contracts/inspection-report';
import { JOB_STATUS_LABELS } from '@relining/contracts/job-status';
import type { QuoteLine } from '@relining/contracts/quote-rules';
import { binaryParser } from '../support/binary-body.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

/** Issue 19: who changed what on a job, its report and its quote; the jobs export, the bulk stage change and the timeline. */

const STAFF = 'jobs-audit-staff@example.com.au';

const SECTION: PipeSection = {
  from: 'Boundary trap',
  to: 'Kitchen junction',
  material: 'vitrified_clay',
  diameterMm: 100,
  lengthM: 12.5,
  observations: [{ distanceM: 3.2, code: 'root_intrusion', note: 'Fine roots at the joint' }],
  structuralGrade: 4,
  serviceGrade: 3,
  recommendation: { kind: 'reline', metres: 12.5 },
};

const LINES: QuoteLine[] = [{ kind: 'reline', description: 'Reline 6 m of 100 mm pipe', quantity: 6, unitCents: 55_000 }];

function inDays(days: number): string {
  const date = new Date(`${todayIn('Australia/Sydney')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface MadeJob {
  id: string;
  trackingCode: string;
  jobNumber: string;
}

describe('audit trail: jobs, inspection reports and quotes', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;
  let number = 19_001;

  beforeAll(async () => {
    const uploadsDir = await mkdtemp(path.join(tmpdir(), 'audit-jobs-test-'));
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', UPLOADS_DIR: uploadsDir } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: STAFF, role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'jobs-audit-plumber@plumbing.com.au' }));
  });

  afterAll(async () => {
    await sut.close();
  });

  const http = () => sut.http();

  async function newJob(overrides: Record<string, unknown> = {}): Promise<MadeJob> {
    const created = await http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber: `JOB-${number++}`,
        customerName: 'Sam Owner',
        customerEmail: 'sam.owner@example.com.au',
        customerPhone: '0412 345 678',
        address: '12 Smith St, Parramatta NSW 2150',
        notify: false,
        ...overrides,
      })
      .expect(201);
    return created.body;
  }

  async function unlock(code: string): Promise<string> {
    const response = await http().post(`/api/job-status/${code}/unlock`).send({ postcode: '2150' }).expect(204);
    return ([] as string[])
      .concat((response.headers['set-cookie'] as unknown as string[] | string | undefined) ?? [])
      .find((cookie) => cookie.startsWith('job_access='))!
      .split(';')[0]!;
  }

  const saveQuote = (jobId: string, lines: QuoteLine[] = LINES) =>
    http()
      .put(`/api/admin/jobs/${jobId}/quote`)
      .set(admin.auth)
      .send({ lines, validUntil: inDays(30), notes: null })
      .expect(200);
  const publishQuote = (jobId: string) => http().post(`/api/admin/jobs/${jobId}/quote/publish`).set(admin.auth).send({}).expect(200);
  const publishReport = async (jobId: string) => {
    await http()
      .put(`/api/admin/jobs/${jobId}/report`)
      .set(admin.auth)
      .send({ summary: 'Roots at a joint.', sections: [SECTION] })
      .expect(200);
    await http().post(`/api/admin/jobs/${jobId}/report/publish`).set(admin.auth).expect(200);
  };

  async function entriesOf(jobId: string): Promise<Array<Record<string, unknown>>> {
    return sut.dataSource.query(`SELECT * FROM audit_log WHERE entity = 'job' AND entity_id = $1 ORDER BY id`, [jobId]);
  }

  async function quotedJob(): Promise<MadeJob & { cookie: string }> {
    const job = await newJob({ status: 'inspected' });
    await saveQuote(job.id);
    await publishQuote(job.id);
    return { ...job, cookie: await unlock(job.trackingCode) };
  }

  it.each<[string, () => Promise<string>, Record<string, unknown>]>([
    [
      'a job created',
      async () => (await newJob()).id,
      { action: 'create', actor_name: STAFF, changes: expect.objectContaining({ status: { before: null, after: 'booked' } }), details: { notify: false } },
    ],
    [
      'a referral linked on creation (by the referrals module, in the same transaction)',
      async () => {
        const referral = await http()
          .post('/api/me/referrals')
          .set(plumber.auth)
          .send({
            clientName: 'Riley Referred',
            clientPhone: '0411 222 333',
            jobAddress: '3 Audit Lane',
            suburb: 'Richmond VIC 3121',
            urgency: 'medium',
            description: 'Tree roots in the sewer',
            serviceTypes: { cleanView: true, reline: true },
          })
          .expect(201);
        return (await newJob({ referralId: referral.body.id })).id;
      },
      { action: 'referral_linked', actor_name: STAFF, changes: { referralId: { before: null, after: expect.any(String) } } },
    ],
    [
      'the customer details edited',
      async () => {
        const job = await newJob();
        await http()
          .put(`/api/admin/jobs/${job.id}`)
          .set(admin.auth)
          .send({ ...job, customerName: 'Samantha Owner' })
          .expect(200);
        return job.id;
      },
      { action: 'update', actor_name: STAFF, changes: { customerName: { before: 'Sam Owner', after: 'Samantha Owner' } } },
    ],
    [
      'a job archived',
      async () => {
        const job = await newJob();
        await http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200);
        return job.id;
      },
      { action: 'archive', actor_name: STAFF, changes: { archived: { before: false, after: true } } },
    ],
    [
      'a job restored',
      async () => {
        const job = await newJob();
        await http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200);
        await http().post(`/api/admin/jobs/${job.id}/restore`).set(admin.auth).expect(200);
        return job.id;
      },
      { action: 'restore', actor_name: STAFF, changes: { archived: { before: true, after: false } } },
    ],
    [
      'the stage changed',
      async () => {
        const job = await newJob();
        await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'scheduled', notify: false }).expect(200);
        return job.id;
      },
      { action: 'stage_changed', actor_name: STAFF, changes: { status: { before: 'booked', after: 'scheduled' } }, details: { notify: false } },
    ],
    [
      'the status e-mail sent again',
      async () => {
        const job = await newJob();
        await http().post(`/api/admin/jobs/${job.id}/notify`).set(admin.auth).expect(202);
        return job.id;
      },
      { action: 'notified', actor_name: STAFF, details: expect.objectContaining({ status: 'booked' }) },
    ],
    [
      'a report drafted',
      async () => {
        const job = await newJob();
        await http()
          .put(`/api/admin/jobs/${job.id}/report`)
          .set(admin.auth)
          .send({ summary: 'Roots at a joint.', sections: [SECTION] })
          .expect(200);
        return job.id;
      },
      { action: 'report_created', actor_name: STAFF, changes: expect.objectContaining({ summary: { before: null, after: 'Roots at a joint.' } }) },
    ],
    [
      'a report edited',
      async () => {
        const job = await newJob();
        await http()
          .put(`/api/admin/jobs/${job.id}/report`)
          .set(admin.auth)
          .send({ summary: 'Roots at a joint.', sections: [SECTION] })
          .expect(200);
        await http()
          .put(`/api/admin/jobs/${job.id}/report`)
          .set(admin.auth)
          .send({ summary: 'Roots at two joints.', sections: [SECTION] })
          .expect(200);
        return job.id;
      },
      { action: 'report_edited', actor_name: STAFF, changes: { summary: { before: 'Roots at a joint.', after: 'Roots at two joints.' } } },
    ],
    [
      'a report published',
      async () => {
        const job = await newJob();
        await publishReport(job.id);
        return job.id;
      },
      { action: 'report_published', actor_name: STAFF, details: { version: 1 } },
    ],
    [
      'the job moved on by a published report',
      async () => {
        const job = await newJob();
        await publishReport(job.id);
        return job.id;
      },
      { action: 'stage_changed', actor_name: STAFF, changes: { status: { before: 'booked', after: 'inspected' } } },
    ],
    [
      'photos added',
      async () => {
        const job = await newJob();
        await http()
          .post(`/api/admin/jobs/${job.id}/photos`)
          .set(admin.auth)
          .attach('photos', await plainPhoto('jpeg', 900, 600), 'roots.jpg')
          .expect(201);
        return job.id;
      },
      { action: 'photos_added', actor_name: STAFF, details: expect.objectContaining({ count: 1 }) },
    ],
    [
      'a photo removed',
      async () => {
        const job = await newJob();
        const [photo] = (
          await http()
            .post(`/api/admin/jobs/${job.id}/photos`)
            .set(admin.auth)
            .attach('photos', await plainPhoto('jpeg', 900, 600), 'roots.jpg')
            .expect(201)
        ).body;
        await http().delete(`/api/admin/jobs/${job.id}/photos/${photo.id}`).set(admin.auth).expect(204);
        return job.id;
      },
      { action: 'photo_removed', actor_name: STAFF, details: expect.objectContaining({ photoId: expect.any(String) }) },
    ],
    [
      "the report's PDF downloaded",
      async () => {
        const job = await newJob();
        await publishReport(job.id);
        await http().get(`/api/admin/jobs/${job.id}/report.pdf`).set(admin.auth).buffer(true).parse(binaryParser).expect(200);
        return job.id;
      },
      { action: 'download', actor_name: STAFF, details: expect.objectContaining({ document: 'report' }) },
    ],
    [
      'a quote drafted',
      async () => {
        const job = await newJob({ status: 'inspected' });
        await saveQuote(job.id);
        return job.id;
      },
      {
        action: 'quote_created',
        actor_name: STAFF,
        details: { version: 1 },
        changes: expect.objectContaining({ totalCents: { before: null, after: 330_000 } }),
      },
    ],
    ['a quote sent', async () => (await quotedJob()).id, { action: 'quote_sent', actor_name: STAFF, details: { version: 1, totalCents: 330_000 } }],
    [
      'a new quote version',
      async () => {
        const job = await quotedJob();
        await saveQuote(job.id, [{ ...LINES[0]!, quantity: 7 }]);
        return job.id;
      },
      {
        action: 'quote_new_version',
        actor_name: STAFF,
        details: { version: 2 },
        changes: expect.objectContaining({ totalCents: { before: 330_000, after: 385_000 } }),
      },
    ],
    [
      "the customer's acceptance",
      async () => {
        const job = await quotedJob();
        await http()
          .post(`/api/job-status/${job.trackingCode}/quote/accept`)
          .set('cookie', job.cookie)
          .send({ fullName: 'Sam Owner', agree: true, version: 1 })
          .expect(200);
        return job.id;
      },
      {
        action: 'quote_accepted',
        actor_kind: 'public',
        actor_id: null,
        actor_name: 'public',
        details: expect.objectContaining({ fullName: 'Sam Owner', version: 1 }),
      },
    ],
    [
      'the job moved on by the acceptance',
      async () => {
        const job = await quotedJob();
        await http()
          .post(`/api/job-status/${job.trackingCode}/quote/accept`)
          .set('cookie', job.cookie)
          .send({ fullName: 'Sam Owner', agree: true, version: 1 })
          .expect(200);
        return job.id;
      },
      { action: 'stage_changed', actor_name: 'public', changes: { status: { before: 'quoted', after: 'accepted' } } },
    ],
    [
      "the customer's decline",
      async () => {
        const job = await quotedJob();
        await http().post(`/api/job-status/${job.trackingCode}/quote/decline`).set('cookie', job.cookie).send({ reason: 'Too dear for now' }).expect(200);
        return job.id;
      },
      { action: 'quote_declined', actor_name: 'public', details: { reason: 'Too dear for now', version: 1 } },
    ],
  ])('%s: one entry on the job', async (_name, act, expected) => {
    const jobId = await act();
    const entries = await entriesOf(jobId);
    const matching = entries.filter((entry) => entry.action === expected.action);
    expect(matching.length).toBeGreaterThanOrEqual(1);
    expect(matching.at(-1)).toMatchObject({ entity: 'job', entity_id: jobId, ...expected });
  });

  it('writes nothing for a refused change or a change to the same value', async () => {
    const job = await quotedJob();
    const before = (await entriesOf(job.id)).length;
    // An outdated version: refused, nothing recorded.
    await http()
      .post(`/api/job-status/${job.trackingCode}/quote/accept`)
      .set('cookie', job.cookie)
      .send({ fullName: 'Sam Owner', agree: true, version: 2 })
      .expect(409);
    await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'nowhere' }).expect(400);
    await http().put(`/api/admin/jobs/${job.id}`).set(admin.auth).send({ customerName: 'Sam Owner' }).expect(200);
    await http().post(`/api/admin/jobs/${job.id}/restore`).set(admin.auth).expect(200);
    expect(await entriesOf(job.id)).toHaveLength(before);
  });

  describe('bulk stage change', () => {
    const queued = async (ids: string[]) =>
      sut.dataSource.query(`SELECT entity_id, template_key FROM notifications WHERE entity_type = 'job' AND entity_id = ANY($1::text[]) ORDER BY entity_id`, [
        ids,
      ]);

    it('moves three jobs without e-mailing their customers: three stage_changed entries, no e-mail', async () => {
      const jobs = [await newJob(), await newJob(), await newJob()];
      const ids = jobs.map((job) => job.id);
      const answer = await http().post('/api/admin/jobs/bulk-status').set(admin.auth).send({ ids, status: 'scheduled', notify: false }).expect(200);
      expect(answer.body).toEqual({ updated: ids, unchanged: [] });
      for (const id of ids) {
        const moved = (await entriesOf(id)).filter((entry) => entry.action === 'stage_changed');
        expect(moved).toEqual([
          expect.objectContaining({ actor_name: STAFF, changes: { status: { before: 'booked', after: 'scheduled' } }, details: { notify: false } }),
        ]);
        expect((await http().get(`/api/admin/jobs/${id}`).set(admin.auth).expect(200)).body.status).toBe('scheduled');
      }
      expect(await queued(ids)).toEqual([]);
    });

    it("with 'notify customers' e-mails once per job whose stage changed, with the stage's template", async () => {
      const moving = [await newJob(), await newJob()];
      const already = await newJob({ status: 'scheduled' });
      const ids = [...moving.map((job) => job.id), already.id];
      const answer = await http().post('/api/admin/jobs/bulk-status').set(admin.auth).send({ ids, status: 'scheduled', notify: true }).expect(200);
      expect(answer.body).toEqual({ updated: moving.map((job) => job.id), unchanged: [already.id] });
      const mails = await queued(ids);
      expect(mails).toHaveLength(2);
      expect(new Set(mails.map((mail: { entity_id: string }) => mail.entity_id))).toEqual(new Set(moving.map((job) => job.id)));
      // The same template as the one-by-one change.
      const single = await newJob();
      await http().put(`/api/admin/jobs/${single.id}/status`).set(admin.auth).send({ status: 'scheduled', notify: true }).expect(200);
      const [one] = await queued([single.id]);
      expect(mails.map((mail: { template_key: string }) => mail.template_key)).toEqual([one.template_key, one.template_key]);
      expect((await entriesOf(already.id)).filter((entry) => entry.action === 'stage_changed')).toEqual([]);
    });

    it('changes nothing when one id is unknown, or the input is bad', async () => {
      const jobs = [await newJob(), await newJob()];
      // The unknown id sorts last: the two known jobs are changed first, then rolled back.
      const ids = [...jobs.map((job) => job.id), 'ffffffff-ffff-4fff-8fff-ffffffffffff'];
      const refused = await http().post('/api/admin/jobs/bulk-status').set(admin.auth).send({ ids, status: 'quoted', notify: true }).expect(404);
      expect(refused.body).toMatchObject({ statusCode: 404, message: 'Job not found.' });
      for (const job of jobs) {
        expect((await http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200)).body.status).toBe('booked');
        expect((await entriesOf(job.id)).filter((entry) => entry.action === 'stage_changed')).toEqual([]);
      }
      expect(await queued(jobs.map((job) => job.id))).toEqual([]);

      const empty = await http().post('/api/admin/jobs/bulk-status').set(admin.auth).send({ ids: [], status: 'quoted', notify: false }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'ids', message: 'Choose at least one job.' }]);
      const tooMany = Array.from({ length: 501 }, () => jobs[0]!.id);
      const long = await http().post('/api/admin/jobs/bulk-status').set(admin.auth).send({ ids: tooMany, status: 'quoted', notify: false }).expect(400);
      expect(long.body.errors).toEqual([{ field: 'ids', message: 'Choose at most 500 jobs at once.' }]);
      await http()
        .post('/api/admin/jobs/bulk-status')
        .set(plumber.auth)
        .send({ ids: [jobs[0]!.id], status: 'quoted', notify: false })
        .expect(403);
    });
  });

  describe('jobs export', () => {
    it('streams every job the filter matches, in the zone, and audits the export', async () => {
      const made = [];
      for (let i = 0; i < 3; i += 1) made.push(await newJob({ customerName: `Exported Person ${i}`, customerPhone: '0400 000 00' + i }));
      await newJob({ customerName: 'Someone Else' });
      const filter = JSON.stringify({ q: 'Exported Person' });
      const response = await http()
        .get('/api/admin/jobs/export.csv')
        .query({ filter, sort: JSON.stringify(['customerName', 'ASC']) })
        .set(admin.auth)
        .expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="jobs-\d{4}-\d{2}-\d{2}\.csv"/);
      const rows = response.text
        .trim()
        .split(/\r?\n/)
        .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)|(?<=,)(?=,|$)/g)].map((match) => (match[1] ?? match[2] ?? '').replace(/""/g, '"')));
      expect(rows[0]).toEqual([
        'job_number',
        'customer_name',
        'email',
        'phone',
        'address',
        'status',
        'archived',
        expect.stringMatching(/^created_at \(.+\)$/),
        expect.stringMatching(/^updated_at \(.+\)$/),
      ]);
      expect(rows).toHaveLength(4);
      expect(rows[1]).toEqual([
        made[0]!.jobNumber,
        'Exported Person 0',
        'sam.owner@example.com.au',
        '0400 000 000',
        '12 Smith St, Parramatta NSW 2150',
        'booked',
        'no',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      ]);
      expect(rows.slice(1).map((row) => row[1])).toEqual(['Exported Person 0', 'Exported Person 1', 'Exported Person 2']);

      const exportEntry = await eventually(
        async () => (await sut.dataSource.query(`SELECT * FROM audit_log WHERE action = 'export' AND entity_id = 'jobs' ORDER BY id DESC LIMIT 1`))[0],
        'the export entry',
      );
      expect(exportEntry).toMatchObject({
        actor_name: STAFF,
        entity: 'export',
        details: expect.objectContaining({ list: 'jobs', filter: { q: 'Exported Person' }, rows: 3 }),
      });
    });

    it('refuses a bad filter, and anyone but staff', async () => {
      await http()
        .get('/api/admin/jobs/export.csv')
        .query({ filter: JSON.stringify({ nope: 1 }) })
        .set(admin.auth)
        .expect(400);
      await http().get('/api/admin/jobs/export.csv').query({ filter: '{bad json' }).set(admin.auth).expect(400);
      await http().get('/api/admin/jobs/export.csv').set(plumber.auth).expect(403);
      await http().get('/api/admin/jobs/export.csv').expect(401);
    });
  });

  describe('timeline', () => {
    it("tells a job's story newest first: stages, e-mails with their status, report, quote and the customer's acceptance", async () => {
      const job = await newJob();
      await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'scheduled', notify: true }).expect(200);
      await publishReport(job.id);
      await saveQuote(job.id);
      await publishQuote(job.id);
      const cookie = await unlock(job.trackingCode);
      await http()
        .post(`/api/job-status/${job.trackingCode}/quote/accept`)
        .set('cookie', cookie)
        .send({ fullName: 'Sam Owner', agree: true, version: 1 })
        .expect(200);

      const timeline = (await http().get(`/api/admin/jobs/${job.id}/timeline`).set(admin.auth).expect(200)).body as Array<Record<string, string>>;
      const times = timeline.map((item) => item.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(timeline).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'stage', title: `Job created at ${JOB_STATUS_LABELS.booked}`, actorName: STAFF }),
          expect.objectContaining({ kind: 'stage', title: `Moved to ${JOB_STATUS_LABELS.scheduled}`, actorName: STAFF }),
          expect.objectContaining({ kind: 'email', status: expect.any(String), detail: 'To sam.owner@example.com.au' }),
          expect.objectContaining({ kind: 'report', title: 'Report published (version 1)', actorName: STAFF }),
          expect.objectContaining({ kind: 'quote', title: 'Quote sent (version 1)', actorName: STAFF }),
          expect.objectContaining({ kind: 'acceptance', title: 'Quote accepted by Sam Owner', actorName: 'public' }),
        ]),
      );
      // The acceptance is among the newest things that happened.
      const acceptance = timeline.findIndex((item) => item.kind === 'acceptance');
      const created = timeline.findIndex((item) => item.title === `Job created at ${JOB_STATUS_LABELS.booked}`);
      expect(acceptance).toBeLessThan(created);
      expect(created).toBe(timeline.length - 1);

      await http().get('/api/admin/jobs/00000000-0000-4000-8000-000000000000/timeline').set(admin.auth).expect(404);
      await http().get(`/api/admin/jobs/${job.id}/timeline`).set(plumber.auth).expect(403);
    });
  });
});
