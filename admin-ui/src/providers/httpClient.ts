import { HttpError, type fetchUtils } from 'react-admin';
import { API_BASE } from '@relining/contracts/client/http';
import { session } from './session';

/** react-admin's data provider names whole URLs (`/api/admin/jobs?…`); the client takes paths under /api. */
function apiPath(url: string): string {
  if (!url.startsWith(`${API_BASE}/`)) throw new Error(`Not an API URL: ${url}`);
  return url.slice(API_BASE.length);
}

/**
 * react-admin's httpClient over the shared session client: the same token and renewal as every other
 * console request, answered as react-admin's fetchJson answers (`{ status, headers, body, json }`, an
 * HttpError carrying the server's message and body on failure; a 401 that could not be renewed reaches
 * the auth provider's checkError, which signs out).
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const response = await session.send(apiPath(url), {
    method: (options.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE',
    body: options.body ?? undefined,
    headers: options.headers,
    signal: options.signal,
  });
  const body = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError((json as { message?: string } | undefined)?.message || response.statusText, response.status, json);
  }
  return { status: response.status, headers: response.headers, body, json };
}
