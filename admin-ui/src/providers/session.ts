import type { Role } from '@relining/contracts/roles';

/**
 * The signed-in staff member, held in memory only: the access token never touches localStorage, where
 * an injected script could read it. The long-lived refresh token is an HttpOnly cookie that only
 * /api/auth ever sees; a page load or an expired access token gets a new one from it.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

interface SessionState {
  accessToken: string;
  user: SessionUser;
}

let current: SessionState | null = null;
let refreshing: Promise<SessionState | null> | null = null;

export const session = {
  get token(): string | null {
    return current?.accessToken ?? null;
  },
  get user(): SessionUser | null {
    return current?.user ?? null;
  },
  set(state: SessionState | null): void {
    current = state;
  },
  /**
   * A new access token from the refresh cookie. Concurrent callers share one request: the server
   * rotates the refresh token on every use and treats a second use as theft.
   */
  refresh(): Promise<SessionState | null> {
    // The server sets this readable marker beside the HttpOnly refresh cookie: without it, nothing to restore.
    if (!/(?:^|;\s*)relining_session=1/.test(document.cookie)) return Promise.resolve(null);
    // JSON, as every /api/auth call must be (the server refuses anything else: no login CSRF).
    refreshing ??= fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{}' })
      .then(async (response) => {
        current = response.ok ? ((await response.json()) as SessionState) : null;
        return current;
      })
      .catch(() => null)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  },
};
