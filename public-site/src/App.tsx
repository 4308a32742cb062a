import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { SessionProvider } from './auth/session';
import { BookingDialogProvider } from './components/BookingDialog';
import { ProductEnquiryProvider } from './components/ProductEnquiryDialog';
import { Layout } from './components/Layout';
import { ToastHost } from './components/ToastHost';
import { applyHead } from './lib/head';
import { useHydrated } from './lib/useHydrated';
import { SiteContentProvider } from './lib/site-content';
import type { SiteContent } from '@relining/contracts/site-content';
import { NotFoundPage } from './pages/NotFoundPage';
import { NOT_FOUND_HEAD, ROUTES, routeFor } from './routes';

function HeadUpdater(): null {
  const [location] = useLocation();
  useEffect(() => {
    applyHead(routeFor(location)?.head ?? NOT_FOUND_HEAD);
  }, [location]);
  return null;
}

/**
 * Scrolls to the top on navigation, or to the #anchor when the link has one. Not on the first render:
 * the browser has placed the prerendered page already, and a visitor may have scrolled since.
 */
function ScrollManager(): null {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const hash = window.location.hash.slice(1);
    const target = hash ? document.getElementById(hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/**
 * Remembers a plumber's referral code (`?ref=CODE`) whenever the address carries one, as the server
 * does when it serves a page, so a link followed inside the site is remembered too. The code that does
 * it (lib/referral-code.ts) is fetched only then: every page carries this frame.
 */
function ReferralFromAddress(): null {
  const search = useSearch();
  useEffect(() => {
    if (!new URLSearchParams(search).has('ref')) return;
    import('./lib/referral-code').then(
      ({ rememberReferralFromAddress }) => rememberReferralFromAddress(),
      () => undefined, // not fetched (offline): the server remembered it when it served the page
    );
  }, [search]);
  return null;
}

export interface PageSignals {
  /** The page has hydrated (its components' first effects are running). */
  onHydrated?: () => void;
  /** The page has re-rendered as hydrated: it is interactive. */
  onInteractive?: () => void;
}

/** Tells the entry script how far the page has come (lib/early-input.ts acts on it). */
function Signals({ onHydrated, onInteractive }: PageSignals): null {
  const hydrated = useHydrated();
  useEffect(() => {
    (hydrated ? onInteractive : onHydrated)?.();
  }, [hydrated, onHydrated, onInteractive]);
  return null;
}

export interface PreloadedRoute {
  path: string;
  component: ComponentType;
}

export function App({
  ssrPath,
  preloaded,
  signals,
  content,
}: {
  ssrPath?: string;
  preloaded?: PreloadedRoute;
  signals?: PageSignals;
  /** The company profile and slot images the page is rendered with (lib/site-content.tsx). */
  content?: SiteContent;
}) {
  return (
    <SiteContentProvider content={content}>
      <Router ssrPath={ssrPath} ssrSearch={ssrPath === undefined ? undefined : ''}>
        <SessionProvider>
          <BookingDialogProvider>
            <ProductEnquiryProvider>
              {/*
          Nothing in here suspends: the boundary lets React hydrate the page in slices, yielding to the
          browser every few milliseconds, instead of in one long task (spec'd budget: TBT <= 50 ms).
        */}
              <Suspense fallback={null}>
                <Layout>
                  <Switch>
                    {ROUTES.map((route) => (
                      <Route key={route.path} path={route.path} component={preloaded?.path === route.path ? preloaded.component : route.component} />
                    ))}
                    <Route component={NotFoundPage} />
                  </Switch>
                </Layout>
                <Signals {...signals} />
              </Suspense>
              <HeadUpdater />
              <ReferralFromAddress />
              <ScrollManager />
              <ToastHost />
            </ProductEnquiryProvider>
          </BookingDialogProvider>
        </SessionProvider>
      </Router>
    </SiteContentProvider>
  );
}
