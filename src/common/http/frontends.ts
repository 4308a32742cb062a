import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { match, type MatchFunction } from 'path-to-regexp';
import type { AppConfig } from '../../config/app-config.js';
import { ownValue } from '@relining/contracts/own-keys';
import { SITE_MANIFEST_FILE, type SiteManifest } from '@relining/contracts/site-manifest';
import { correlationIdOf } from '../logging/correlation-id.js';
import { toErrorResponse } from '../errors/all-exceptions.filter.js';
import { DomainError } from '../errors/domain-error.js';
import { tooManyRequestsPage } from './form-error-page.js';
import type { ServerRenderedPage, ServerRenderedPages } from './server-rendered-pages.js';
import type { PublicSiteContent } from './public-site-content.js';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@relining/contracts/site-content';

/**
 * A document kept in memory (every HTML page, and the text files that name the site's address) with
 * its compressed copies: those the build wrote beside it, or, when the server wrote the public address
 * into it, made by the server at boot.
 */
interface Document {
  body: Buffer;
  type: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The build's placeholder origin and the address the server writes in its place. */
interface OriginSubstitution {
  placeholder: string;
  origin: string;
}

interface Bundle {
  root: string;
  files: Set<string>;
  documents: Map<string, Document>;
}

const SERVER_BUILD_DIR = '_server';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

interface PageRenderer {
  renderPageWithData(
    path: string,
    origin: string,
    data: { apiPath: string; answer: { status: number; body: unknown } },
    content?: SiteContent,
  ): Promise<{ html: string; headTags: string }>;
  renderPage?(path: string, origin: string, content: SiteContent): Promise<{ html: string; headTags: string }>;
}

/**
 * Serves both front ends on the API's port: `/admin/*` is the staff console (its client-side routes
 * fall back to its index.html), everything else the public site: prerendered pages, client-rendered
 * shells for paths with parameters, static files, and the site's 404 page with a real 404 status.
 */
export async function registerFrontends(
  fastify: FastifyInstance,
  config: AppConfig,
  rendered?: ServerRenderedPages,
  siteContent?: PublicSiteContent,
): Promise<void> {
  const origin = config.publicBaseUrl.replace(/\/+$/, '');
  const manifest = loadManifest(config.frontend.publicSiteDir);
  // The build names the site's address by a placeholder: the address is PUBLIC_BASE_URL, known now.
  const site = await loadBundle(config.frontend.publicSiteDir, manifest.originPlaceholder ? { placeholder: manifest.originPlaceholder, origin } : undefined);
  const admin = await loadBundle(config.frontend.adminUiDir);
  const shells = manifest.shells.map((shell) => ({ ...shell, matches: match(shell.pattern, { decode: false }) as MatchFunction<Record<string, string>> }));
  const renderer = await loadRenderer(site, manifest);
  const pagesWithContent = new ContentPages(renderer, origin);

  /** The content pages are rendered with now; undefined when the build's own (default) pages stand. */
  const currentContent = async (request: FastifyRequest): Promise<SiteContent | undefined> => {
    try {
      return await siteContent?.current();
    } catch (error) {
      request.log.warn({ err: error }, 'The site content could not be read: the page is served as last rendered');
      return undefined;
    }
  };

  /** A marketing page (or the 404 page) with the content staff chose, rendered once per change of it. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, file: string, status: number): Promise<void> => {
    const content = await currentContent(request);
    const document = await pagesWithContent.document(pathname, file, content, request).catch((error: unknown) => {
      request.log.error({ err: error, page: pathname }, 'A page could not be rendered with the site content: the last rendered one is served');
      return pagesWithContent.last(file);
    });
    if (document) return sendLoaded(request, reply, document, status);
    return sendDocument(request, reply, site, file, status, unbuilt('public site'));
  };

  /**
   * A registered page rendered with its data (e.g. the job-status page with its job): the visitor
   * sees it in the first paint. Falls back to the client-rendered shell (which fetches the data
   * itself) when it cannot be rendered here.
   */
  const serveRendered = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    page: ServerRenderedPage,
    params: Record<string, string>,
  ): Promise<boolean> => {
    if (!renderer) return false;
    const apiPath = page.apiPath(params);
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: await page.load(params) };
    } catch (error) {
      if (!(error instanceof DomainError) || error.statusCode !== 404) {
        request.log.warn({ err: error, page: page.pattern }, 'Server-rendered page served without its data: the lookup failed');
        return false;
      }
      answer = { status: 404, body: toErrorResponse(error, correlationIdOf(request)) };
    }
    let rendered: { html: string; headTags: string };
    try {
      rendered = await renderer.module.renderPageWithData(pathname, origin, { apiPath, answer }, await currentContent(request));
    } catch (error) {
      request.log.error({ err: error, page: page.pattern }, 'A page could not be rendered on the server');
      return false;
    }
    const html = assemblePage(renderer.template, rendered);
    // A lookup by an address that is its own key (a tracking code): never cached, indexed or sent on as a referrer.
    void reply
      .status(answer.status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  };

  /**
   * A server-rendered page is a lookup like its API (the job-status page by tracking code), so it
   * counts against the same limit (one counter for both: guessing codes through the page gains
   * nothing). Spent: a 429 page a person can read, with Retry-After.
   */
  const withinLimit = async (request: FastifyRequest, reply: FastifyReply, page: ServerRenderedPage): Promise<boolean> => {
    if (!page.limit) return true;
    try {
      await page.limit(request, reply);
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.statusCode !== 429) throw error;
      void reply
        .status(429)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(tooManyRequestsPage(error.message));
      return false;
    }
  };

  const roots = [site.root, admin.root].filter((dir) => existsSync(dir));
  if (roots.length > 0) await fastify.register(fastifyStatic, { root: roots, serve: false, preCompressed: true });

  const serveAdmin = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const relative = relativePath(request.url, '/admin');
    if (relative && admin.files.has(relative) && relative !== 'index.html') {
      return sendStatic(reply, admin, relative);
    }
    if (relative && relative.startsWith('assets/')) return sendNotFoundPage(request, reply, site, manifest);
    void reply.header('x-robots-tag', 'noindex, nofollow');
    return sendDocument(request, reply, admin, 'index.html', 200, unbuilt('staff console'));
  };

  const servePublic = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const pathname = pathOf(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      void reply.status(404).send(toErrorResponse(DomainError.notFound('No API route matches this address.'), correlationIdOf(request)));
      return;
    }
    // The pages' photos (/media/{id}/{file}) are answered by the media module; an address its route
    // cannot match (too long, a path too deep) is a missing image, in the API's error format.
    if (pathname.startsWith('/media/')) {
      void reply.status(404).send(toErrorResponse(DomainError.notFound('No such image.'), correlationIdOf(request)));
      return;
    }
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = ownValue(manifest.pages, normalized);
    if (page) return sendPage(request, reply, normalized, page, 200);
    const relative = relativePath(request.url, '');
    if (relative && site.files.has(relative) && !relative.endsWith('.html')) {
      // sitemap.xml and robots.txt carry the public address: sent from memory, not the build's files.
      if (site.documents.has(relative)) return sendDocument(request, reply, site, relative, 200, '', SHORT);
      return sendStatic(reply, site, relative);
    }
    const shell = shells.find((candidate) => candidate.matches(normalized));
    const rendering = shell ? rendered?.forPattern(shell.pattern) : undefined;
    if (shell && rendering) {
      if (!(await withinLimit(request, reply, rendering))) return;
      const matched = shell.matches(normalized);
      if (shell.serverRendered && matched && (await serveRendered(request, reply, normalized, rendering, matched.params))) return;
    }
    if (shell) {
      if (shell.noindex) void reply.header('x-robots-tag', 'noindex');
      return sendDocument(request, reply, site, shell.file, 200, unbuilt('public site'));
    }
    return sendPage(request, reply, '/404', manifest.notFound, 404);
  };

  fastify.get('/admin', serveAdmin);
  fastify.get('/admin/*', serveAdmin);
  fastify.get('/', servePublic);
  fastify.get('/*', servePublic);
}

