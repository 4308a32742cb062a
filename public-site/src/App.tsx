import { Suspense, useEffect } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { BookingDialogProvider } from './components/BookingDialog';
import { Layout } from './components/Layout';
import { applyHead } from './lib/head';
import { NotFoundPage } from './pages/NotFoundPage';
import { NOT_FOUND_HEAD, ROUTES } from './routes';

function HeadUpdater(): null {
  const [location] = useLocation();
  useEffect(() => {
    const route = ROUTES.find((candidate) => candidate.path === location);
    applyHead(route?.head ?? NOT_FOUND_HEAD);
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

export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router ssrPath={ssrPath}>
      <BookingDialogProvider>
        <Layout>
          <Suspense fallback={<p className="page-loading" role="status">Loading...</p>}>
            <Switch>
              {ROUTES.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </Layout>
        <HeadUpdater />
        <ScrollManager />
      </BookingDialogProvider>
    </Router>
  );
}
