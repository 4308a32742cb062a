import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session, SessionUser } from '@relining/contracts/api/auth';
import type { RequestOptions } from '@relining/contracts/client/http';
import { createSession } from '@relining/contracts/client/session';

export type { SessionUser };

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
  call: <T>(path: string, options?: Omit<RequestOptions, 'token'>) => Promise<T>;
  /** A file (a referral's photo) fetched as the signed-in user. */
  blob: (path: string) => Promise<Blob>;
}

/**
 * The signed-in plumber (or admin): the one session client both front ends use
 * (@relining/contracts/client), in memory only — the access token never goes to localStorage. The
 * HttpOnly refresh cookie (sent only to /api/auth) restores the session on a page load. This provider
 * only mirrors it into React state.
 */
const client = createSession();

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [checked, setChecked] = useState(false);

  const apply = useCallback((session: Session | null) => {
    setUser(session?.user ?? null);
    setStatus(session ? 'signedIn' : 'signedOut');
  }, []);

  // A renewal inside a call (or its failure) shows at once: signed in as someone new, or signed out.
  useEffect(() => client.subscribe(apply), [apply]);

  const ensure = useCallback(() => {
    if (checked) return;
    setChecked(true);
    void client.refresh().then(apply);
  }, [checked, apply]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await client.signIn({ email, password });
      setChecked(true);
      apply(session);
      return session.user;
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    await client.signOut();
    apply(null);
  }, [apply]);

  const value = useMemo(
    () => ({
      status,
      user,
      ensure,
      signIn,
      adopt: (session: Session) => {
        setChecked(true);
        client.set(session);
        apply(session);
      },
      signOut,
      call: client.call,
      blob: client.blob,
    }),
    [status, user, ensure, signIn, apply, signOut],
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
