import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { renderToStaticMarkup } from 'react-dom/server';
import { App } from './App';
import { loadRouteComponent, NOT_FOUND_HEAD, ROUTES, routeFor } from './routes';
import { jsonDataTag, ogImageOf, renderHeadTags, SITE_NAME, type PageHead } from './lib/head';
import { structuredDataFor } from './lib/structured-data-routes';
import { ART, HeroScene } from './components/illustrations/HeroArtwork';
import { CctvView } from './components/illustrations/CctvArtwork';
import { TeamArt, VansArt } from './components/illustrations/CrewArtwork';
import { CctvStepArt, CleanStepArt, RelineStepArt } from './components/illustrations/StepArtwork';
import { ARTWORK, CCTV_FRAMES, cctvArtworkName } from './components/illustrations/artwork-catalogue';
import { COMPANY } from './lib/site';
import { PAGE_DATA_ELEMENT_ID, seedPageData, type PageData } from './page-loaders';
import { siteContentTag } from './lib/site-content';
import { contentForPage } from './lib/page-content';
import { HERO_IMAGE_SIZES, heroPreloadTag } from './components/ResponsiveImage';
import { DEFAULT_SITE_CONTENT, IMAGE_SLOTS, IMAGE_SLOT_KEYS, type SiteContent } from '@relining/contracts/site-content';

export interface RenderedPage {
  html: string;
  headTags: string;
}

/** The hero slot of the page at `path`, if it has one ('home.hero' for '/'). */
function heroSlotOf(path: string) {
  return IMAGE_SLOT_KEYS.find((key) => key.endsWith('.hero') && IMAGE_SLOTS[key].page === path);
}

/**
 * Renders one path to HTML, waiting for lazy pages: for the prerenderer (build time, the default
 * content) and for the server (the content staff chose, re-rendered when it changes). The page
 * carries its content as a JSON block for hydration, and preloads its hero photo when it has one.
 */
export async function renderPage(path: string, origin: string, siteContent: SiteContent = DEFAULT_SITE_CONTENT): Promise<RenderedPage> {
  const content = contentForPage(path, siteContent);
  const head: PageHead = routeFor(path)?.head ?? NOT_FOUND_HEAD;
  const preloaded = await loadRouteComponent(path);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} preloaded={preloaded} content={content} />
    </StrictMode>,
    // No size limit for inlining Suspense boundaries: a boundary over the limit would be sent apart
    // with an inline script to put it in place, which the Content-Security-Policy does not run.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // A component that fails on the server would silently fall back to client rendering: fail the build.
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed: ${String((errors[0] as Error)?.stack ?? errors[0])}`);
  const html = await new Response(prelude).text();
  const hero = heroSlotOf(path);
  const heroImage = hero ? content.images[hero] : undefined;
  const headTags = [
    renderHeadTags({ ...head, structuredData: structuredDataFor(head.path, content) }, origin, content),
    heroImage ? heroPreloadTag(heroImage, HERO_IMAGE_SIZES) : '',
    siteContentTag(content),
  ].filter(Boolean);
  return { html, headTags: headTags.join('\n    ') };
}

/** The origin pages are prerendered with; the server writes PUBLIC_BASE_URL in its place. */
export { ORIGIN_PLACEHOLDER } from '@relining/contracts/site-manifest';

/** Every amount the business prints: the build refuses a page printing any other (scripts/prerender.mjs). */
export { PRINTED_AMOUNTS } from '@relining/contracts/business';

export const STATIC_PATHS = ROUTES.filter((route) => !route.shell).map((route) => route.path);
export const SITEMAP_PATHS = ROUTES.filter((route) => route.sitemap).map((route) => route.path);
export const SHELLS = ROUTES.filter((route) => route.shell).map((route) => ({
  pattern: route.path,
  samplePath: route.shell!.samplePath,
  source: route.shell!.source,
  noindex: route.head.noindex ?? false,
  serverRendered: route.shell!.serverRendered ?? false,
}));

/**
 * Renders a page that shows data at request time (the job-status page with its job, the booking link
 * page with its appointment), for the server: the HTML shows the data at once, and `headTags` carries
 * the data as a JSON block (not a script the Content-Security-Policy would have to allow) for the
 * browser to hydrate with the same data.
 */
export async function renderPageWithData(path: string, origin: string, data: PageData, content?: SiteContent): Promise<RenderedPage> {
  const release = seedPageData(data);
  try {
    const page = await renderPage(path, origin, content);
    return { html: page.html, headTags: `${page.headTags}\n${jsonDataTag(PAGE_DATA_ELEMENT_ID, data)}` };
  } finally {
    release();
  }
}

/** Every page's Open Graph image, once each (pages kept out of search engines share one): for scripts/brand-assets.mjs. */
export const OG_IMAGES = [...new Map([...ROUTES.map((route) => route.head), NOT_FOUND_HEAD].map(ogImageOf).map((og) => [og.path, og])).values()];

/** What every Open Graph image shows besides its headline: the brand, and the hero artwork as a standalone SVG. */
export const OG_BRAND = {
  siteName: SITE_NAME,
  tagline: `No-dig repairs · ${COMPANY.serviceArea}`,
  phone: `Call ${COMPANY.phone}`,
  skyColour: ART.sky,
  artworkSvg: renderToStaticMarkup(<HeroScene />).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" '),
};

/** Every drawing of the artwork catalogue, drawn (build time only: the pages show the files). */
const DRAWINGS: Readonly<Record<string, () => ReactElement>> = {
  hero: () => <HeroScene />,
  'step-clean': () => <CleanStepArt />,
  'step-cctv': () => <CctvStepArt />,
  'step-reline': () => <RelineStepArt />,
  team: () => <TeamArt />,
  vans: () => <VansArt />,
  ...Object.fromEntries(CCTV_FRAMES.map(({ kind, distance }) => [cctvArtworkName(kind, distance), () => <CctvView kind={kind} distance={distance} />])),
};

/** The artwork as standalone SVG files (`/art/<name>.svg`), for scripts/prerender.mjs. */
export const ARTWORK_FILES = Object.keys(ARTWORK).map((name) => {
  const draw = DRAWINGS[name];
  if (!draw) throw new Error(`The artwork ${name} has no drawing`);
  return { name, svg: renderToStaticMarkup(draw()).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ') };
});
