// The only script a page names: small, and free of React. The page is prerendered and readable
// without JavaScript (forms post without it), so the code that makes it interactive is fetched once
// the browser has painted it: the first paint never waits for, nor shares the network with, React.
// Clicks and typing in between are kept for the page (lib/early-input.ts).
import './styles/global.css';
import './styles/content.css';
import './styles/resin.css';
import './styles/plumbers.css';
import { holdEarlyInput } from './lib/early-input';
import { adoptDocumentPageData, isShellPath, loadPage, prefetchPageData } from './page-loaders';

/** Resolves once the browser has painted the page's content (at once if it will not paint soon). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    // A browser without paint timing, or a page that does not paint (hidden), goes on regardless.
    const timer = setTimeout(done, 3000);
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

const container = document.getElementById('root')!;
const early = holdEarlyInput(container);
const path = window.location.pathname;
// The server renders the job-status page with its job (the booking link page with its appointment)
// and sends the data along: that page is then like any prerendered one. Without it (the server could
// not render it), it is a shell that shows its content only once its code and data are here: no
// reason to wait for a paint of its loading state, and its data is requested now, beside the code.
const rendered = adoptDocumentPageData();
const shell = !rendered && isShellPath(path);
if (!rendered) prefetchPageData(path);

/** Lets the browser run other tasks (and paint) before going on: no long task while the page loads. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

// Not a top-level await: React's chunk imports from this one (the page loaders), and would wait
// forever for a module still awaiting it. Each step in a task of its own.
void (async () => {
  try {
    if (!shell) await afterFirstPaint();
    const hydrating = import('./hydrate');
    await nextTask();
    // React and the page's own chunk download side by side.
    const page = loadPage(path);
    const [{ start }, loaded] = await Promise.all([hydrating, page]);
    await nextTask();
    start(container, loaded, { onHydrated: early.adoptEdits, onInteractive: early.replayClicks }, shell);
  } catch (error) {
    early.cancel();
    throw error;
  }
})();
