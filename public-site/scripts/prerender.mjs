// Build step: renders every marketing route of the public site to static HTML (content readable
// without JavaScript), writes the 404 page, the client-rendered shells, routes.json for the server,
// sitemap.xml and robots.txt, then precompresses the rest. Runs after `vite build` and the SSR build.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/precompress.mjs';
import { writeFavicons, writeOgImages } from './brand-assets.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
// The server-side build: used here, and kept for the server, which renders the job-status page with
// its job (and the booking link page with its appointment) at request time (src/common/http/frontends.ts).
// Never served as a file.
const ssrDist = path.join(dist, '_server');
const { renderPage, STATIC_PATHS, SITEMAP_PATHS, SHELLS, ORIGIN_PLACEHOLDER, PRINTED_AMOUNTS, OG_IMAGES, OG_BRAND, ARTWORK_FILES } = await import(
  path.join(ssrDist, 'entry-server.js')
);
// The site's own address (canonical links, og:url, structured data, sitemap, robots.txt) is written as
// a placeholder: the server puts PUBLIC_BASE_URL in its place when it loads the build, so one build
// serves any address and port (src/common/http/frontends.ts).
const origin = ORIGIN_PLACEHOLDER;
const template = preloadFonts(await inlineStyleSheets(await readFile(path.join(dist, 'index.html'), 'utf8')));

/**
 * Figtree's regular file (most of every page's text) starts downloading with the HTML rather than
 * when the inlined style sheet is applied, so the text is shown in it from the first paint or soon
 * after (font-display: swap; the fallback has matching metrics). The bold and heading weights load as
 * used: preloading them too delayed the first paint on a slow connection (Lighthouse's LCP on /).
 */
function preloadFonts(html) {
  const preloads = [400].map((weight) => {
    const file = new RegExp(`/assets/figtree-latin-${weight}-normal-[\\w-]+\\.woff2`).exec(html)?.[0];
    if (!file) throw new Error(`the style sheet names no Figtree ${weight} file to preload`);
    return `<link rel="preload" href="${file}" as="font" type="font/woff2" crossorigin />`;
  });
  return html.replace(/(<meta name="viewport"[^>]*>)/, (viewport) => `${viewport}\n    ${preloads.join('\n    ')}`);
}

/**
 * The style sheet (one, about 6 KB compressed) goes into each page: the first paint then needs the
 * HTML alone, not a second request. The CSP allows inline styles; it is the same sheet on every page,
 * so a client-side navigation finds every rule it needs.
 */
async function inlineStyleSheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    const css = (await readFile(path.join(dist, file), 'utf8')).trim();
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains '</style'`);
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

// React may add a timing snippet for Suspense reveals; it is not needed for a finished page, and the
// Content-Security-Policy allows no inline script, so any other inline script fails the build.
const REVEAL_TIMING = '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>';
/** A dollar figure as pages print one: a dollar sign, digits (thousands with commas), cents if any. */
const MONEY = /\$\d+(?:,\d{3})*(?:\.\d\d)?(?!\d)/g;

function page({ html, headTags }, where = '') {
  const body = html.split(REVEAL_TIMING).join('');
  const inline = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>[^<]*/.exec(body);
  if (inline) {
    throw new Error(`A prerendered page contains an inline script, which the Content-Security-Policy blocks (${where}): ${inline[0].slice(0, 120)}`);
  }
  // Prices and fees come from the business constants (packages/contracts/src/business.ts, docs/adr/0022): a page
  // printing any other dollar figure carries a copy of its own, which a change of the constants would
  // leave behind, contradicting them.
  const strays = [...new Set(`${headTags}\n${body}`.match(MONEY) ?? [])].filter((amount) => !PRINTED_AMOUNTS.includes(amount));
  if (strays.length > 0) {
    throw new Error(
      `A prerendered page prints ${strays.join(', ')}, which is not an amount of the business constants (${where || 'page'}): print it from packages/contracts/src/business.ts`,
    );
  }
  return template.replace('<!--app-head-->', headTags).replace('<!--app-html-->', body);
}

/**
 * A shell page (client-rendered, such as the job status) shows its content only once its code has
 * run: its HTML names that code (the page's chunk and what it imports, React's included) so the
 * browser fetches it with the page rather than after the entry script. Prerendered pages do not:
 * their code is fetched after the first paint (src/entry-client.tsx).
 */
function withModulePreloads(html, source) {
  if (!buildManifest[source]) throw new Error(`${source} is not in the build manifest (shell source in routes.tsx)`);
  const chunks = new Set();
  const visit = (key) => {
    if (chunks.has(key) || !buildManifest[key]) return;
    chunks.add(key);
    for (const imported of buildManifest[key].imports ?? []) visit(imported);
  };
  visit(source);
  const named = new Set([...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]));
  const links = [...chunks]
    .map((key) => buildManifest[key].file)
    .filter((file) => !named.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return html.replace('</head>', `    ${links}\n  </head>`);
}

async function write(relative, content) {
  const file = path.join(dist, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const manifest = { pages: {}, shells: [], notFound: '404.html', originPlaceholder: ORIGIN_PLACEHOLDER };
for (const routePath of STATIC_PATHS) {
  const file = routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
  await write(file, page(await renderPage(routePath, origin), routePath));
  manifest.pages[routePath] = file;
}
await write('404.html', page(await renderPage('/404', origin)));
const buildManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
for (const shell of SHELLS) {
  const file = `_shell/${shell.pattern.split('/')[1]}.html`;
  await write(file, withModulePreloads(page(await renderPage(shell.samplePath, origin)), shell.source));
  manifest.shells.push({ pattern: shell.pattern, file, noindex: shell.noindex ?? false, serverRendered: shell.serverRendered });
}
// The page template for the server's renders: the same as the prerendered pages'.
await write('_server/page.html', template);
manifest.renderer = { module: '_server/entry-server.js', template: '_server/page.html' };
await write('routes.json', JSON.stringify(manifest, null, 2));

const today = new Date().toISOString().slice(0, 10);
await write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${SITEMAP_PATHS.map(
    (p) => `  <url><loc>${origin}${p}</loc><lastmod>${today}</lastmod></url>`,
  ).join('\n')}\n</urlset>\n`,
);
await write(
  'robots.txt',
  `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /plumber-dashboard\nDisallow: /job-status/\nDisallow: /booking/\nDisallow: /reset-password\nDisallow: /verify-email\n\nSitemap: ${origin}/sitemap.xml\n`,
);
await writeFavicons(dist, path.join(root, 'public', 'favicon.svg'));
// The site's own artwork, one SVG file per drawing: pages show them as images (components/Artwork.tsx).
for (const { name, svg } of ARTWORK_FILES) await write(`art/${name}.svg`, svg);
await writeOgImages(dist, OG_IMAGES, { ...OG_BRAND, logoSvg: await readFile(path.join(root, 'public', 'favicon.svg'), 'utf8') });
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
// Files naming the address are compressed by the server once it has written the address in.
const count = await precompress(dist, { skip: ['_server'], unless: (content) => content.includes(ORIGIN_PLACEHOLDER) });
console.log(
  `prerendered ${STATIC_PATHS.length} pages, ${SHELLS.length} shells and the 404 page (the server writes PUBLIC_BASE_URL into them), ${OG_IMAGES.length} Open Graph images and the favicons; compressed ${count} files`,
);
