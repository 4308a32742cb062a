import type { ApiErrorBody, FieldError } from '../api/errors.js';

/**
 * The one HTTP client of both front ends (the public site and the staff console): JSON requests to
 * /api, answers read into the contracts' types, failures into an ApiError carrying the API's error
 * format. No framework, no dependency: the console's react-admin providers and the site's pages are
 * thin layers over it (session.ts adds the signed-in user).
 */

/** Where the API lives: the client's paths are under it ('/auth/login' is POST /api/auth/login). */
export const API_BASE = '/api';

export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Please check your connection and try again.';
const UNKNOWN_ERROR_MESSAGE = 'Please try again later.';

/** A failed request: the API's error format (`ApiErrorBody`), or status 0 and code 'NETWORK' when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    /** The answer's body as it came (undefined when it had none, or the server was not reached). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a FormData goes as multipart, and a string as it is (JSON already). */
  body?: unknown;
  headers?: HeadersInit;
  /** The access token, for the Authorization header. */
  token?: string | null;
  signal?: AbortSignal | null;
}

export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/**
 * One request to the API, same origin (the refresh cookie goes only where the server scoped it). The
 * answer comes back whatever its status; only an unreachable server throws (ApiError, status 0). An
 * aborted request rethrows its AbortError.
 */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  const body =
    options.body === undefined ? undefined : multipart || typeof options.body === 'string' ? (options.body as BodyInit) : JSON.stringify(options.body);
  try {
    return await fetch(apiUrl(path), { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal ?? undefined });
  } catch (error) {
    if ((error as Error | null)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
}

/** The body of an API answer, or the ApiError it stands for (with the server's message and field errors). */
export function answerOf<T>({ status, body }: { status: number; body: unknown }): T {
  if (status < 200 || status >= 300) {
    const error = body as Partial<ApiErrorBody> | undefined;
    throw new ApiError(status, error?.code ?? 'ERROR', error?.message ?? UNKNOWN_ERROR_MESSAGE, error?.errors ?? [], body);
  }
  return body as T;
}

/** Reads an answer of `send`: its JSON body (undefined for 204 No Content), or throws its ApiError. */
export async function readAnswer<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  return answerOf<T>({ status: response.status, body: await response.json().catch(() => undefined) });
}

/** A JSON call to /api{path}, answered with the type the caller names (from @relining/contracts/api). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readAnswer<T>(await send(path, options));
}

/** The server's own message for a failure, for toasts; `fallback` when it gave none (unreachable, no error format). */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } } | null | undefined)?.body;
  return typeof body?.message === 'string' ? body.message : fallback;
}
