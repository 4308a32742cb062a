import type { SiteContent } from '@relining/contracts/site-content';

/** What a page puts in <head>: written into the HTML by the prerenderer and kept current on navigation. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (the site origin is added). */
  path: string;
  noindex?: boolean;
  /** schema.org data for search engines (JSON-LD), typed with schema-dts where it is built (lib/structured-data.ts). */
  structuredData?: object | ((content: SiteContent) => object);
}

export const SITE_NAME = 'Pipe Relining Australia';

/** The size of every page's Open Graph image (written at build time by scripts/og-images.mjs). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** What a page's Open Graph image shows and says: its headline and the alternative text. */
export interface OgImage {
  /** The file's path on the site: /og/<page>.png. */
  path: string;
  headline: string;
  alt: string;
}

/**
 * A page's Open Graph image (issue 14): one per indexed page, headed by the page's own title (the
 * part that is not the site's name); pages kept out of search engines share the site's default one.
 */
export function ogImageOf(head: PageHead): OgImage {
  if (head.noindex)
    return { path: '/og/default.png', headline: 'No-Dig Pipe Relining Across Australia', alt: `${SITE_NAME}: no-dig pipe relining across Australia` };
  const parts = head.title.split(' | ').filter((part) => part !== SITE_NAME);
  const headline = parts[0] ?? SITE_NAME;
  const slug = head.path === '/' ? 'home' : head.path.slice(1).replace(/\//g, '-');
  return { path: `/og/${slug}.png`, headline, alt: `${SITE_NAME}: ${headline}` };
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The head tags of a prerendered page. */
export function renderHeadTags(head: PageHead, origin: string, content: SiteContent): string {
  const url = `${origin}${head.path === '/' ? '/' : head.path}`;
  const og = ogImageOf(head);
  const tags = [
    `<title>${escapeAttribute(head.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeAttribute(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:locale" content="en_AU" />`,
    `<meta property="og:image" content="${escapeAttribute(`${origin}${og.path}`)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
    `<meta property="og:image:alt" content="${escapeAttribute(og.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (head.structuredData) {
    const structured = (typeof head.structuredData === 'function' ? head.structuredData(content) : head.structuredData) as Record<string, unknown>;
    const data = { ...structured, ...(typeof structured.url === 'string' ? { url: `${origin}${structured.url}` } : {}) };
    // JSON-LD is data, not script: the Content-Security-Policy does not run it. '<' is escaped so the
    // text can never close the element.
    tags.push(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}

/** Keeps the title and description right after a client-side navigation. */
export function applyHead(head: PageHead): void {
  document.title = head.title;
  const set = (selector: string, attribute: string, value: string): void => {
    document.querySelector(selector)?.setAttribute(attribute, value);
  };
  set('meta[name="description"]', 'content', head.description);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  const og = ogImageOf(head);
  set('meta[property="og:image"]', 'content', new URL(og.path, window.location.origin).toString());
  set('meta[property="og:image:alt"]', 'content', og.alt);
  const canonical = document.querySelector('link[rel="canonical"]');
  if (canonical) {
    const url = new URL(head.path, window.location.origin).toString();
    canonical.setAttribute('href', url);
    set('meta[property="og:url"]', 'content', url);
  }
}

/**
 * A JSON data block for the page's code to read (`<script type="application/json">`: data, not a
 * script the Content-Security-Policy would have to allow). '<' and the JavaScript line separators are
 * escaped, so the text can never close the element.
 */
export function jsonDataTag(id: string, data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