/**
 * The public pages rendered with the content staff chose (issue 14: photos in the slots, the company
 * profile), kept in memory per instance: a page is rendered on its first request after the content
 * changed (about 20 ms), then served from memory, compressed, until the next change. The default
 * content is the build's own: its prerendered (and best-compressed) files are served as they are.
 */
class ContentPages {
  private readonly pages = new Map<string, { content: SiteContent; document: Document }>();
  private readonly renders = new Map<string, { content: SiteContent; document: Promise<Document> }>();
  private readonly isDefault = new WeakMap<SiteContent, boolean>();

  constructor(
    private readonly renderer: { module: PageRenderer; template: string } | undefined,
    private readonly origin: string,
  ) {}

  /** The document for `file` with `content`; undefined: serve the build's file. */
  async document(pathname: string, file: string, content: SiteContent | undefined, request: FastifyRequest): Promise<Document | undefined> {
    if (!content) return this.last(file);
    if (!this.renderer?.module.renderPage || this.defaultContent(content)) return undefined;
    const held = this.pages.get(file);
    if (held?.content === content) return held.document;
    const running = this.renders.get(file);
    if (running?.content === content) return running.document;
    const document = this.render(pathname, content);
    this.renders.set(file, { content, document });
    try {
      const done = await document;
      this.pages.set(file, { content, document: done });
      request.log.debug({ page: pathname }, 'Page rendered with the site content');
      return done;
    } finally {
      if (this.renders.get(file)?.document === document) this.renders.delete(file);
    }
  }

