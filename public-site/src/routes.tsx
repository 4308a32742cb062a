import { lazy, Suspense, type ComponentType } from 'react';
import type { PageHead } from './lib/head';
import { FEES, INSPECTION_PRICE_INC_GST, WARRANTY } from '@relining/contracts/business';
import { SERVICE_AREAS, serviceAreaPath } from '@relining/contracts/service-areas';
import { serviceAreaHead } from './pages/service-area/service-area-head';
import { matchRoutePath, PAGE_LOADERS } from './page-loaders';

export interface SiteRoute {
  path: string;
  head: PageHead;
  component: ComponentType;
  /** Loads the page's code; awaited before prerendering and before hydration, so neither suspends. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Listed in sitemap.xml (marketing pages); app pages are noindex. */
  sitemap: boolean;
  /**
   * A path with parameters (`/job-status/:code`): prerendered once as a shell (its loading state) that
   * the server answers for every matching address; the browser renders the rest.
   */
  shell?: {
    samplePath: string;
    /**
     * The page's module, as the build manifest names it: the shell preloads its code (and React's)
     * from the HTML, since the page shows nothing of its own until that code has run.
     */
    source: string;
    /**
     * The page can be rendered with its data (it reads it with peekPrefetched): the server renders it
     * so when a module registers the page (src/common/http/server-rendered-pages.ts).
     */
    serverRendered?: boolean;
  };
}

const PAGE_LOADING = (
  <p className="page-loading" role="status">
    Loading...
  </p>
);

/**
 * A page in a chunk of its own, loaded when navigated to (its own Suspense boundary shows
 * 'Loading...'), or ahead of time (`load`) for prerendering and hydration, which then render it with
 * no boundary at all: React outlines large Suspense boundaries behind an inline script, which the
 * Content-Security-Policy forbids.
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<SiteRoute, 'component' | 'load'> {
  const Lazy = lazy(load);
  const OnDemand = () => (
    <Suspense fallback={PAGE_LOADING}>
      <Lazy />
    </Suspense>
  );
  return { component: OnDemand, load };
}

const plumberReferralPage = page(PAGE_LOADERS['/plumber-referral']!);

const marketing = (path: string, title: string, description: string): SiteRoute => ({
  path,
  head: { path, title, description },
  ...page(PAGE_LOADERS[path]!),
  sitemap: true,
});

const plumberReferralHead = (path: string): PageHead => ({
  path,
  title: `Plumber Referral Program: Earn Up to ${FEES.max} Per Referral | Pipe Relining Australia`,
  description: `Refer clients with broken or blocked pipes and earn ${FEES.cleanView} per completed Clean & View plus ${FEES.reline} per reline. Register, refer jobs and track your rebates online.`,
});

/**
 * The public site's routes, all prerendered to HTML by scripts/prerender.mjs. Every page's code is a
 * chunk of its own (page-loaders.ts): the entry script fetches the current page's chunk beside React's,
 * and the others load on demand.
 */
