import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type PreloadedRoute, type PageSignals } from './App';
import { readDocumentSiteContent } from './lib/site-content';

/**
 * Makes the prerendered page interactive (a page without prerendered markup, on the development
 * server, renders from scratch). `page` is the current route's component, already loaded, so hydration
 * renders exactly what was prerendered without suspending. A shell page (`fresh`: the job status) is
 * rendered anew instead, in slices, so its first render can already show data the page has fetched:
 * its prerendered markup is only a loading state, replaced in one go when the render is done.
 */
export function start(container: HTMLElement, page: PreloadedRoute | undefined, signals: PageSignals, fresh = false): void {
  const app = (
    <StrictMode>
      <App preloaded={page} signals={signals} content={readDocumentSiteContent()} />
    </StrictMode>
  );
  if (container.firstElementChild && !fresh) {
    hydrateRoot(container, app);
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
