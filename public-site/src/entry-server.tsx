import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './App';
import { NOT_FOUND_HEAD, ROUTES } from './routes';
import { renderHeadTags, type PageHead } from './lib/head';

export interface RenderedPage {
  html: string;
  headTags: string;
}

/** Renders one path to HTML, waiting for lazy pages, for the prerenderer (build time only). */
export async function renderPage(path: string, origin: string): Promise<RenderedPage> {
  const head: PageHead = ROUTES.find((route) => route.path === path)?.head ?? NOT_FOUND_HEAD;
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, headTags: renderHeadTags(head, origin) };
}

export const STATIC_PATHS = ROUTES.map((route) => route.path);
export const SHELLS: Array<{ pattern: string; samplePath: string; noindex?: boolean }> = [];
