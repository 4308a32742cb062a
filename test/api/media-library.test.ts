import { readdir } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { buildHeic, gpsTags, photoWithGps, plainPhoto } from '../support/image-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A landscape photo a little wider than the largest width served, with GPS in its metadata. */
const landscape = () => photoWithGps('jpeg', { width: 2100, height: 1400 });

/** Waits for a condition that another instance or a notification makes true (no fixed sleeps). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

/** The media library, the pages' image slots and the company profile (issue 14), against real PostgreSQL and a page renderer. */
describe('media library and image slots', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', UPLOADS_DIR: uploadsDir, PUBLIC_SITE_DIR: 'test/fixtures/public-site-rendered' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'media-admin@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  const upload = (file: Buffer, fields: Record<string, string> = { altText: 'Our crew relining a sewer in Richmond' }, name = 'crew.jpg') => {
    let call = sut.http().post('/api/admin/media').set(admin.auth);
    for (const [key, value] of Object.entries(fields)) call = call.field(key, value);
    return call.attach('file', file, name);
  };
  const mediaCount = async () => Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM media_images`))[0].n);
  const storedFiles = async () => (await readdir(uploadsDir, { recursive: true })).filter((entry) => /\.[a-z]+$/.test(entry));

  it('publishes an upload in every width and format, without its metadata, served for a year', async () => {
    const response = await upload(await landscape()).expect(201);
    const image = response.body;
    expect(image).toMatchObject({
      altText: 'Our crew relining a sewer in Richmond',
      width: 2100,
      height: 1400,
      widths: [480, 800, 1200, 1600, 2000],
      showsCustomerProperty: false,
      usedIn: [],
      archivedAt: null,
      thumbnailUrl: `/media/${image.id}/480.jpg`,
    });
    for (const [file, type] of [
      ['800.avif', 'image/avif'],
      ['800.webp', 'image/webp'],
      ['2000.jpg', 'image/jpeg'],
    ] as const) {
      const served = await sut.http().get(`/media/${image.id}/${file}`).buffer(true).expect(200).expect('content-type', type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.body as Buffer).metadata();
      expect(metadata.width).toBe(Number(file.split('.')[0]));
      expect(metadata.height).toBe(Math.round((Number(file.split('.')[0]) * 1400) / 2100));
      expect(gpsTags(metadata.exif)).toEqual([]);
      expect(metadata.xmp).toBeUndefined();
    }
    // Only what was published: no other width, no other format, no guessing at files.
    for (const file of ['2100.jpg', '800.png', 'original.jpg', '800.AVIF', '..%2F..%2Fetc.jpg']) await sut.http().get(`/media/${image.id}/${file}`).expect(404);
    await sut.http().get(`/media/00000000-0000-4000-8000-000000000000/800.jpg`).expect(404);
  });

  it('serves a photo narrower than every width at its own width only', async () => {
    const small = (await upload(await plainPhoto('png', 320, 200), { altText: 'A small logo' }, 'logo.png').expect(201)).body;
    expect(small.widths).toEqual([320]);
    await sut.http().get(`/media/${small.id}/320.webp`).expect(200).expect('content-type', 'image/webp');
  });

  it.each([
    [{}, 'altText', 'Please describe the photo for people who cannot see it (alt text, at most 250 characters)'],
    [{ altText: '   ' }, 'altText', 'Please describe the photo for people who cannot see it (alt text, at most 250 characters)'],
    [
      { altText: 'Front yard after the reline', showsCustomerProperty: 'true' },
      'consentNote',
      "Please record the owner's consent (who gave it, and when) for a photo of a customer's property",
    ],
  ])('refuses an upload whose fields are incomplete (%j), keeping nothing', async (fields, field, message) => {
    const before = await mediaCount();
    const filesBefore = (await storedFiles()).length;
    const response = await upload(await landscape(), fields as Record<string, string>).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field, message }] });
    expect(await mediaCount()).toBe(before);
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it('refuses a file that is not a photo by its bytes (415), and HEIC with a way forward', async () => {
    const before = await mediaCount();
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), undefined, 'photo.jpg').expect(415);
    expect(text.body.errors).toEqual([{ field: 'file', message: 'The file is not a JPEG, PNG or WebP image.' }]);
    const heic = await upload(buildHeic(), undefined, 'IMG_0001.heic').expect(415);
    expect(heic.body.message).toBe('HEIC photos cannot be published on the website: please upload a JPEG, PNG or WebP photo');
    const none = await sut.http().post('/api/admin/media').set(admin.auth).field('altText', 'Nothing attached').expect(400);
    expect(none.body.errors).toEqual([{ field: 'file', message: 'Choose a photo to upload' }]);
    expect(await mediaCount()).toBe(before);
  });

  it('records consent for a photo of a customer property, and keeps the describing fields editable', async () => {
    const image = (
      await upload(await landscape(), {
        altText: 'Back yard in Toowong after the reline',
        caption: 'No trench, lawn untouched',
        showsCustomerProperty: 'true',
        consentNote: 'Emma Wilson agreed by e-mail on 3 November 2026',
      }).expect(201)
    ).body;
    expect(image).toMatchObject({
      showsCustomerProperty: true,
      consentNote: 'Emma Wilson agreed by e-mail on 3 November 2026',
      caption: 'No trench, lawn untouched',
    });
    const edited = await sut
      .http()
      .put(`/api/admin/media/${image.id}`)
      .set(admin.auth)
      .send({ ...image, altText: '  Lawn in Toowong, untouched after relining  ', showsCustomerProperty: true, consentNote: '' })
      .expect(400);
    expect(edited.body.errors[0].field).toBe('consentNote');
    const saved = await sut
      .http()
      .put(`/api/admin/media/${image.id}`)
      .set(admin.auth)
      .send({ ...image, altText: '  Lawn in Toowong, untouched after relining  ' })
      .expect(200);
    expect(saved.body.altText).toBe('Lawn in Toowong, untouched after relining');
  });

  it('shows a chosen photo on its page, refuses to archive it while shown, and serves the artwork again once the slot is emptied', async () => {
    const image = (await upload(await landscape(), { altText: 'Relining crew & van at a Richmond job' }).expect(201)).body;
    const before = await sut.http().get('/').expect(200);
    expect(before.text).toContain('Artwork in the hero');

    const slot = await sut.http().put('/api/admin/site-slots/home.hero').set(admin.auth).send({ imageId: image.id }).expect(200);
    expect(slot.body).toMatchObject({ id: 'home.hero', kind: 'image', label: 'Home page: hero', page: '/', imageId: image.id });
    const page = await sut
      .http()
      .get('/')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(page.text).toContain(`/media/${image.id}/480.avif 480w, /media/${image.id}/800.avif 800w`);
    expect(page.text).toContain('alt="Relining crew &amp; van at a Richmond job"');
    expect(page.text).not.toContain('Artwork in the hero');

    expect((await sut.http().get(`/api/admin/media/${image.id}`).set(admin.auth).expect(200)).body.usedIn).toEqual(['Home page: hero']);
    const refused = await sut.http().post(`/api/admin/media/${image.id}/archive`).set(admin.auth).expect(409);
    expect(refused.body.message).toBe('This photo is shown on the website (Home page: hero): choose another photo there first.');

    await sut.http().put('/api/admin/site-slots/home.hero').set(admin.auth).send({ imageId: null }).expect(200);
    expect((await sut.http().get('/').expect(200)).text).toContain('Artwork in the hero');
    await sut.http().post(`/api/admin/media/${image.id}/archive`).set(admin.auth).expect(200);
    // Archived: no longer served, and not offered for a slot.
    await sut.http().get(`/media/${image.id}/800.avif`).expect(404);
    const archivedChoice = await sut.http().put('/api/admin/site-slots/home.hero').set(admin.auth).send({ imageId: image.id }).expect(400);
    expect(archivedChoice.body.errors).toEqual([{ field: 'imageId', message: 'This photo is archived: restore it in the media library first' }]);
    await sut.http().post(`/api/admin/media/${image.id}/restore`).set(admin.auth).expect(200);
    await sut.http().get(`/media/${image.id}/800.avif`).expect(200);
  });

  it('lists every slot page by page, and checks a before-and-after pair', async () => {
    const slots = await sut.http().get('/api/admin/site-slots').set(admin.auth).expect(200);
    expect(slots.headers['content-range']).toMatch(/^site-slots 0-\d+\/\d+$/);
    const ids = slots.body.map((slot: { id: string }) => slot.id);
    expect(ids.slice(0, 4)).toEqual(['home.hero', 'home.pair.1', 'home.pair.2', 'home.pair.3']);
    expect(ids).toEqual(expect.arrayContaining(['about.team', 'about.vans', 'corporate.hero', 'rapidresin.gallery.1', 'rapidresin.gallery.8']));
    expect(slots.body[1]).toMatchObject({ kind: 'pair', title: 'Cracked Sewer Pipe', imageId: null, afterImageId: null });

    const refused = await sut.http().put('/api/admin/site-slots/home.pair.1').set(admin.auth).send({ imageId: null, title: ' ', description: 'x' }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'title', message: 'Please enter a title (at most 80 characters)' }]);
    await sut.http().put('/api/admin/site-slots/home.pair.1').set(admin.auth).send({ imageId: 'not-a-photo' }).expect(400);
    await sut.http().put('/api/admin/site-slots/no.such.slot').set(admin.auth).send({ imageId: null }).expect(404);
    const unknown = await sut
      .http()
      .put('/api/admin/site-slots/about.team')
      .set(admin.auth)
      .send({ imageId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'imageId', message: 'Choose a photo from the media library' }]);
  });

  it('is for staff only', async () => {
    await sut.http().get('/api/admin/media').expect(401);
    await sut.http().put('/api/admin/site-slots/home.hero').send({ imageId: null }).expect(401);
    await sut.http().get('/api/admin/company-profile').expect(401);
  });
});

describe('company profile', () => {
  let sut: TestApp;
  let second: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', PUBLIC_SITE_DIR: 'test/fixtures/public-site-rendered' } });
    // A second instance on the same database renders its pages with what the first one saved.
    second = await startTestApp({ databaseUrl: sut.databaseUrl, env: { RATE_LIMITS: 'off', PUBLIC_SITE_DIR: 'test/fixtures/public-site-rendered' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'profile-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await sut.close();
  });

  it('starts with nothing it could not back (the rating is computed from published reviews)', async () => {
    const profile = await sut.http().get('/api/admin/company-profile').set(admin.auth).expect(200);
    expect(profile.body).toEqual({
      legalName: '',
      abn: '',
      licences: [],
      insurer: '',
      insurancePolicy: '',
      establishedYear: null,
      serviceHours: '',
      socialLinks: [],
      reviewLinks: [],
    });
  });

  it.each([
    [{ abn: '51 824 753 557' }, 'abn', 'Please enter a valid 11-digit ABN'],
    [{ licences: [{ state: 'XYZ', number: 'PL1' }] }, 'licences[0].state', 'Please choose a state or territory'],
    [
      {
        licences: [
          { state: 'VIC', number: 'PL1' },
          { state: 'VIC', number: 'PL2' },
        ],
      },
      'licences[1].state',
      'Each state or territory can have only one licence number',
    ],
    [{ reviewLinks: [{ label: 'Google', url: 'http://example.com/reviews' }] }, 'reviewLinks[0].url', 'Please enter a web address starting with https://'],
    [{ establishedYear: 1850 }, 'establishedYear', `Please enter a year between 1900 and ${new Date().getFullYear()}, or leave it empty`],
  ])('refuses %j with its message, changing nothing', async (change, field, message) => {
    const response = await sut.http().put('/api/admin/company-profile').set(admin.auth).send(change).expect(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
    expect((await sut.http().get('/api/admin/company-profile').set(admin.auth).expect(200)).body.abn).toBe('');
  });

  it('saves a profile (normalised) and every instance renders its pages with it', async () => {
    const saved = await sut
      .http()
      .put('/api/admin/company-profile')
      .set(admin.auth)
      .send({
        legalName: '  Pipe Relining Australia Pty Ltd ',
        abn: '51 824 753 556',
        licences: [
          { state: 'VIC', number: ' 12345 ' },
          { state: 'NSW', number: 'L-98765' },
        ],
        insurer: 'QBE Insurance',
        insurancePolicy: 'PL-0042',
        establishedYear: 2009,
        serviceHours: 'Mon–Fri 7am–5pm',
        socialLinks: [{ label: 'Facebook', url: 'https://facebook.com/pipereliningaustralia' }],
        reviewLinks: [{ label: 'Google reviews', url: 'https://g.page/r/pipe-relining' }],
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      legalName: 'Pipe Relining Australia Pty Ltd',
      abn: '51824753556',
      licences: [
        { state: 'NSW', number: 'L-98765' },
        { state: 'VIC', number: '12345' },
      ],
    });
    expect((await sut.http().get('/about').expect(200)).text).toContain('Pipe Relining Australia Pty Ltd ABN 51824753556');
    await eventually(
      async () => (await second.http().get('/about')).text.includes('Pipe Relining Australia Pty Ltd ABN 51824753556'),
      'the second instance renders the profile',
    );
    // The 404 page carries the footer too, with its 404 status.
    expect((await second.http().get('/no-such-page').expect(404)).text).toContain('Pipe Relining Australia Pty Ltd');
  });
});
