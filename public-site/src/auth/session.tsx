import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '@relining/contracts/roles';
import { api, ApiError, type RequestOptions } from '../lib/api';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

interface Session {
  accessToken: string;
  user: SessionUser;
}

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

interface SessionApi {
  status: SessionStatus;
  user: SessionUser | null;
  /** Starts the session check (the refresh cookie), once; pages that need to know who is here call it. */
  ensure: () => void;
  signIn: (email: string, password: string) => Promise<SessionUser>;
  adopt: (session: Session) => void;
  signOut: () => Promise<void>;
  /** An API call as the signed-in user; an expired access token is renewed once. */
  call: <T>(path: string, options?: RequestOptions) => Promise<T>;
  /** A file (a referral's photo) fetched as the signed-in user. */
  blob: (path: string) => Promise<Blob>;
}

/**
 * The signed-in plumber (or admin), in memory only: the access token never goes to localStorage. The
 * HttpOnly refresh cookie (sent only to /api/auth) restores the session on a page load.
 */
let current: Session | null = null;
let refreshing: Promise<Session | null> | null = null;

/** Set by the server beside the HttpOnly refresh cookie; without it there is no session to restore. */
function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)relining_session=1/.test(document.cookie);
}

function refreshSession(): Promise<Session | null> {
  if (!mayHaveSession()) return Promise.resolve(null);
  // A JSON body, as every /api/auth call must have (the server refuses anything else: no login CSRF).
  refreshing ??= api<Session>('/auth/refresh', { method: 'POST', body: {} })
    .then((session) => (current = session))
    .catch(() => (current = null))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [checked, setChecked] = useState(false);

  const apply = useCallback((session: Session | null) => {
    current = session;
    setUser(session?.user ?? null);
    setStatus(session ? 'signedIn' : 'signedOut');
  }, []);

  const ensure = useCallback(() => {
    if (checked) return;
    setChecked(true);
    void refreshSession().then(apply);
  }, [checked, apply]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await api<Session>('/auth/login', { method: 'POST', body: { email, password } });
      setChecked(true);
      apply(session);
      return session.user;
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    await api('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
    apply(null);
  }, [apply]);

  const call = useCallback(
    async <T,>(path: string, options: RequestOptions = {}): Promise<T> => {
      try {
        return await api<T>(path, { ...options, token: current?.accessToken });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        const renewed = await refreshSession();
        apply(renewed);
        if (!renewed) throw error;
        return api<T>(path, { ...options, token: renewed.accessToken });
      }
    },
    [apply],
  );

  const blob = useCallback(
    async (path: string): Promise<Blob> => {
      const get = (token: string | undefined) =>
        fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
      let response = await get(current?.accessToken);
      if (response.status === 401) {
        const renewed = await refreshSession();
        apply(renewed);
        if (renewed) response = await get(renewed.accessToken);
      }
      if (!response.ok) throw new ApiError(response.status, 'ERROR', 'This file could not be loaded.');
      return response.blob();
    },
    [apply],
  );

  const value = useMemo(
    () => ({ status, user, ensure, signIn, adopt: (session: Session) => { setChecked(true); apply(session); }, signOut, call, blob }),
    [status, user, ensure, signIn, apply, signOut, call, blob],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session, checked on first use. While it is checked, status is 'loading'. */
export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  useEffect(() => session.ensure(), [session]);
  return session;
}

/** Where a signed-in user belongs (spec §2/§6): admins to the console, plumbers to their dashboard. */
export function homeOf(user: SessionUser): string {
  return user.role === 'admin' ? '/admin/dashboard' : '/plumber-dashboard';
}
