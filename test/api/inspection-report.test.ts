import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { binaryParser } from '../support/binary-body.js';
import type { PipeSection } from '@relining/contracts/inspection-report';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { buildHeic, gpsTags, photoWithGps, plainPhoto } from '../support/image-fixtures.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const LOCKED = 'Enter your postcode or the last four digits of your phone to see your report and quote.';

/** A section as a technician writes it on site. */
function section(overrides: Partial<PipeSection> = {}): PipeSection {
  return {
    from: 'Boundary trap',
    to: 'Kitchen junction',
    material: 'vitrified_clay',
    diameterMm: 100,
    lengthM: 12.5,
    observations: [{ distanceM: 3.2, code: 'root_intrusion', note: 'Fine roots at the joint' }],
    structuralGrade: 4,
    serviceGrade: 3,
    recommendation: { kind: 'reline', metres: 12.5 },
    ...overrides,
  };
}

/** The inspection report, its photos and PDF, and the customer's view of it (issue 17), against real PostgreSQL and SMTP. */
describe('inspection report', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let uploadsDir: string;
  let number = 1001;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'inspection-test-'));
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', UPLOADS_DIR: uploadsDir } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'inspections-staff@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  async function job(): Promise<{ id: string; trackingCode: string; jobNumber: string }> {
    const created = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber: `JOB-${number++}`,
        customerName: 'Sam Owner',
        customerEmail: `sam.owner${number}@example.com.au`,
        customerPhone: '0412 345 678',
        address: '12 Smith St, Parramatta NSW 2150',
        notify: false,
      })
      .expect(201);
    return created.body;
  }

  const upload = (jobId: string, files: Array<[Buffer, string]>) => {
    let call = sut.http().post(`/api/admin/jobs/${jobId}/photos`).set(admin.auth);
    for (const [file, name] of files) call = call.attach('photos', file, name);
    return call;
  };
  const storedFiles = async () => (await readdir(uploadsDir, { recursive: true })).filter((entry) => /\.[a-z]+$/.test(entry));
  const putReport = (jobId: string, body: object) => sut.http().put(`/api/admin/jobs/${jobId}/report`).set(admin.auth).send(body);
  const unlock = async (code: string) => {
    const response = await sut.http().post(`/api/job-status/${code}/unlock`).send({ postcode: '2150' }).expect(204);
    const raw = ([] as string[]).concat((response.headers['set-cookie'] as unknown as string[] | string | undefined) ?? []);
    return raw.find((cookie) => cookie.startsWith('job_access='))!.split(';')[0]!;
  };

  it('answers an empty report for a job without one, and 404 for an unknown job', async () => {
    const { id, jobNumber } = await job();
    const empty = await sut.http().get(`/api/admin/jobs/${id}/report`).set(admin.auth).expect(200);
    expect(empty.body).toEqual({
      jobId: id,
      jobNumber,
      summary: '',
      sections: [],
      publishedVersion: 0,
      publishedAt: null,
      changedSincePublish: false,
      updatedAt: null,
      photos: [],
      pdfUrl: null,
    });
    const unknown = await sut.http().get('/api/admin/jobs/00000000-0000-4000-8000-000000000000/report').set(admin.auth).expect(404);
    expect(unknown.body.message).toBe('Job not found.');
  });

  it.each([
    ['a bad grade', { structuralGrade: 6 }, 'sections.0.structuralGrade', 'Grades are 1 (good) to 5 (failed)'],
    ['a bad code', { observations: [{ distanceM: 1, code: 'gremlins' }] }, 'sections.0.observations.0.code', 'Choose what was seen'],
    [
      'a distance past the section',
      { lengthM: 5, recommendation: { kind: 'monitor' }, observations: [{ distanceM: 5.5, code: 'crack' }] },
      'sections.0.observations.0.distanceM',
      'The distance must be within the section, in tenths of a metre',
    ],
  ])('refuses %s with 400 and its field error, changing nothing', async (_name, overrides, field, message) => {
    const { id } = await job();
    const refused = await putReport(id, { summary: 'Roots', sections: [section(overrides as Partial<PipeSection>)] }).expect(400);
    expect(refused.body.errors).toContainEqual({ field, message });
    expect((await sut.http().get(`/api/admin/jobs/${id}/report`).set(admin.auth).expect(200)).body.updatedAt).toBeNull();
  });

  it('refuses a photo of another job, or one that does not exist, by the observation that names it', async () => {
    const [own, other] = [await job(), await job()];
    const [otherPhoto] = (await upload(other.id, [[await plainPhoto('jpeg', 64, 48), 'other.jpg']]).expect(201)).body;
    const [ownPhoto] = (await upload(own.id, [[await plainPhoto('jpeg', 64, 48), 'own.jpg']]).expect(201)).body;
    const refused = await putReport(own.id, {
      summary: 'Roots',
      sections: [
        section({
          observations: [
            { distanceM: 1, code: 'crack', photoIds: [ownPhoto.id] },
            { distanceM: 2, code: 'crack', photoIds: [ownPhoto.id, otherPhoto.id] },
            { distanceM: 3, code: 'crack', photoIds: ['not-a-photo'] },
          ],
        }),
      ],
    }).expect(400);
    expect(refused.body.errors).toEqual([
      { field: 'sections.0.observations.1.photoIds', message: "That photo is not one of this job's photos" },
      { field: 'sections.0.observations.2.photoIds', message: "That photo is not one of this job's photos" },
    ]);
    expect((await sut.http().get(`/api/admin/jobs/${own.id}/report`).set(admin.auth).expect(200)).body.updatedAt).toBeNull();
  });

  it('saves a draft and loads it back as saved, ignoring fields a report does not have', async () => {
    const { id } = await job();
    const [photo] = (await upload(id, [[await plainPhoto('png', 64, 48), 'pipe.png']]).expect(201)).body;
    const sections = [
      section({ observations: [{ distanceM: 3.2, code: 'root_intrusion', note: 'Fine roots at the joint', photoIds: [photo.id] }], junctions: 2 }),
      section({
        from: 'Kitchen junction',
        to: 'Bathroom',
        material: 'pvc',
        structuralGrade: 1,
        serviceGrade: 2,
        recommendation: { kind: 'clean' },
        observations: [],
      }),
    ];
    const saved = await putReport(id, { summary: 'Roots in the clay line.', sections, id: 'ignored', publishedVersion: 99 }).expect(200);
    expect(saved.body).toMatchObject({ summary: 'Roots in the clay line.', sections, publishedVersion: 0, changedSincePublish: true, pdfUrl: null });
    expect(saved.body.updatedAt).toEqual(expect.any(String));
    expect(saved.body.photos).toEqual([photo]);
    const loaded = await sut.http().get(`/api/admin/jobs/${id}/report`).set(admin.auth).expect(200);
    expect(loaded.body).toEqual(saved.body);
  });

  it('stores a photo without its metadata, in every width and format made once at upload; a text file named .jpg is 415', async () => {
    const { id } = await job();
    const before = (await storedFiles()).length;
    const [photo] = (await upload(id, [[await photoWithGps('jpeg', { width: 1000, height: 750 }), 'IMG_0001.jpg']]).expect(201)).body;
    expect(photo).toMatchObject({ width: 1000, height: 750, widths: [480, 800] });
    // Two widths × AVIF, WebP and JPEG, and the cleaned original.
    const after = await storedFiles();
    expect(after.length - before).toBe(7);
    expect(after.filter((file) => file.includes(photo.id)).sort()).toEqual(
      ['480.avif', '480.jpg', '480.webp', '800.avif', '800.jpg', '800.webp', 'original.jpg'].map((file) => path.join('job-photos', id, photo.id, file)),
    );

    for (const [file, type] of [
      ['800.jpg', 'image/jpeg'],
      ['480.avif', 'image/avif'],
      ['800.webp', 'image/webp'],
    ] as const) {
      const served = await sut
        .http()
        .get(`/api/admin/jobs/${id}/photos/${photo.id}/${file}`)
        .set(admin.auth)
        .buffer(true)
        .expect(200)
        .expect('content-type', type);
      const metadata = await sharp(served.body as Buffer).metadata();
      expect(metadata.width).toBe(Number(file.split('.')[0]));
      expect(gpsTags(metadata.exif)).toEqual([]);
      expect(metadata.xmp).toBeUndefined();
    }
    // Serving again makes nothing new; widths it was not made in are not there.
    await sut.http().get(`/api/admin/jobs/${id}/photos/${photo.id}/800.jpg`).set(admin.auth).expect(200);
    expect((await storedFiles()).length).toBe(after.length);
    for (const file of ['1200.jpg', 'original.jpg', '800.png'])
      await sut.http().get(`/api/admin/jobs/${id}/photos/${photo.id}/${file}`).set(admin.auth).expect(404);
    await sut.http().get(`/api/admin/jobs/${id}/photos/${photo.id}/800.jpg`).expect(401);

    const text = await upload(id, [[Buffer.from('just some text, not a photo'), 'pipe.jpg']]).expect(415);
    expect(text.body.errors).toEqual([{ field: 'photos', message: 'pipe.jpg is not a JPEG, PNG, WebP or HEIC image.' }]);
    // HEIC is a photo, but libvips here cannot decode HEVC to resize it: refused with a way forward.
    const heic = await upload(id, [[buildHeic(), 'IMG_0002.heic']]).expect(415);
    expect(heic.body.errors).toEqual([{ field: 'photos', message: 'HEIC photos cannot be resized for the report: please upload a JPEG, PNG or WebP photo' }]);
    expect((await storedFiles()).length).toBe(after.length);
  });

  it('takes at most 40 photos a job', async () => {
    const { id } = await job();
    const small = await plainPhoto('jpeg', 40, 30);
    await sut.dataSource.query(`INSERT INTO job_photos (job_id, width, height, widths) SELECT $1, 40, 30, '{40}' FROM generate_series(1, 39)`, [id]);
    const refused = await upload(id, [
      [small, 'a.jpg'],
      [small, 'b.jpg'],
    ]).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'photos', message: 'A job has at most 40 photos.' }]);
    await upload(id, [[small, 'a.jpg']]).expect(201);
    const full = await upload(id, [[small, 'c.jpg']]).expect(400);
    expect(full.body.errors).toEqual([{ field: 'photos', message: 'A job has at most 40 photos.' }]);
  });

  it('publishes: the job moves to Inspection Completed with its e-mail, a PDF naming the job; republishing makes version 2 without a second move', async () => {
    const { id, trackingCode, jobNumber } = await job();
    const [photo] = (await upload(id, [[await plainPhoto('jpeg', 900, 600), 'roots.jpg']]).expect(201)).body;
    const noDraft = await sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth).expect(400);
    expect(noDraft.body.errors).toEqual([{ field: 'summary', message: 'Add a summary before publishing' }]);
    await sut
      .http()
      .get(`/api/admin/jobs/${id}/report.pdf`)
      .set(admin.auth)
      .expect(404, /No published report yet\./);

    const sections = [section({ observations: [{ distanceM: 3.2, code: 'root_intrusion', photoIds: [photo.id] }] })];
    await putReport(id, { summary: 'Roots have entered the clay line at a joint.', sections }).expect(200);
    const published = await sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth).expect(200);
    expect(published.body).toMatchObject({ publishedVersion: 1, changedSincePublish: false, pdfUrl: `/api/admin/jobs/${id}/report.pdf` });
    expect(published.body.publishedAt).toEqual(expect.any(String));

    const detail = await sut.http().get(`/api/admin/jobs/${id}`).set(admin.auth).expect(200);
    expect(detail.body.status).toBe('inspected');
    await smtp.waitFor(1);
    await sut.app.get(NotificationsWorker).drainNow();
    const mails = smtp.received.filter((mail) => mail.subject === "We've completed your inspection");
    expect(mails).toHaveLength(1);

    const pdf = await sut.http().get(`/api/admin/jobs/${id}/report.pdf`).set(admin.auth).buffer(true).parse(binaryParser).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Inspection report ${jobNumber}.pdf"`);
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(jobNumber);
    expect(await storedFiles()).toContain(path.join('reports', id, 'v1.pdf'));

    // A draft change is not the customer's until republished.
    const cookie = await unlock(trackingCode);
    await putReport(id, { summary: 'Draft wording the customer must not see yet.', sections }).expect(200);
    const stillV1 = await sut.http().get(`/api/job-status/${trackingCode}/report`).set('cookie', cookie).expect(200);
    expect(stillV1.body).toMatchObject({ version: 1, summary: 'Roots have entered the clay line at a joint.' });
    expect((await sut.http().get(`/api/admin/jobs/${id}/report`).set(admin.auth).expect(200)).body.changedSincePublish).toBe(true);

    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
    const again = await sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth).expect(200);
    expect(again.body).toMatchObject({ publishedVersion: 2, changedSincePublish: false });
    const timeline = (await sut.http().get(`/api/admin/jobs/${id}`).set(admin.auth).expect(200)).body.timeline as Array<{ status: string }>;
    expect(timeline.filter((event) => event.status === 'inspected')).toHaveLength(1);
    await sut.app.get(NotificationsWorker).drainNow();
    expect(smtp.received).toEqual([]);
    const files = await storedFiles();
    expect(files).toContain(path.join('reports', id, 'v2.pdf'));
    expect(files).not.toContain(path.join('reports', id, 'v1.pdf'));
    const v2 = await sut.http().get(`/api/job-status/${trackingCode}/report`).set('cookie', cookie).expect(200);
    expect(v2.body).toMatchObject({ version: 2, summary: 'Draft wording the customer must not see yet.' });
  });

  it('publishes two at once as versions 1 and 2', async () => {
    const { id } = await job();
    await putReport(id, { summary: 'Two staff at once.', sections: [section()] }).expect(200);
    const answers = await Promise.all([1, 2].map(() => sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.publishedVersion).sort()).toEqual([1, 2]);
  });

  it('keeps a photo the published report shows, and takes a deleted one out of the draft', async () => {
    const { id } = await job();
    const [shown, spare] = (
      await upload(id, [
        [await plainPhoto('jpeg', 64, 48), 'a.jpg'],
        [await plainPhoto('jpeg', 64, 48), 'b.jpg'],
      ]).expect(201)
    ).body;
    await putReport(id, { summary: 'Cracks.', sections: [section({ observations: [{ distanceM: 1, code: 'crack', photoIds: [shown.id] }] })] }).expect(200);
    await sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth).expect(200);
    const refused = await sut.http().delete(`/api/admin/jobs/${id}/photos/${shown.id}`).set(admin.auth).expect(409);
    expect(refused.body.message).toBe('This photo is in the published report.');

    await putReport(id, {
      summary: 'Cracks.',
      sections: [section({ observations: [{ distanceM: 1, code: 'crack', photoIds: [shown.id, spare.id] }] })],
    }).expect(200);
    const filesBefore = (await storedFiles()).filter((file) => file.includes(spare.id));
    expect(filesBefore.length).toBe(4);
    await sut.http().delete(`/api/admin/jobs/${id}/photos/${spare.id}`).set(admin.auth).expect(204);
    const report = (await sut.http().get(`/api/admin/jobs/${id}/report`).set(admin.auth).expect(200)).body;
    expect(report.sections[0].observations[0].photoIds).toEqual([shown.id]);
    expect(report.photos.map((photo: { id: string }) => photo.id)).toEqual([shown.id]);
    expect((await storedFiles()).filter((file) => file.includes(spare.id))).toEqual([]);
    await sut.http().delete(`/api/admin/jobs/${id}/photos/${spare.id}`).set(admin.auth).expect(404);
  });

  it('shows the customer nothing private before unlocking, the published report after, and never to another job’s cookie', async () => {
    const { id, trackingCode, jobNumber } = await job();
    const [shown, unused] = (
      await upload(id, [
        [await plainPhoto('jpeg', 500, 375), 'roots.jpg'],
        [await plainPhoto('jpeg', 64, 48), 'unused.jpg'],
      ]).expect(201)
    ).body;
    const summary = 'Secret summary: roots at 3.2 m.';
    const note = 'Private note about the joint';
    await putReport(id, {
      summary,
      sections: [section({ observations: [{ distanceM: 3.2, code: 'root_intrusion', note, photoIds: [shown.id] }] })],
    }).expect(200);

    // Before publishing: locked, then 404 once unlocked.
    await sut.http().get(`/api/job-status/${trackingCode}/report`).expect(403);
    const cookie = await unlock(trackingCode);
    const none = await sut.http().get(`/api/job-status/${trackingCode}/report`).set('cookie', cookie).expect(404);
    expect(none.body.message).toBe('No report has been published yet.');
    await sut.http().post(`/api/admin/jobs/${id}/report/publish`).set(admin.auth).expect(200);

    const routes = [
      `/api/job-status/${trackingCode}/report`,
      `/api/job-status/${trackingCode}/report.pdf`,
      `/api/job-status/${trackingCode}/photos/${shown.id}/480.jpg`,
    ];
    for (const route of routes) {
      const locked = await sut.http().get(route).expect(403);
      expect(locked.body.message).toBe(LOCKED);
      expect(locked.headers['cache-control']).toBe('no-store');
      expect(JSON.stringify(locked.body)).not.toContain(shown.id);
    }
    const status = await sut.http().get(`/api/job-status/${trackingCode}`).expect(200);
    expect(status.body).toMatchObject({ hasReport: true, unlocked: false });
    const statusText = JSON.stringify(status.body);
    for (const secret of [summary, note, 'Boundary trap', 'Kitchen junction', 'Root intrusion', shown.id, unused.id]) expect(statusText).not.toContain(secret);

    // Another job's cookie opens nothing here.
    const other = await job();
    const otherCookie = await unlock(other.trackingCode);
    for (const route of routes) await sut.http().get(route).set('cookie', otherCookie).expect(403);

    const report = await sut.http().get(`/api/job-status/${trackingCode}/report`).set('cookie', cookie).expect(200);
    expect(report.headers['cache-control']).toBe('no-store');
    expect(report.headers['x-robots-tag']).toBe('noindex');
    expect(report.body).toEqual({
      jobNumber,
      version: 1,
      publishedAt: expect.any(String),
      summary: 'Secret summary: roots at 3.2 m.',
      sections: [
        expect.objectContaining({
          from: 'Boundary trap',
          to: 'Kitchen junction',
          materialLabel: 'Vitrified clay',
          observations: [{ distanceM: 3.2, code: 'root_intrusion', note, photoIds: [shown.id], label: 'Root intrusion' }],
          structural: { grade: 4, label: 'Serious damage', meaning: 'The pipe is failing. Repair it soon to avoid blockages and leaks.' },
          service: { grade: 3, label: 'Partly blocked', meaning: 'The flow is reduced. Expect slow drains until it is fixed.' },
          recommendationText: 'Reline 12.5 m',
        }),
      ],
      photos: [shown],
      pdfUrl: `/api/job-status/${trackingCode}/report.pdf`,
    });
    const pdf = await sut.http().get(`/api/job-status/${trackingCode}/report.pdf`).set('cookie', cookie).buffer(true).parse(binaryParser).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((pdf.body as Buffer).toString('latin1')).toContain(jobNumber);

    const photo = await sut.http().get(`/api/job-status/${trackingCode}/photos/${shown.id}/480.webp`).set('cookie', cookie).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(photo.headers['x-robots-tag']).toBe('noindex');
    // A photo of the job the report does not show, and a width it was not made in, are not the customer's.
    await sut.http().get(`/api/job-status/${trackingCode}/photos/${unused.id}/64.jpg`).set('cookie', cookie).expect(404);
    await sut.http().get(`/api/job-status/${trackingCode}/photos/${shown.id}/800.jpg`).set('cookie', cookie).expect(404);
  });
});
