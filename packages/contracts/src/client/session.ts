import { SESSION_MARKER_COOKIE, type LoginRequest, type Session, type SessionUser } from '../api/auth.js';
import { api, ApiError, readAnswer, send as sendRequest, type RequestOptions } from './http.js';

/**
 * The signed-in user of a front end, held in memory only: the access token never touches
 * localStorage, where an injected script could read it. The long-lived refresh token is an HttpOnly
 * cookie only /api/auth ever sees; a page load or an expired access token gets a new one from it.
 */
export interface SessionClient {
  readonly current: Session | null;
  readonly token: string | null;
  readonly user: SessionUser | null;
  /** Takes a session (an answer of login or registration), or forgets it (null). */
  set(session: Session | null): void;
  /** Called on every change (sign-in, renewal, sign-out, a renewal that failed); returns the unsubscribe. */
  subscribe(listener: (session: Session | null) => void): () => void;
  /** Whether the server's marker cookie says there is a refresh cookie to restore a session from. */
  mayHaveSession(): boolean;
  /**
   * A new access token from the refresh cookie (null when there is none, or it was refused).
   * Concurrent callers share one request: the server rotates the refresh token on every use and
   * treats a second use of the old one as theft.
   */
  refresh(): Promise<Session | null>;
  /** POST /api/auth/login; failures throw ApiError with the server's message. */
  signIn(credentials: LoginRequest): Promise<Session>;
  /** POST /api/auth/logout (a failure to reach the server still forgets the session here). */
  signOut(): Promise<void>;
  /**
   * A request as the signed-in user. A 401 (the access token expired) is renewed once from the refresh
   * cookie and the request sent again; when it cannot be renewed the session is forgotten and the
   * 401 answer returned.
   */
  send(path: string, options?: Omit<RequestOptions, 'token'>): Promise<Response>;
  /** `send`, answered with the type the caller names, or an ApiError. */
  call<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** Bytes the API guards with the access token (a referral's photo), renewed like any call. */
  blob(path: string): Promise<Blob>;
}

export interface SessionClientOptions {
  /** Where the marker cookie is read (tests); the document's cookies by default. */
  cookies?: () => string;
}

const documentCookies = (): string => (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
const MARKER = new RegExp(`(?:^|;\\s*)${SESSION_MARKER_COOKIE}=1`);

/** One session client per front end (each keeps its own user in memory). */
export function createSession({ cookies = documentCookies }: SessionClientOptions = {}): SessionClient {
  let current: Session | null = null;
  let refreshing: Promise<Session | null> | null = null;
  const listeners = new Set<(session: Session | null) => void>();

  function set(session: Session | null): void {
    current = session;
    for (const listener of listeners) listener(session);
  }

  const mayHaveSession = () => MARKER.test(cookies());

  function refresh(): Promise<Session | null> {
    if (!mayHaveSession()) return Promise.resolve(null);
    // A JSON body, as every /api/auth call must have (the server refuses anything else: no login CSRF).
    refreshing ??= api<Session>('/auth/refresh', { method: 'POST', body: {} })
      .then(
        (session) => {
          set(session);
          return session;
        },
        () => {
          set(null);
          return null;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<Response> {
    const response = await sendRequest(path, { ...options, token: current?.accessToken });
    if (response.status !== 401) return response;
    const renewed = await refresh();
    if (!renewed) {
      set(null);
      return response;
    }
    return sendRequest(path, { ...options, token: renewed.accessToken });
  }

  return {
    get current() {
      return current;
    },
    get token() {
      return current?.accessToken ?? null;
    },
    get user() {
      return current?.user ?? null;
    },
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    mayHaveSession,
    refresh,
    async signIn(credentials) {
      const session = await api<Session>('/auth/login', { method: 'POST', body: credentials });
      set(session);
      return session;
    },
    async signOut() {
      await api('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
      set(null);
    },
    send,
    async call<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
      return readAnswer<T>(await send(path, options));
    },
    async blob(path) {
      const response = await send(path, { headers: { Accept: '*/*' } });
      if (!response.ok) throw new ApiError(response.status, 'ERROR', 'This file could not be loaded.');
      return response.blob();
    },
  };
}
