import type { AuthProvider } from 'react-admin';
import { errorMessage, httpClient } from './httpClient';
import { session } from './session';

/** Staff sign-in against /api/auth; only admins use the console, anyone else is sent to their portal. */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    let body;
    try {
      ({ json: body } = await httpClient('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) }));
    } catch (error) {
      throw new Error(errorMessage(error, 'An unexpected error occurred'));
    }
    session.set(body);
    if (body.user.role !== 'admin') {
      window.location.assign('/plumber-dashboard');
      return { redirectTo: false };
    }
    return { redirectTo: '/dashboard' };
  },

  async logout() {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(
      () => undefined,
    );
    session.set(null);
    return '/login';
  },

  async checkAuth() {
    if (!session.user && !(await session.refresh())) throw new Error('Please log in to continue.');
    if (session.user?.role !== 'admin') {
      window.location.assign('/plumber-dashboard');
      throw { redirectTo: false, message: false };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session.set(null);
      throw new Error('Your session has ended. Please log in again.');
    }
  },

  async getIdentity() {
    if (!session.user && !(await session.refresh())) throw new Error('Please log in to continue.');
    const user = session.user!;
    return { id: user.id, fullName: user.email, email: user.email };
  },

  async getPermissions() {
    return session.user?.role ?? null;
  },
};
