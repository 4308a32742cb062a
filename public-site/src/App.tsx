import { useEffect, type ComponentType } from 'react';
import { Toaster } from 'sonner';
import { Route, Router, Switch, useLocation } from 'wouter';
import { SessionProvider } from './auth/session';
import { BookingDialogProvider } from './components/BookingDialog';
import { ProductEnquiryProvider } from './components/ProductEnquiryDialog';
import { Layout } from './components/Layout';
import { applyHead } from './lib/head';
import { NotFoundPage } from './pages/NotFoundPage';
import { NOT_FOUND_HEAD, ROUTES, routeFor } from './routes';

function HeadUpdater(): null {
  const [location] = useLocation();
  useEffect(() => {
    applyHead(routeFor(location)?.head ?? NOT_FOUND_HEAD);
  }, [location]);
  return null;
}

/** Scrolls to the top on navigation, or to the #anchor when the link has one. */
function ScrollManager(): null {
  const [location] = useLocation();
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    const target = hash ? document.getElementById(hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export interface PreloadedRoute {
  path: string;
  component: ComponentType;
}

export function App({ ssrPath, preloaded }: { ssrPath?: string; preloaded?: PreloadedRoute }) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrPath === undefined ? undefined : ''}>
      <SessionProvider>
      <BookingDialogProvider>
      <ProductEnquiryProvider>
        <Layout>
          <Switch>
              {ROUTES.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  component={preloaded?.path === route.path ? preloaded.component : route.component}
                />
              ))}
              <Route component={NotFoundPage} />
          </Switch>
        </Layout>
        <HeadUpdater />
        <ScrollManager />
        <Toaster position="top-center" richColors closeButton />
      </ProductEnquiryProvider>
      </BookingDialogProvider>
      </SessionProvider>
    </Router>
  );
}
