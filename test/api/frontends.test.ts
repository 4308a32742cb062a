import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Serving both front ends on the API's port, against small fixture builds (test/fixtures). */
describe('front-end serving', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut.close());

  it.each([
    ['/', 'Fixture home page'],
    ['/about', 'Fixture about page'],
    ['/about/', 'Fixture about page'],
  ])('serves the prerendered page %s', async (path, text) => {
    const response = await sut
      .http()
      .get(path)
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(response.text).toContain(text);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the client-rendered shell for paths with parameters, marked noindex', async () => {
    const response = await sut.http().get('/job-status/booked-job1001-abc').expect(200);
    expect(response.text).toContain('Loading job details...');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each(['/no-such-page', '/about/team', '/index.html', '/routes.json/../404.html'])('answers %s with the 404 page and a 404 status', async (path) => {
    const response = await sut
      .http()
      .get(path)
      .expect(404)
      .expect('content-type', /text\/html/);
    expect(response.text).toContain('Oops! Page not found');
    expect(response.text).toContain('Return to Home');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await sut.http().get('/assets/app-abc123.js').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/admin', '/admin/', '/admin/bookings', '/admin/users/123/show'])('answers the console route %s with its index.html', async (path) => {
    const response = await sut.http().get(path).expect(200);
    expect(response.text).toContain('Staff console');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('serves the console assets', async () => {
    await sut
      .http()
      .get('/admin/assets/admin-abc123.js')
      .expect(200)
      .expect('content-type', /javascript/);
  });

  it('never serves files outside the build folders', async () => {
    const response = await sut.http().get('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('"dependencies"');
  });

  it('answers unknown API routes in JSON, not with a page', async () => {
    const response = await sut.http().get('/api/nothing-here').expect(404).expect('content-type', /json/);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

/**
 * One build serves any address: the public site is prerendered with a placeholder origin, and the
 * server writes PUBLIC_BASE_URL (default http://localhost:PORT) into pages, the sitemap and robots.txt
 * when it loads them, compressing them itself (the build's compressed copies could carry another
 * origin). The fixtures are such a build, with stale compressed copies left beside two files.
 */
describe.each([
  ['no PUBLIC_BASE_URL, PORT 3233', { PORT: '3233', PUBLIC_BASE_URL: '' }, 'http://localhost:3233'],
  ['PUBLIC_BASE_URL https://www.example.com.au on PORT 3234', { PORT: '3234', PUBLIC_BASE_URL: 'https://www.example.com.au/' }, 'https://www.example.com.au'],
])('the public address at run time (%s)', (_case, env, origin) => {
  let sut: TestApp;

  let port: number;

  beforeAll(async () => {
    sut = await startTestApp({ env });
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    port = (sut.app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => sut.close());

  /** The bytes as sent (node:http decodes nothing), decoded here by their Content-Encoding. */
  function fetchDecoded(url: string, encoding: 'identity' | 'gzip' | 'br') {
    return new Promise<{ status: number; type: string; encoding: string; text: string }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const sent = response.headers['content-encoding'];
          const body = sent === 'br' ? brotliDecompressSync(raw) : sent === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode!, type: String(response.headers['content-type']), encoding: sent ?? 'identity', text: body.toString('utf8') });
        });
      }).on('error', reject);
    });
  }

  it.each(['identity', 'gzip', 'br'] as const)('writes it into the canonical link and og:url of every page (%s)', async (encoding) => {
    for (const [path, canonical] of [
      ['/', `${origin}/`],
      ['/about', `${origin}/about`],
    ]) {
      const page = await fetchDecoded(path!, encoding);
      expect(page).toMatchObject({ status: 200, type: expect.stringMatching(/text\/html/), encoding });
      expect(page.text).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(page.text).toContain(`<meta property="og:url" content="${canonical}" />`);
      expect(page.text).not.toMatch(/public-base-url\.invalid|localhost:3000/);
    }
  });

  it.each(['identity', 'gzip', 'br'] as const)('writes it into the sitemap and robots.txt (%s)', async (encoding) => {
    const sitemap = await fetchDecoded('/sitemap.xml', encoding);
    expect(sitemap).toMatchObject({ status: 200, type: expect.stringMatching(/xml/) });
    expect(sitemap.text).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap.text).toContain(`<loc>${origin}/about</loc>`);
    const robots = await fetchDecoded('/robots.txt', encoding);
    expect(robots).toMatchObject({ status: 200, type: expect.stringMatching(/text\/plain/) });
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const text of [sitemap.text, robots.text]) expect(text).not.toMatch(/public-base-url\.invalid|localhost:3000/);
  });
});
