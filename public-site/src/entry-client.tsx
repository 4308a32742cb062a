import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { loadRouteComponent } from './routes';
import './styles/global.css';
import './styles/content.css';
import './styles/resin.css';
import './styles/plumbers.css';

const container = document.getElementById('root')!;
// The page's own chunk first, so hydration renders exactly what was prerendered without suspending.
const preloaded = await loadRouteComponent(window.location.pathname);
const app = (
  <StrictMode>
    <App preloaded={preloaded} />
  </StrictMode>
);
// Prerendered pages hydrate; a page without prerendered markup (development server) renders from scratch.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
