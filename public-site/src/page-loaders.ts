import type { ComponentType } from 'react';
import { SERVICE_AREAS, serviceAreaPath } from '@relining/contracts/service-areas';
import { prepareJobDates } from './lib/job-dates';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** A local page (issue 20): the page's code, then the area's own suburbs (ServiceAreaPage.tsx). */
function serviceAreaPage(slug: string): PageLoader {
  return () => import('./pages/ServiceAreaPage').then((page) => page.loadServiceAreaPage(slug));
}

/**
 * Every page's code, each in a chunk of its own, by route path. Kept apart from routes.tsx (which
 * holds React, the heads and the lazy wrappers) so the tiny entry script can start fetching the page's
 * chunk at the same time as React's, rather than after it.
 */
export const PAGE_LOADERS: Record<string, PageLoader> = {
  '/': () => import('./pages/HomePage'),
  '/about': () => import('./pages/AboutPage'),
  '/why-no-dig': () => import('./pages/WhyNoDigPage'),
  '/corporate': () => import('./pages/CorporatePage'),
  '/rapidresin': () => import('./pages/RapidResinPage'),
  '/privacy': () => import('./pages/PrivacyPage'),
  '/terms': () => import('./pages/TermsPage'),
  '/thank-you': () => import('./pages/ThankYouPage'),
  '/plumber-referral': () => import('./plumbers/PlumberReferralPage'),
  '/plumbers': () => import('./plumbers/PlumberReferralPage'),
  '/plumber-portal': () => import('./plumbers/PlumberPortalPage'),
  '/plumber-dashboard': () => import('./plumbers/PlumberDashboardPage'),
  '/plumber-dashboard/new-referral': () => import('./plumbers/NewReferralPage'),
  '/plumber-onboarding': () => import('./plumbers/PlumberOnboardingPage'),
  '/verify-email': () => import('./auth/VerifyEmailPage'),
  '/reset-password': () => import('./auth/ResetPasswordPage'),
  '/job-status/:code': () => import('./jobs/JobStatusPage'),
  '/booking/:token': () => import('./appointments/AppointmentPage'),
  '/review/:token': () => import('./reviews/ReviewPage'),
  ...Object.fromEntries(SERVICE_AREAS.map((area) => [serviceAreaPath(area), serviceAreaPage(area.slug)])),
};

function matches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const actual = path.split('/');
  return wanted.length === actual.length && wanted.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]));
}

/** Which of `paths` serves `path`: an exact match first, else a pattern such as `/job-status/:code`. */
export function matchRoutePath(paths: readonly string[], path: string): string | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return paths.find((candidate) => candidate === normalized) ?? paths.find((candidate) => candidate.includes(':') && matches(candidate, normalized));
}

const PAGE_PATHS = Object.keys(PAGE_LOADERS);

/** A page with parameters (`/job-status/:code`) is a client-rendered shell: its content needs its code. */
export function isShellPath(path: string): boolean {
  return matchRoutePath(PAGE_PATHS, path)?.includes(':') ?? false;
}

/** An API answer as the page's code needs it: its HTTP status and its JSON body. */
export interface PrefetchedAnswer {
  status: number;
  body: unknown;
}

interface Prefetch {
  answer: Promise<PrefetchedAnswer>;
  /** Set once the answer is here: the page can show it in its first render. */
  settled?: PrefetchedAnswer;
}

/**
 * The API data a shell page shows, requested as the page starts rather than after its code has
 * loaded: the job-status page's job, the booking link page's appointment, the review link's form. `takePrefetched()` hands it
 * over, once.
 */
const prefetched = new Map<string, Prefetch>();

/** A shell page's address (its key in the last segment) → the API path of its data. */
const PAGE_DATA: ReadonlyArray<readonly [RegExp, (key: string) => string]> = [
  [/^\/job-status\/([^/]+)\/?$/, (code) => `/job-status/${encodeURIComponent(code)}`],
  [/^\/booking\/([^/]+)\/?$/, (token) => `/booking/${encodeURIComponent(token)}`],
  [/^\/review\/([^/]+)\/?$/, (token) => `/reviews/${encodeURIComponent(token)}`],
];

export function prefetchPageData(path: string): void {
  const page = PAGE_DATA.find(([pattern]) => pattern.test(path));
  if (!page) return;
  let apiPath: string;
  try {
    apiPath = page[1](decodeURIComponent(page[0].exec(path)![1]!));
  } catch {
    return;
  }
  // A bare fetch, not the shared client (@relining/contracts/client/http): this runs in the tiny entry
  // script, before React and the frame (where the client lives) have loaded. The page reads the answer
  // with the client's answerOf, so the error format is handled in one place.
  const entry: Prefetch = {
    answer: fetch(`/api${apiPath}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).then(async (response) => ({
      status: response.status,
      body: await response.json().catch(() => undefined),
    })),
  };
  entry.answer.then(
    (answer) => (entry.settled = answer),
    () => undefined, // a failure is reported by whoever takes it
  );
  prefetched.set(apiPath, entry);
  // While the job and the page's code download, in a task of its own.
  if (apiPath.startsWith('/job-status/')) setTimeout(prepareJobDates, 0);
}

/**
 * A page the server rendered with its data (the job status, the booking link) carries that data in
 * the document, so the browser neither asks for it again nor renders anything different from what it
 * was sent.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  apiPath: string;
  answer: PrefetchedAnswer;
}

/** Hands the page the data it is rendered with (on the server, and in the browser from the document). */
export function seedPageData({ apiPath, answer }: PageData): () => void {
  const entry: Prefetch = { answer: Promise.resolve(answer), settled: answer };
  prefetched.set(apiPath, entry);
  return () => {
    if (prefetched.get(apiPath) === entry) prefetched.delete(apiPath);
  };
}

/** Reads the data the server rendered the page with; false when the page carries none. */
export function adoptDocumentPageData(): boolean {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    const data = JSON.parse(element.textContent) as PageData;
    if (typeof data?.apiPath !== 'string' || typeof data.answer?.status !== 'number') return false;
    seedPageData(data);
    return true;
  } catch {
    return false;
  }
}

/** What has arrived for `apiPath` so far, without taking it. */
export function peekPrefetched(apiPath: string): PrefetchedAnswer | undefined {
  return prefetched.get(apiPath)?.settled;
}

export function takePrefetched(apiPath: string): Prefetch | undefined {
  const entry = prefetched.get(apiPath);
  prefetched.delete(apiPath);
  return entry;
}

/** Starts loading the code of the page at `path` (undefined for an unknown path: the 404 page). */
export function loadPage(path: string): Promise<{ path: string; component: ComponentType }> | undefined {
  const routePath = matchRoutePath(PAGE_PATHS, path);
  if (!routePath) return undefined;
  return PAGE_LOADERS[routePath]!().then((module) => ({ path: routePath, component: module.default }));
}
