import type { SiteContent } from '@relining/contracts/site-content';

/** What a page puts in <head>: written into the HTML by the prerenderer and kept current on navigation. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (the site origin is added). */
  path: string;
  noindex?: boolean;
  /** schema.org data for search engines (JSON-LD). */
  structuredData?: Record<string, unknown> | ((content: SiteContent) => Record<string, unknown>);
}

export const SITE_NAME = 'Pipe Relining Australia';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The head tags of a prerendered page. */
export function renderHeadTags(head: PageHead, origin: string, content: SiteContent): string {
  const url = `${origin}${head.path === '/' ? '/' : head.path}`;
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
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (head.structuredData) {
    const structured = typeof head.structuredData === 'function' ? head.structuredData(content) : head.structuredData;
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
  const canonical = document.querySelector('link[rel="canonical"]');
  if (canonical) {
    const url = new URL(head.path, window.location.origin).toString();
    canonical.setAttribute('href', url);
    set('meta[property="og:url"]', 'content', url);
  }
}