  /** The page as last rendered with content, if it ever was. */
  last(file: string): Document | undefined {
    return this.pages.get(file)?.document;
  }

  private defaultContent(content: SiteContent): boolean {
    let known = this.isDefault.get(content);
    if (known === undefined) {
      known = JSON.stringify(content) === JSON.stringify(DEFAULT_SITE_CONTENT);
      this.isDefault.set(content, known);
    }
    return known;
  }

  private async render(pathname: string, content: SiteContent): Promise<Document> {
    const { module, template } = this.renderer!;
    const page = await module.renderPage!(pathname, this.origin, content);
    const body = Buffer.from(assemblePage(template, page), 'utf8');
    const document: Document = { body, type: 'text/html; charset=utf-8' };
    await compressDocument(document);
    return document;
  }
}

/** Sends a document held in memory, compressed as the client accepts. */
function sendLoaded(request: FastifyRequest, reply: FastifyReply, document: Document, status: number, cacheControl = REVALIDATE): void {
  void reply.status(status).header('cache-control', cacheControl).header('vary', 'Accept-Encoding').type(document.type);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (document.br && /\bbr\b/.test(accepted)) void reply.header('content-encoding', 'br').send(document.br);
  else if (document.gzip && /\bgzip\b/.test(accepted)) void reply.header('content-encoding', 'gzip').send(document.gzip);
  else void reply.send(document.body);
}

/** React may add a timing snippet for Suspense reveals: an inline script the CSP blocks, not needed. */
const REVEAL_TIMING = '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>';

/** A page rendered by the site's server build, in the build's page template. */
function assemblePage(template: string, page: { html: string; headTags: string }): string {
  return template.replace('<!--app-head-->', () => page.headTags).replace('<!--app-html-->', () => page.html.split(REVEAL_TIMING).join(''));
}

async function loadRenderer(site: Bundle, manifest: SiteManifest): Promise<{ module: PageRenderer; template: string } | undefined> {
  if (!manifest.renderer) return undefined;
  const modulePath = path.join(site.root, manifest.renderer.module);
  const templatePath = path.join(site.root, manifest.renderer.template);
  if (!existsSync(modulePath) || !existsSync(templatePath)) return undefined;
  const module = (await import(pathToFileURL(modulePath).href)) as PageRenderer;
  if (typeof module.renderPageWithData !== 'function') return undefined;
  return { module, template: readFileSync(templatePath, 'utf8') };
}

