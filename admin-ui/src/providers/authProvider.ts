import type { AuthProvider } from 'react-admin';
import { errorMessage } from '@relining/contracts/client/http';
import { consoleConfig } from '../common/consoleConfig';
import { session } from './session';

/**
 * Someone signed in who is not staff (a plumber) is sent to their own portal, still signed in: the
 * console never ends a session it does not own. react-admin answers a failed checkAuth by calling
 * logout, so logout leaves the server alone for them.
 */
function sendToPortal(): never {
  window.location.assign('/plumber-dashboard');
  throw { redirectTo: false, message: false };
}

const isStaffSession = () => session.user?.role === 'admin';

/** Staff sign-in against /api/auth (the shared session client); only admins use the console, anyone else is sent to their portal. */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    let signedIn;
    try {
      signedIn = await session.signIn({ email, password });
    } catch (error) {
      throw new Error(errorMessage(error, 'An unexpected error occurred'), { cause: error });
    }
    if (signedIn.user.role !== 'admin') {
      window.location.assign('/plumber-dashboard');
      return { redirectTo: false };
    }
    consoleConfig.reset();
    return { redirectTo: '/dashboard' };
  },

  async logout() {
    // A plumber's session (they opened an /admin page) is theirs: forget it here, keep them signed in.
    if (session.user && !isStaffSession()) {
      session.set(null);
      return false;
    }
    await session.signOut();
    return '/login';
  },

  async checkAuth() {
    if (!session.user && !(await session.refresh())) throw new Error('Please log in to continue.');
    if (!isStaffSession()) sendToPortal();
    // The display zone and e-mail mode, before any page renders a date.
    await consoleConfig.load();
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
