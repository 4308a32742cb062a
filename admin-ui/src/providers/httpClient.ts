import { fetchUtils } from 'react-admin';
import { session } from './session';

/** Every console request: JSON, the access token when signed in, and cookies for the refresh endpoint. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (session.token) headers.set('Authorization', `Bearer ${session.token}`);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}
