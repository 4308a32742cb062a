import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';

/** Console routes named as the spec names them, served by API resources named by what they hold. */
const API_RESOURCE: Record<string, string> = {
  'job-tracking': 'jobs',
};

const rest = simpleRestProvider('/api/admin', httpClient);

/** Staff resources live under /api/admin and speak ra-data-simple-rest's dialect (Content-Range totals). */
export const dataProvider: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const original = target[method as keyof DataProvider];
    if (typeof original !== 'function') return original;
    return (resource: string, ...rest: unknown[]) => (original as (...args: unknown[]) => unknown).call(target, API_RESOURCE[resource] ?? resource, ...rest);
  },
});
