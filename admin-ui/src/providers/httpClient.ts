import { fetchUtils } from 'react-admin';
import { session } from './session';

function withToken(options: fetchUtils.Options): fetchUtils.Options {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (session.token) headers.set('Authorization', `Bearer ${session.token}`);
  return { ...options, headers, credentials: 'same-origin' };
}

/**
 * Every console request: JSON with the in-memory access token. An expired token (401) is renewed once
 * from the refresh cookie and the request retried; a second 401 reaches react-admin, which signs out.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, withToken(options));
  } catch (error) {
    if ((error as { status?: number }).status !== 401 || !(await session.refresh())) throw error;
    return fetchUtils.fetchJson(url, withToken(options));
  }
}

/** The message of an API error in the global format, for toasts. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } }).body;
  return typeof body?.message === 'string' ? body.message : fallback;
}

/**
 * Bytes the API guards with the access token (a referral's photo, for example), renewed once on 401
 * like every other console request. Callers show them through an object URL.
 */
export async function fetchBlob(url: string): Promise<Blob> {
  const attempt = () => fetch(url, { credentials: 'same-origin', headers: session.token ? { Authorization: `Bearer ${session.token}` } : {} });
  let response = await attempt();
  if (response.status === 401 && (await session.refresh())) response = await attempt();
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return response.blob();
}
