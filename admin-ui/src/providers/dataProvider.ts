import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';

/** Console routes named as the spec names them, served by API resources named by what they hold. */
const API_RESOURCE: Record<string, string> = {
  'job-tracking': 'jobs',
};

const rest = simpleRestProvider('/api/admin', httpClient);

/**
 * A media-library upload is multipart (the photo and its describing fields), not JSON: the same
 * session and error handling as every other call.
 */
async function uploadMedia(data: Record<string, unknown>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (key === 'file' || value === undefined || value === null) continue;
    form.append(key, String(value));
  }
  const file = (data.file as { rawFile?: File } | undefined)?.rawFile;
  if (file) form.append('file', file, file.name);
  const { json } = await httpClient('/api/admin/media', { method: 'POST', body: form as unknown as string });
  return { data: json as { id: string } };
}

/** Staff resources live under /api/admin and speak ra-data-simple-rest's dialect (Content-Range totals). */
export const dataProvider: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const original = target[method as keyof DataProvider];
    if (typeof original !== 'function') return original;
    if (method === 'create') {
      return (resource: string, params: { data: Record<string, unknown> }) =>
        resource === 'media'
          ? uploadMedia(params.data)
          : (original as (...args: unknown[]) => unknown).call(target, API_RESOURCE[resource] ?? resource, params);
    }
    return (resource: string, ...rest: unknown[]) => (original as (...args: unknown[]) => unknown).call(target, API_RESOURCE[resource] ?? resource, ...rest);
  },
});
