import { jest } from '@jest/globals';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PhotoDecoder, PHOTOS_BUSY_MESSAGE } from '../../src/common/images/photo-decoder.js';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../src/modules/referrals/photos.service.js';
import { createUser, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { buildHeic, gpsTags, GPS_XMP, HEVC_PAYLOAD, photoWithGps, plainPhoto, tiffWithGps } from '../support/image-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { holdPool } from '../support/worker-pool.js';

/**
 * Referral photo uploads against the real endpoint, on a data folder of the test's own so every
 * file on disk can be accounted for: size and count limits, content that is not the image it claims
 * to be, polyglots, metadata (GPS) removal, and how photos are served and to whom.
 */

const referral = {
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
  serviceTypes: { cleanView: true, reline: false },
};

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
const ZIP = Buffer.concat([
  Buffer.from('PK\x03\x04\x14\0\0\0\0\0', 'latin1'),
  Buffer.alloc(20, 0),
  Buffer.from('evil.class', 'latin1'),
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.alloc(18, 0),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

type Upload = { content: Buffer; name: string; type?: string };

const errorFormat = (statusCode: number, code: string) => ({ statusCode, code, message: expect.any(String), correlationId: expect.any(String) });

async function createReferral(app: TestApp, as: SignedIn): Promise<string> {
  return (await app.http().post('/api/me/referrals').set(as.auth).send(referral).expect(201)).body.id;
}

function sendPhotos(app: TestApp, referralId: string, files: Upload[], as: SignedIn) {
  const request = app.http().post(`/api/me/referrals/${referralId}/photos`).set(as.auth);
  for (const file of files) request.attach('photos', file.content, { filename: file.name, contentType: file.type ?? 'application/octet-stream' });
  return request;
}

async function listen(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.app.getHttpServer().address() as AddressInfo).port;
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: unknown };

/**
 * A photo upload over its own connection, its body sent piece by piece as the test says: `startFile(i,
 * bytes)` sends file i's part headers and its first bytes (the part before it thereby complete),
 * `answer` is the server's response, whenever it comes. Content-Length announces the whole body.
 */
function openUpload(port: number, referralId: string, as: SignedIn, photos: Buffer[]) {
  const boundary = 'photo-upload-boundary';
  const heads = photos.map((_, i) =>
    Buffer.from(
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = [...heads, ...photos, end].reduce((sum, piece) => sum + piece.length, 0);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/me/referrals/${referralId}/photos`,
    headers: { ...as.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
  });
  request.on('error', () => undefined);
  const answer = (async (): Promise<Answer> => {
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    request.destroy();
    return { status: response.statusCode!, headers: response.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  })();
  return {
    startFile: (index: number, bytes = photos[index]!.length) => void request.write(Buffer.concat([heads[index]!, photos[index]!.subarray(0, bytes)])),
    answer,
  };
}

/**
 * Starts a 10 MB photo upload and sends only its first 64 kB, then waits for the server's answer: an
 * answer can only come from checks made before the photo is read, let alone decoded.
 */
function answerBeforeTheBody(port: number, referralId: string, as: SignedIn): Promise<Answer> {
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_PHOTO_BYTES - 1024, 0x41)]);
  const upload = openUpload(port, referralId, as, [photo]);
  upload.startFile(0, 64 * 1024);
  return upload.answer;
}

/** Waits (checking every few milliseconds, for at most 5 s) until `condition` holds. */
async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('photo uploads (security)', () => {
  let dataDir: string;
  let sut: TestApp;
  let plumberA: SignedIn;
  let plumberB: SignedIn;
  let admin: SignedIn;
  let jpeg: Buffer;
  let png: Buffer;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
    [jpeg, png] = await Promise.all([plainPhoto('jpeg'), plainPhoto('png')]);
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', DATA_DIR: dataDir } });
    port = await listen(sut);
    plumberA = await signIn(sut, await createUser(sut.dataSource, { email: 'alice@plumbing.com.au' }));
    plumberB = await signIn(sut, await createUser(sut.dataSource, { email: 'bob@plumbing.com.au' }));
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'programme@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newReferral(): Promise<string> {
    return (await sut.http().post('/api/me/referrals').set(plumberA.auth).send(referral).expect(201)).body.id;
  }

  function upload(referralId: string, files: Upload[], as: SignedIn = plumberA) {
    const request = sut.http().post(`/api/me/referrals/${referralId}/photos`).set(as.auth);
    for (const file of files) request.attach('photos', file.content, { filename: file.name, contentType: file.type ?? 'application/octet-stream' });
    return request;
  }

  /** Every file under the uploads folder, as storage keys. */
  async function filesOnDisk(): Promise<string[]> {
    const entries = await readdir(sut.config.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(sut.config.uploadsDir, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  async function storedKeys(): Promise<string[]> {
    const rows: Array<{ key: string }> = await sut.dataSource.query(`SELECT storage_key AS key FROM referral_photos ORDER BY storage_key`);
    return rows.map((row) => row.key);
  }

  /** Nothing of the refused request is kept: no row, no event, and no file on disk without its row. */
  async function expectNothingStored(referralId: string, photosBefore = 0): Promise<void> {
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referral_photos WHERE referral_id = $1`, [referralId]);
    expect(count).toBe(photosBefore);
    const [{ events }] = await sut.dataSource.query(`SELECT count(*)::int AS events FROM referral_events WHERE referral_id = $1 AND kind = 'photo'`, [
      referralId,
    ]);
    expect(events).toBe(photosBefore);
    expect(await filesOnDisk()).toEqual(await storedKeys());
  }

  async function storedPhoto(referralId: string, photoId: string): Promise<{ disk: Buffer; served: Buffer; contentType: string }> {
    const [row] = await sut.dataSource.query(`SELECT storage_key AS key, content_type AS "contentType" FROM referral_photos WHERE id = $1`, [photoId]);
    const disk = await readFile(path.join(sut.config.uploadsDir, row.key));
    const response = await sut.http().get(`/api/me/referrals/${referralId}/photos/${photoId}`).set(plumberA.auth).expect(200);
    return { disk, served: Buffer.from(response.body), contentType: row.contentType };
  }

  describe('limits', () => {
    it(`refuses a file over ${MAX_PHOTO_BYTES / 1024 / 1024} MB with 413 in the error format, keeps nothing and stays up`, async () => {
      const id = await newReferral();
      const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length, 0x41)]);
      const response = await upload(id, [
        { content: jpeg, name: 'ok.jpg' },
        { content: big, name: 'huge.jpg', type: 'image/jpeg' },
      ]);
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ ...errorFormat(413, 'PHOTO_TOO_LARGE'), message: 'Each photo can be at most 10 MB.' });
      await sut.http().get('/api/health').expect(200);
      await expectNothingStored(id);
    });

    it(`refuses ${MAX_PHOTOS + 1} photos at once with a clear message`, async () => {
      const id = await newReferral();
      const files = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({ content: jpeg, name: `p${i}.jpg`, type: 'image/jpeg' }));
      const response = await upload(id, files);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ...errorFormat(400, 'VALIDATION_FAILED'), message: 'A referral can have at most 5 photos: choose 5 or fewer.' });
      await expectNothingStored(id);
    });

    it(`refuses one more photo when a referral already has ${MAX_PHOTOS}`, async () => {
      const id = await newReferral();
      await upload(
        id,
        Array.from({ length: MAX_PHOTOS }, (_, i) => ({ content: png, name: `p${i}.png`, type: 'image/png' })),
      ).expect(201);
      const response = await upload(id, [{ content: jpeg, name: 'sixth.jpg', type: 'image/jpeg' }]);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ...errorFormat(400, 'VALIDATION_FAILED'), message: 'A referral can have at most 5 photos (5 already added).' });
      await expectNothingStored(id, MAX_PHOTOS);
    });
  });

  describe('every check that needs no decoding comes first: a refused upload decodes nothing', () => {
    const decoded = () => sut.app.get(PhotoDecoder).pool.completed;
    const notPhotos = (count: number) => Array.from({ length: count }, (_, i) => ({ content: HTML, name: `p${i}.jpg`, type: 'image/jpeg' }));

    it(`refuses ${MAX_PHOTOS + 1} files at once for their number, whatever they hold, decoding none`, async () => {
      const id = await newReferral();
      const before = decoded();
      const response = await upload(id, notPhotos(MAX_PHOTOS + 1));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ...errorFormat(400, 'VALIDATION_FAILED'), message: 'A referral can have at most 5 photos: choose 5 or fewer.' });
      expect(decoded()).toBe(before);
      await expectNothingStored(id);
    });

    it('counts the photos a referral has already with the files sent, refusing the first one past its room, decoding none', async () => {
      const id = await newReferral();
      await upload(id, [
        { content: png, name: 'a.png', type: 'image/png' },
        { content: png, name: 'b.png', type: 'image/png' },
      ]).expect(201);
      const before = decoded();
      const response = await upload(id, notPhotos(4));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ...errorFormat(400, 'VALIDATION_FAILED'), message: 'A referral can have at most 5 photos (2 already added).' });
      expect(decoded()).toBe(before);
      await expectNothingStored(id, 2);
    });

    it(`answers a referral holding ${MAX_PHOTOS} photos before a byte of the new photo is read`, async () => {
      const id = await newReferral();
      await upload(
        id,
        Array.from({ length: MAX_PHOTOS }, (_, i) => ({ content: png, name: `p${i}.png`, type: 'image/png' })),
      ).expect(201);
      const before = decoded();
      const response = await answerBeforeTheBody(port, id, plumberA);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ...errorFormat(400, 'VALIDATION_FAILED'), message: 'A referral can have at most 5 photos (5 already added).' });
      expect(decoded()).toBe(before);
      await expectNothingStored(id, MAX_PHOTOS);
    }, 10_000);

    it("answers another plumber's referral (404) before a byte of the photo is read", async () => {
      const id = await newReferral();
      const response = await answerBeforeTheBody(port, id, plumberB);
      expect(response).toMatchObject({ status: 404, body: errorFormat(404, 'NOT_FOUND') });
    }, 10_000);

    it('refuses a file that is no photo by its first bytes before decoding the real photos beside it', async () => {
      const id = await newReferral();
      const before = decoded();
      const response = await upload(id, [
        { content: jpeg, name: 'real.jpg', type: 'image/jpeg' },
        { content: PDF, name: 'scan.jpg', type: 'image/jpeg' },
      ]);
      expect(response.status).toBe(415);
      expect(response.body.errors).toEqual([{ field: 'photos', message: 'scan.jpg is not a JPEG, PNG, WebP or HEIC image.' }]);
      expect(decoded()).toBe(before);
      await expectNothingStored(id);
    });

    it('decodes the photos it keeps on the decoding threads', async () => {
      const id = await newReferral();
      const before = decoded();
      await upload(id, [
        { content: jpeg, name: 'a.jpg', type: 'image/jpeg' },
        { content: png, name: 'b.png', type: 'image/png' },
      ]).expect(201);
      expect(decoded()).toBe(before + 2);
    });
  });

  describe('content that is not the image it claims to be: 415, nothing kept', () => {
    const SIGNED_JPEG_HTML = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), HTML]);
    const SIGNED_PNG_PDF = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), PDF]);

    it.each<[string, () => Upload]>([
      ['HTML named .jpg', () => ({ content: HTML, name: 'photo.jpg', type: 'image/jpeg' })],
      ['a PDF named .jpg', () => ({ content: PDF, name: 'photo.jpg', type: 'image/jpeg' })],
      ['a ZIP named .jpg', () => ({ content: ZIP, name: 'photo.jpg', type: 'image/jpeg' })],
      ['an SVG', () => ({ content: SVG, name: 'drawing.svg', type: 'image/svg+xml' })],
      ['an SVG sent as image/svg+xml named .png', () => ({ content: SVG, name: 'photo.png', type: 'image/svg+xml' })],
      ['an SVG sent as image/png', () => ({ content: SVG, name: 'photo.png', type: 'image/png' })],
      ['HTML behind a JPEG signature (not decodable)', () => ({ content: SIGNED_JPEG_HTML, name: 'photo.jpg', type: 'image/jpeg' })],
      ['a PDF behind a PNG signature', () => ({ content: SIGNED_PNG_PDF, name: 'photo.png', type: 'image/png' })],
      ['HTML behind a HEIC file type box', () => ({ content: Buffer.concat([buildHeic().subarray(0, 24), HTML]), name: 'photo.heic', type: 'image/heic' })],
      ['a JPEG cut short', () => ({ content: jpeg.subarray(0, 120), name: 'photo.jpg', type: 'image/jpeg' })],
    ])('refuses %s', async (_name, file) => {
      const id = await newReferral();
      const response = await upload(id, [{ content: jpeg, name: 'good.jpg', type: 'image/jpeg' }, file()]);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        ...errorFormat(415, 'UNSUPPORTED_PHOTO'),
        message: 'Photos must be JPEG, PNG, WebP or HEIC images.',
        errors: [{ field: 'photos', message: expect.stringMatching(/is not a JPEG, PNG, WebP or HEIC image\.$/) }],
      });
      await expectNothingStored(id);
    });
  });

  describe('polyglots that are also real images: stored re-written, without what rode along', () => {
    it.each<[string, () => Promise<Buffer>, string, Buffer]>([
      ['a JPEG followed by HTML', async () => Buffer.concat([jpeg, HTML]), 'jpeg', HTML],
      ['a JPEG with a ZIP appended (GIFAR-style)', async () => Buffer.concat([jpeg, ZIP]), 'jpeg', ZIP],
      ['a PNG with a trailing <script>', async () => Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), 'png', Buffer.from('<script>')],
      ['a HEIC with HTML inside mdat and a ZIP after it', async () => buildHeic({ mdatJunk: HTML, trailing: ZIP }), 'heif', HTML],
    ])('%s', async (_name, make, format, rider) => {
      const id = await newReferral();
      const response = await upload(id, [{ content: await make(), name: 'photo.bin', type: 'application/octet-stream' }]).expect(201);
      const { disk, served } = await storedPhoto(id, response.body[0].id);
      for (const stored of [disk, served]) {
        expect(stored.includes(rider)).toBe(false);
        expect(stored.includes('<script')).toBe(false);
        expect(stored.includes('PK\x03\x04')).toBe(false);
        expect((await sharp(stored).metadata()).format).toBe(format);
      }
    });
  });

  describe('location and other metadata are stripped from stored photos', () => {
    it.each([
      ['JPEG', 'jpeg', 'image/jpeg'],
      ['PNG', 'png', 'image/png'],
      ['WebP', 'webp', 'image/webp'],
    ] as const)('%s: no EXIF, XMP or GPS on disk or served; same type and size', async (_name, format, contentType) => {
      const id = await newReferral();
      const original = await photoWithGps(format, { width: 60, height: 40 });
      const before = await sharp(original).metadata();
      expect(gpsTags(before.exif).length).toBeGreaterThan(0);
      expect(before.xmp?.toString()).toContain('GPSLatitude');

      const response = await upload(id, [{ content: original, name: `site.${format}`, type: contentType }]).expect(201);
      expect(response.body[0].contentType).toBe(contentType);
      const { disk, served } = await storedPhoto(id, response.body[0].id);
      expect(served.equals(disk)).toBe(true);
      const after = await sharp(disk).metadata();
      expect(after).toMatchObject({ format, width: 60, height: 40 });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(disk.includes('GPSLatitude')).toBe(false);
      expect(disk.includes('Acme')).toBe(false);
      // Still decodes as a whole image.
      expect((await sharp(disk).raw().toBuffer({ resolveWithObject: true })).info).toMatchObject({ width: 60, height: 40 });
    });

    it('a photo taken sideways is stored upright (EXIF orientation applied, tag gone)', async () => {
      const id = await newReferral();
      const response = await upload(id, [
        { content: await photoWithGps('jpeg', { width: 60, height: 40, orientation: 6 }), name: 'side.jpg', type: 'image/jpeg' },
      ]).expect(201);
      const after = await sharp((await storedPhoto(id, response.body[0].id)).disk).metadata();
      expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
      expect(after.orientation).toBeUndefined();
    });

    it('HEIC: the Exif item holds no GPS and the XMP is blank, on disk and served; image data and size kept', async () => {
      const id = await newReferral();
      const original = buildHeic({ width: 120, height: 90, exif: tiffWithGps(), xmp: GPS_XMP });
      expect(gpsTags((await sharp(original).metadata()).exif)).toEqual([1, 3]);

      const response = await upload(id, [{ content: original, name: 'IMG_0001.HEIC', type: 'image/heic' }]).expect(201);
      expect(response.body[0].contentType).toBe('image/heic');
      const { disk, served } = await storedPhoto(id, response.body[0].id);
      expect(served.equals(disk)).toBe(true);
      const after = await sharp(disk).metadata();
      expect(after).toMatchObject({ format: 'heif', compression: 'hevc', width: 120, height: 90 });
      expect(gpsTags(after.exif)).toEqual([]);
      expect(disk.includes('GPSLatitude')).toBe(false);
      expect(disk.includes(HEVC_PAYLOAD)).toBe(true);
    });
  });

  describe('serving', () => {
    it('answers with the detected type, nosniff, a name of ours and a sandboxing CSP, to the owner and staff only', async () => {
      const id = await newReferral();
      const response = await upload(id, [{ content: png, name: '"><script>alert(1)</script>.html', type: 'text/html' }]).expect(201);
      const photoId = response.body[0].id;
      const expectSafe = (headers: Record<string, string>) => {
        expect(headers['content-type']).toBe('image/png');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['content-disposition']).toBe(`inline; filename="photo-${photoId}.png"`);
        expect(headers['content-security-policy']).toMatch(/default-src 'none'/);
        expect(headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
        expect(headers['cache-control']).toMatch(/^private/);
      };
      expectSafe((await sut.http().get(`/api/me/referrals/${id}/photos/${photoId}`).set(plumberA.auth).expect(200)).headers);
      expectSafe((await sut.http().get(`/api/admin/referrals/${id}/photos/${photoId}`).set(admin.auth).expect(200)).headers);

      await sut.http().get(`/api/me/referrals/${id}/photos/${photoId}`).set(plumberB.auth).expect(404);
      await sut.http().get(`/api/me/referrals/${id}/photos/${photoId}`).expect(401);
      await sut.http().get(`/api/admin/referrals/${id}/photos/${photoId}`).expect(401);
      await sut.http().get(`/api/admin/referrals/${id}/photos/${photoId}`).set(plumberA.auth).expect(403);
      // Another referral's id with this photo: not found.
      await sut
        .http()
        .get(`/api/me/referrals/${await newReferral()}/photos/${photoId}`)
        .set(plumberA.auth)
        .expect(404);
      // Nor can another plumber add photos to it.
      await upload(id, [{ content: png, name: 'b.png', type: 'image/png' }], plumberB).expect(404);
    });
  });
});

