import { SERVICE_AREAS, serviceAreaPath } from '@relining/contracts/service-areas';
import type { SiteContent } from '@relining/contracts/site-content';
import { serviceAreaStructuredData } from '../pages/service-area/service-area-head';
import { businessStructuredData } from './structured-data';

const AREA_BY_PATH = new Map(SERVICE_AREAS.map((area) => [serviceAreaPath(area), area]));

/**
 * The schema.org data a page carries in its head, by path (undefined: none). Only the server and the
 * prerenderer write it (entry-server.tsx): the browser never reads it, so none of this code is in the
 * pages' JavaScript (the home page's budget is 100 KB).
 */
export function structuredDataFor(path: string, content: SiteContent): object | undefined {
  // The home and about pages show the latest reviews ('What Our Customers Say' / 'What Customers Say').
  if (path === '/' || path === '/about') return businessStructuredData(content, content.reviews.latest);
  const area = AREA_BY_PATH.get(path);
  return area ? serviceAreaStructuredData(area, content.reviews) : undefined;
}
