import type { ComponentType } from 'react';
import { HomePage } from './pages/HomePage';
import type { PageHead } from './lib/head';

export interface SiteRoute {
  path: string;
  head: PageHead;
  component: ComponentType;
}

/**
 * The public site's routes. Every route here is prerendered to HTML by scripts/prerender.mjs; the home
 * page is in the main bundle (it is the landing page), the others load on demand with React.lazy.
 */
export const ROUTES: SiteRoute[] = [
  {
    path: '/',
    head: {
      path: '/',
      title: 'Pipe Relining Australia | No-Dig Drain Repair & Clean & View CCTV Inspection from $299',
      description:
        'Trenchless pipe relining across Australia. Book a fixed-price Clean & View drain clean and CCTV inspection from $299, waived if you reline. 25-year guarantee, most jobs done in a day.',
    },
    component: HomePage,
  },
];

export const NOT_FOUND_HEAD: PageHead = {
  path: '/404',
  title: 'Page not found | Pipe Relining Australia',
  description: 'The page you were looking for does not exist.',
  noindex: true,
};