export const ROUTES: SiteRoute[] = [
  {
    path: '/',
    head: {
      path: '/',
      title: `Pipe Relining Australia | No-Dig Drain Repair & Clean & View CCTV Inspection from ${INSPECTION_PRICE_INC_GST}`,
      description: `Trenchless pipe relining across Australia. Book a fixed-price Clean & View drain clean and CCTV inspection from ${INSPECTION_PRICE_INC_GST}, waived if you reline. ${WARRANTY.guarantee}, most jobs done in a day.`,
    },
    ...page(PAGE_LOADERS['/']!),
    sitemap: true,
  },
  marketing(
    '/about',
    'About Us: Why Australians Trust Our No-Dig Pipe Relining | Pipe Relining Australia',
    `Trenchless pipe relining specialists with a nationwide network, fast lasting fixes and a ${WARRANTY.guarantee}. Meet the team behind Pipe Relining Australia.`,
  ),
  marketing(
    '/why-no-dig',
    'Why No-Dig Pipe Relining? No Digging, No Drama | Pipe Relining Australia',
    'Compare traditional pipe repair with trenchless relining: faster, cost effective, built to last 50+ years and without digging up your property.',
  ),
  marketing(
    '/corporate',
    'Pipe Relining for Councils, Water Authorities & Infrastructure | Pipe Relining Australia',
    'Trenchless sewer and stormwater rehabilitation for councils, water authorities and asset owners: pipes 40mm to 300mm+, full documentation, SLAs and quality assurance.',
  ),
  marketing(
    '/rapidresin',
    'RapidResin Pipe Relining Liners and Resins | Pipe Relining Australia',
    'RapidResin liners sold by the metre in 50m rolls, resins that cure in under 90 minutes and starter liner kits, made in Adelaide for plumbers across Australia.',
  ),
  marketing(
    '/privacy',
    'Privacy Policy | Pipe Relining Australia',
    'How Pipe Relining Australia collects, uses, stores and protects your personal information under the Australian Privacy Principles.',
  ),
  marketing(
    '/terms',
    'Terms of Service | Pipe Relining Australia',
    'The terms for using our website, booking a Clean & View inspection, relining work and the plumber referral program.',
  ),
  // The local pages (issue 20): one per service area, prerendered and in the sitemap.
  ...SERVICE_AREAS.map((area): SiteRoute => ({
    path: serviceAreaPath(area),
    head: serviceAreaHead(area),
    ...page(PAGE_LOADERS[serviceAreaPath(area)]!),
    sitemap: true,
  })),
  {
    path: '/thank-you',
    head: {
      path: '/thank-you',
      title: 'Thank you for your booking | Pipe Relining Australia',
      description: 'Your Clean & View booking request was received.',
      noindex: true,
    },
    ...page(PAGE_LOADERS['/thank-you']!),
    sitemap: false,
  },
  { path: '/plumber-referral', head: plumberReferralHead('/plumber-referral'), ...plumberReferralPage, sitemap: true },
  // Same screen (spec §2); its canonical address is /plumber-referral.
  { path: '/plumbers', head: plumberReferralHead('/plumber-referral'), ...plumberReferralPage, sitemap: false },
  {
    path: '/plumber-portal',
    head: {
      path: '/plumber-portal',
      title: 'Plumber Partner Portal | Pipe Relining Australia',
      description: `Log in or register to refer pipe relining jobs, track every referral in real time and get paid up to ${FEES.max} per referral.`,
    },
    ...page(PAGE_LOADERS['/plumber-portal']!),
    sitemap: true,
  },
  {
    path: '/plumber-dashboard',
    head: {
      path: '/plumber-dashboard',
      title: 'Plumber Dashboard | Pipe Relining Australia',
      description: 'Your referrals, rebates and account.',
      noindex: true,
    },
    ...page(PAGE_LOADERS['/plumber-dashboard']!),
    sitemap: false,
  },
  {
    path: '/plumber-dashboard/new-referral',
    head: {
      path: '/plumber-dashboard/new-referral',
      title: 'Submit New Referral | Pipe Relining Australia',
      description: 'Refer a pipe relining job.',
      noindex: true,
    },
    ...page(PAGE_LOADERS['/plumber-dashboard/new-referral']!),
    sitemap: false,
  },
  marketing(
    '/plumber-onboarding',
    'Plumber Onboarding: How Referrals Work and How You Get Paid | Pipe Relining Australia',
    `How the referral process works in three steps, which jobs to refer, and how plumbers are paid: ${FEES.cleanView} per completed Clean & View and ${FEES.reline} more per reline.`,
  ),
  {
    path: '/verify-email',
    head: {
      path: '/verify-email',
      title: 'Confirm your email | Pipe Relining Australia',
      description: 'Confirm the email address of your account.',
      noindex: true,
    },
    ...page(PAGE_LOADERS['/verify-email']!),
    sitemap: false,
  },
  {
    path: '/reset-password',
    head: { path: '/reset-password', title: 'Choose a password | Pipe Relining Australia', description: 'Set a new password for your account.', noindex: true },
    ...page(PAGE_LOADERS['/reset-password']!),
    sitemap: false,
  },
  {
    path: '/job-status/:code',
    head: { path: '/job-status', title: 'Your Job Status | Pipe Relining Australia', description: 'Follow your pipe relining job.', noindex: true },
    ...page(PAGE_LOADERS['/job-status/:code']!),
    sitemap: false,
    shell: { samplePath: '/job-status/loading', source: 'src/jobs/JobStatusPage.tsx', serverRendered: true },
  },
  {
    path: '/booking/:token',
    head: {
      path: '/booking',
      title: 'Your Clean & View Appointment | Pipe Relining Australia',
      description: 'See, move or cancel your Clean & View appointment.',
      noindex: true,
    },
    ...page(PAGE_LOADERS['/booking/:token']!),
    sitemap: false,
    shell: { samplePath: '/booking/loading', source: 'src/appointments/AppointmentPage.tsx', serverRendered: true },
  },
  {
    // Issue 20: the review link of a completed job's review request (private: noindex, not in the sitemap).
    path: '/review/:token',
    head: { path: '/review', title: 'Review your job | Pipe Relining Australia', description: 'Tell us how your pipe relining job went.', noindex: true },
    ...page(PAGE_LOADERS['/review/:token']!),
    sitemap: false,
    shell: { samplePath: '/review/loading', source: 'src/reviews/ReviewPage.tsx' },
  },
];

export const NOT_FOUND_HEAD: PageHead = {
  path: '/404',
  title: 'Page not found | Pipe Relining Australia',
  description: 'The page you were looking for does not exist.',
  noindex: true,
};

const ROUTE_PATHS = ROUTES.map((route) => route.path);

/** The route for a path: an exact match, or a pattern such as `/job-status/:code`. */
export function routeFor(path: string): SiteRoute | undefined {
  const routePath = matchRoutePath(ROUTE_PATHS, path);
  return routePath === undefined ? undefined : ROUTES.find((route) => route.path === routePath);
}

/**
 * The component of the route at `path`, with its code already loaded: rendering it does not suspend,
 * so prerendering emits finished HTML (no inline completion scripts, which the CSP forbids) and
 * hydration matches it.
 */
export async function loadRouteComponent(path: string): Promise<{ path: string; component: ComponentType } | undefined> {
  const route = routeFor(path);
  if (!route?.load) return undefined;
  return { path: route.path, component: (await route.load()).default };
}
