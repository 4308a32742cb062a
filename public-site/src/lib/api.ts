/** The API's error format: { statusCode, code, message, errors?: [{ field, message }], correlationId }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

/** A JSON call to /api (a FormData body goes as multipart). Failures throw ApiError with the server's message (or a network message). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'We could not reach the server. Please check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  return answerOf<T>({ status: response.status, body: await response.json().catch(() => undefined) });
}

/** The body of an API answer, or the ApiError it stands for. */
export function answerOf<T>({ status, body }: { status: number; body: unknown }): T {
  if (status < 200 || status >= 300) {
    const error = body as { code?: string; message?: string; errors?: Array<{ field: string; message: string }> } | undefined;
    throw new ApiError(status, error?.code ?? 'ERROR', error?.message ?? 'Please try again later.', error?.errors ?? []);
  }
  return body as T;
}
