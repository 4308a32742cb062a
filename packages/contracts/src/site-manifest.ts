/**
 * What the public site's build tells the server (`public-site/dist/routes.json`): which paths are
 * prerendered pages, which are client-rendered shells (paths with parameters), and the 404 page.
 * Every other path answers 404.
 */
export interface SiteManifest {
  /** Path (no trailing slash) → HTML file, relative to the build folder. */
  pages: Record<string, string>;
  /** Route patterns such as `/job-status/:code` → HTML shell rendered by the browser. */
  shells: Array<{ pattern: string; file: string; noindex?: boolean; serverRendered?: boolean }>;
  notFound: string;
  /**
   * The server-side build (module exporting `renderPageWithData`) and the page template, for shells
   * the server renders with their data at request time. Files under `_server/` are never served.
   */
  renderer?: { module: string; template: string };
  /**
   * The origin the build wrote wherever the site names its own address (canonical links, og:url,
   * structured data, sitemap.xml, robots.txt): the server writes PUBLIC_BASE_URL in its place when it
   * loads the build, so one build serves any address and port. Absent: the address was fixed at build time.
   */
  originPlaceholder?: string;
}

/** The placeholder origin of the prerendered site (`.invalid` never resolves, should a page ever leave unreplaced). */
export const ORIGIN_PLACEHOLDER = 'https://public-base-url.invalid';

export const SITE_MANIFEST_FILE = 'routes.json';