describe('photo decoding off the request path, on a bounded queue', () => {
  let dataDir: string;
  let sut: TestApp;
  let decoder: PhotoDecoder;
  let port: number;
  let plumber: SignedIn;
  let jpeg: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-queue-test-'));
    jpeg = await plainPhoto('jpeg');
    // One decoding thread and room for 5 photos waiting: filled in the tests by tasks that hold it.
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', DATA_DIR: dataDir, PHOTO_WORKERS: '1', PHOTO_QUEUE_LIMIT: '5' } });
    decoder = sut.app.get(PhotoDecoder);
    port = await listen(sut);
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'carol@plumbing.com.au' }));
  });

  afterAll(async () => {
    await sut.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const photoCount = async (referralId: string) =>
    (await sut.dataSource.query(`SELECT count(*)::int AS count FROM referral_photos WHERE referral_id = $1`, [referralId]))[0].count as number;

  it('answers 503 with Retry-After in the error format at once while the queue is full, before the body is read; the same upload goes through once it moves', async () => {
    const id = await createReferral(sut, plumber);
    const held = await holdPool(decoder.pool, { threads: 1, queued: 5 });
    try {
      const early = await answerBeforeTheBody(port, id, plumber);
      expect(early.status).toBe(503);
      expect(early.body).toEqual({ ...errorFormat(503, 'PHOTOS_BUSY'), message: PHOTOS_BUSY_MESSAGE });
      expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);

      const whole = await sendPhotos(sut, id, [{ content: jpeg, name: 'site.jpg', type: 'image/jpeg' }], plumber);
      expect(whole.status).toBe(503);
      expect(whole.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(whole.body).toEqual({ ...errorFormat(503, 'PHOTOS_BUSY'), message: PHOTOS_BUSY_MESSAGE });
      expect(decoder.pool.queueSize).toBe(5);
      expect(await photoCount(id)).toBe(0);
      // Everything else is answered as usual meanwhile.
      await sut.http().post('/api/auth/login').send({ email: 'carol@plumbing.com.au', password: PASSWORD }).expect(200);
      await sut.http().get('/').expect(200);
    } finally {
      await held.release();
    }
    await sendPhotos(sut, id, [{ content: jpeg, name: 'site.jpg', type: 'image/jpeg' }], plumber).expect(201);
    expect(await photoCount(id)).toBe(1);
  }, 15_000);

  it('refuses at once an upload the queue has no room for, as many photos as the referral still takes, before the body is read', async () => {
    const id = await createReferral(sut, plumber);
    // Room for 2 photos: the referral takes 5.
    const held = await holdPool(decoder.pool, { threads: 1, queued: 3 });
    try {
      const response = await answerBeforeTheBody(port, id, plumber);
      expect(response).toMatchObject({ status: 503, body: errorFormat(503, 'PHOTOS_BUSY') });
      expect(decoder.pool.queueSize).toBe(3);
      expect(await photoCount(id)).toBe(0);
    } finally {
      await held.release();
    }
  }, 10_000);

  it('takes an upload the queue has room for: as many photos as the referral still takes wait their turn', async () => {
    const id = await createReferral(sut, plumber);
    await sendPhotos(
      sut,
      id,
      Array.from({ length: 3 }, (_, i) => ({ content: jpeg, name: `p${i}.jpg`, type: 'image/jpeg' })),
      plumber,
    ).expect(201);
    const held = await holdPool(decoder.pool, { threads: 1, queued: 3 });
    let upload;
    try {
      upload = sendPhotos(
        sut,
        id,
        [
          { content: jpeg, name: 'a.jpg', type: 'image/jpeg' },
          { content: jpeg, name: 'b.jpg', type: 'image/jpeg' },
        ],
        plumber,
      ).then((response) => response);
      await waitUntil(() => decoder.pool.queueSize === 5);
    } finally {
      await held.release();
    }
    expect((await upload).status).toBe(201);
    expect(await photoCount(id)).toBe(5);
  });

  it('refuses an upload whose room in the queue was taken while its photos arrived, as its next photo starts', async () => {
    const id = await createReferral(sut, plumber);
    const heldThread = await holdPool(decoder.pool, { threads: 1, queued: 0 });
    const checks = jest.spyOn(decoder, 'assertRoom');
    const filling = [];
    try {
      const upload = openUpload(port, id, plumber, [jpeg, jpeg]);
      upload.startFile(0);
      // The room the referral takes was there before the body, and still as the first photo started...
      await waitUntil(() => checks.mock.calls.length === 2);
      expect(checks.mock.calls).toEqual([[5], [1]]);
      // ...then another upload takes the queue.
      filling.push(await holdPool(decoder.pool, { threads: 0, queued: 5 }));
      upload.startFile(1, 16);
      const response = await upload.answer;
      expect(response).toMatchObject({ status: 503, body: errorFormat(503, 'PHOTOS_BUSY') });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(decoder.pool.queueSize).toBe(5);
      expect(await photoCount(id)).toBe(0);
    } finally {
      checks.mockRestore();
      await heldThread.release();
      for (const held of filling) await held.release();
    }
  }, 10_000);

  it(`still answers a referral holding ${MAX_PHOTOS} photos with 400 while the queue is full: the count comes first`, async () => {
    const id = await createReferral(sut, plumber);
    await sendPhotos(
      sut,
      id,
      Array.from({ length: MAX_PHOTOS }, (_, i) => ({ content: jpeg, name: `p${i}.jpg`, type: 'image/jpeg' })),
      plumber,
    ).expect(201);
    const held = await holdPool(decoder.pool, { threads: 1, queued: 5 });
    try {
      const response = await sendPhotos(sut, id, [{ content: jpeg, name: 'sixth.jpg', type: 'image/jpeg' }], plumber);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'A referral can have at most 5 photos (5 already added).' });
    } finally {
      await held.release();
    }
  });
});