function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, site: Bundle, manifest: SiteManifest): Promise<void> {
  return sendDocument(request, reply, site, manifest.notFound, 404, 'Oops! Page not found');
}

function unbuilt(what: string): string {
  return `The ${what} has not been built yet: run npm run build (npm start does it for you).`;
}

async function sendStatic(reply: FastifyReply, bundle: Bundle, relative: string): Promise<void> {
  void reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : SHORT);
  return reply.sendFile(relative, bundle.root, { cacheControl: false });
}

async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  bundle: Bundle,
  file: string,
  status: number,
  fallbackText: string,
  cacheControl = REVALIDATE,
): Promise<void> {
  const document = bundle.documents.get(file);
  if (!document) {
    void reply.status(status).header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(fallbackText);
    return;
  }
  sendLoaded(request, reply, document, status, cacheControl);
}

function pathOf(url: string): string {
  const raw = url.split('?')[0]!.split('#')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The request path relative to a bundle's mount point, or undefined if it tries to leave the bundle. */
function relativePath(url: string, mount: string): string | undefined {
  const pathname = pathOf(url).slice(mount.length).replace(/^\/+/, '');
  if (pathname.includes('\0')) return undefined;
  const normalized = path.posix.normalize(pathname);
  if (normalized.startsWith('..') || path.posix.isAbsolute(normalized)) return undefined;
  return normalized === '.' ? '' : normalized;
}

/** Text files other than pages that may name the site's address (sitemap.xml, robots.txt). */
const ADDRESSED_TEXT: Readonly<Record<string, string>> = { '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

async function loadBundle(root: string, substitution?: OriginSubstitution): Promise<Bundle> {
  const files = new Set<string>();
  const documents = new Map<string, Document>();
  if (!existsSync(root)) return { root, files, documents };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // The server-side build and its template are the server's own, never sent as files.
      if (dir === root && entry.name === SERVER_BUILD_DIR) continue;
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) files.add(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  const compressions: Array<Promise<void>> = [];
  for (const file of files) {
    const html = file.endsWith('.html');
    const textType = ownValue(ADDRESSED_TEXT, path.extname(file));
    if (!html && !(substitution && textType && !file.startsWith('assets/'))) continue;
    const full = path.join(root, file);
    const content = readFileSync(full);
    const type = html ? 'text/html; charset=utf-8' : textType!;
    if (substitution && content.includes(substitution.placeholder)) {
      // The build's compressed copies (if any) hold the placeholder or another address: compress here.
      const document: Document = { body: Buffer.from(content.toString('utf8').split(substitution.placeholder).join(substitution.origin)), type };
      documents.set(file, document);
      compressions.push(compressDocument(document));
    } else if (html) {
      documents.set(file, {
        body: content,
        type,
        br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : undefined,
        gzip: existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined,
      });
    }
  }
  await Promise.all(compressions);
  return { root, files, documents };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at `quality` (5 is fast; 11, the build's, is about 9% smaller and 60 times slower). */
function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * Compresses a document once per start, in Node's thread pool: quickly before the server listens
 * (about 30 ms for the whole site), then again at the build's best brotli level in the background,
 * swapped in when ready (about 1.5 s of CPU for the whole site), so start-up never waits for it.
 */
async function compressDocument(document: Document): Promise<void> {
  [document.br, document.gzip] = await Promise.all([brotliAt(document.body, 5), gzipAsync(document.body, { level: 9 })]);
  void brotliAt(document.body, 11).then(
    (best) => (document.br = best),
    () => undefined, // the quick copy stays
  );
}

function loadManifest(root: string): SiteManifest {
  const file = path.join(root, SITE_MANIFEST_FILE);
  if (!existsSync(file)) return { pages: {}, shells: [], notFound: '404.html' };
  return JSON.parse(readFileSync(file, 'utf8')) as SiteManifest;
}
