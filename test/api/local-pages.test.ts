import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REGIONS } from '@relining/contracts/regions';
import { DEFAULT_SITE_CONTENT, type PublishedReview, type SiteContent } from '@relining/contracts/site-content';
import { SERVICE_AREAS, serviceAreaPath } from '@relining/contracts/service-areas';
import { REPO_ROOT, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The local pages (issue 20), as the server sends them from the real build of the public site
 * (built first when stale: scripts/build-if-stale.mjs): one per service area, in the sitemap, each with its own title, description,
 * heading, LocalBusiness markup and the booking form on the area's centre suburb; the footer links them all.
 */
const BUILD = path.join(REPO_ROOT, 'public-site', 'dist');
const ORIGIN = 'http://localhost:3000';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const descriptionOf = (html: string) => decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
const structuredDataOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

describe('local pages', () => {
  let sut: TestApp;

  beforeAll(async () => {
    // The pages come from the build, made first when missing or older than its sources (as `npm start` does).
    const build = spawnSync(process.execPath, ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale(['public site']))"], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      // Jest sets NODE_ENV=test, which would make Vite build React's development code into the site.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0 || !existsSync(path.join(BUILD, 'routes.json'))) throw new Error(`Building the public site failed: ${build.stderr}`);
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', PUBLIC_SITE_DIR: BUILD } });
  }, 300_000);

  afterAll(() => sut.close());

  it('lists every local page in the sitemap', async () => {
    const sitemap = (await sut.http().get('/sitemap.xml').expect(200)).text;
    for (const area of SERVICE_AREAS) expect(sitemap).toContain(`<loc>${ORIGIN}${serviceAreaPath(area)}</loc>`);
  });

  it('gives every page of the sitemap its own title and description', async () => {
    const sitemap = (await sut.http().get('/sitemap.xml').expect(200)).text;
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths.length).toBeGreaterThanOrEqual(SERVICE_AREAS.length + 8);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const pagePath of paths) {
      const html = (await sut.http().get(pagePath).expect(200)).text;
      const title = titleOf(html);
      const description = descriptionOf(html);
      expect({ pagePath, title: title.length > 0, description: description.length > 0 }).toEqual({ pagePath, title: true, description: true });
      expect({ pagePath, sameTitleAs: titles.get(title) }).toEqual({ pagePath, sameTitleAs: undefined });
      expect({ pagePath, sameDescriptionAs: descriptions.get(description) }).toEqual({ pagePath, sameDescriptionAs: undefined });
      titles.set(title, pagePath);
      descriptions.set(description, pagePath);
    }
  });

  it.each(SERVICE_AREAS.map((area) => [area.slug, area] as const))(
    'serves the %s page: heading, head, LocalBusiness markup, the booking form on its centre',
    async (_slug, area) => {
      const html = (
        await sut
          .http()
          .get(serviceAreaPath(area))
          .expect(200)
          .expect('content-type', /text\/html/)
      ).text;
      const state = REGIONS[area.region].name;
      expect(titleOf(html)).toBe(`Pipe Relining ${area.name} | No-Dig Drain Repairs | Pipe Relining Australia`);
      expect(descriptionOf(html)).toContain(`${area.name}, ${state}`);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${serviceAreaPath(area)}" />`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>Pipe relining in ${area.name}</h1>`));
      const business = structuredDataOf(html).find((data) => data['@type'] === 'LocalBusiness');
      expect(business).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Pipe Relining Australia',
        url: `${ORIGIN}${serviceAreaPath(area)}`,
        telephone: expect.any(String),
        priceRange: expect.any(String),
        address: { '@type': 'PostalAddress', addressCountry: 'AU' },
        areaServed: { '@type': 'City', name: area.name, containedInPlace: { '@type': 'State', name: state } },
      });
      // No rating without published reviews: the page claims none.
      expect(business).not.toHaveProperty('aggregateRating');
      const suburbField = /<input[^>]*name="suburb"[^>]*>/.exec(html)?.[0] ?? '';
      expect(suburbField).toContain(`value="${area.centre.suburb} ${area.region} ${area.centre.postcode}"`);
      expect(html).toContain(`All `);
      expect(html).toContain(` suburbs we service in ${area.name}</summary>`);
      expect(html).toContain(`<li>${area.centre.suburb}</li>`);
    },
  );

  it("carries only its own area's suburbs", async () => {
    const melbourne = (await sut.http().get('/pipe-relining/melbourne').expect(200)).text;
    expect(melbourne).toContain('<li>Richmond</li>');
    expect(melbourne).not.toContain('<li>Parramatta</li>');
  });

  it('links every local page from the footer of the home page', async () => {
    const html = (await sut.http().get('/').expect(200)).text;
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain('Areas we service');
    for (const area of SERVICE_AREAS) expect(footer).toContain(`href="${serviceAreaPath(area)}"`);
  });

  it('answers an area it does not serve with the 404 page', async () => {
    await sut.http().get('/pipe-relining/atlantis').expect(404);
  });

  it("shows the area's published reviews and states the computed rating when there are some", async () => {
    // The server's renderer (the build's _server/entry-server.js, as src/common/http/frontends.ts
    // uses it) with content holding published reviews, as the reviews module hands it over.
    const { renderPage } = (await import(pathToFileURL(path.join(BUILD, '_server', 'entry-server.js')).href)) as {
      renderPage: (path: string, origin: string, content: SiteContent) => Promise<{ html: string; headTags: string }>;
    };
    const review = (id: string, firstName: string, suburb: string): PublishedReview => ({
      id,
      rating: 5,
      text: `${firstName}'s drains run freely again.`,
      firstName,
      suburb,
      date: '2026-11-02',
      source: null,
      reply: id === 'r1' ? { text: 'Thank you!', date: '2026-11-03' } : null,
    });
    const content: SiteContent = {
      ...DEFAULT_SITE_CONTENT,
      reviews: { rating: 4.8, count: 83, latest: [], nearby: { melbourne: [review('r1', 'Sarah', 'Richmond'), review('r2', 'Tom', 'Carlton')] } },
    };
    const melbourne = await renderPage('/pipe-relining/melbourne', ORIGIN, content);
    expect(melbourne.html).toContain('Sarah');
    expect(melbourne.html).toContain('Richmond');
    expect(melbourne.html).toContain('<time dateTime="2026-11-02">2 November 2026</time>');
    expect(melbourne.html).toContain('Thank you!');
    expect(melbourne.html).toContain('Rated 4.8 out of 5 from 83 reviews');
    const business = structuredDataOf(melbourne.headTags).find((data) => data['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, bestRating: 5, reviewCount: 83 } });
    // Another area shows none of Melbourne's reviews.
    const sydney = await renderPage('/pipe-relining/sydney', ORIGIN, content);
    expect(sydney.html).not.toContain('Sarah');
  });
});