describe('photo upload rate limits', () => {
  let sut: TestApp;
  let plumbers: SignedIn[];

  beforeAll(async () => {
    sut = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    plumbers = [];
    for (const name of ['dan', 'erin', 'finn', 'gail'])
      plumbers.push(await signIn(sut, await createUser(sut.dataSource, { email: `${name}@plumbing.com.au` })));
  });

  afterAll(async () => {
    await sut.close();
  });

  beforeEach(async () => {
    await sut.dataSource.query(`DELETE FROM rate_limit_hits`);
  });

  /** An upload attempt that is counted and then refused cheaply (no such referral: 404), from `ip`. */
  const attempt = (as: SignedIn, ip: string) =>
    sut.http().post(`/api/me/referrals/00000000-0000-4000-8000-000000000000/photos`).set(as.auth).set('X-Forwarded-For', ip).send({});

  const expectLimited = (response: { status: number; body: unknown; headers: Record<string, string> }) => {
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject(errorFormat(429, 'RATE_LIMITED'));
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('counts each account across addresses: 10 a minute and 30 an hour, then 429 with Retry-After; other accounts go on', async () => {
    const [dan, erin] = plumbers as [SignedIn, SignedIn];
    for (let i = 0; i < 10; i += 1) expect((await attempt(dan, `203.0.113.${i}`)).status).toBe(404);
    expectLimited(await attempt(dan, '203.0.113.200'));
    expect((await attempt(erin, '203.0.113.1')).status).toBe(404);

    // The hour: 30, each minute's counters cleared as if a minute had passed.
    for (let minute = 1; minute < 3; minute += 1) {
      await sut.dataSource.query(`DELETE FROM rate_limit_hits WHERE key LIKE '%:minute'`);
      for (let i = 0; i < 10; i += 1) expect((await attempt(dan, `198.51.100.${minute * 10 + i}`)).status).toBe(404);
    }
    await sut.dataSource.query(`DELETE FROM rate_limit_hits WHERE key LIKE '%:minute'`);
    const hourly = await attempt(dan, '198.51.100.99');
    expectLimited(hourly);
    expect(hourly.body).toMatchObject({ message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes\.$/) });
  });

  it('counts each address across accounts: 20 a minute, then 429; other addresses go on', async () => {
    for (let i = 0; i < 20; i += 1) expect((await attempt(plumbers[i % 3]!, '192.0.2.7')).status).toBe(404);
    expectLimited(await attempt(plumbers[3]!, '192.0.2.7'));
    expect((await attempt(plumbers[3]!, '192.0.2.8')).status).toBe(404);
  });
});
