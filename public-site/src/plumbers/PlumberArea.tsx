import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../auth/session';
import { Loading } from '../components/Loading';

export const SIGNED_OUT_NOTICE_MS = 2000;

/**
 * The frame of the signed-in plumber pages (spec §2, §6): 'Loading...' while the session is checked,
 * signed-out visitors sent to `signedOutTo`, admins to the console; a header with the title, the
 * user's e-mail and Sign Out.
 */
export function PlumberArea({
  title,
  signedOutTo,
  signedOut,
  actions,
  children,
}: {
  title: string;
  signedOutTo: string;
  /** Shown to a signed-out visitor for a moment (SIGNED_OUT_NOTICE_MS) before going to `signedOutTo`. */
  signedOut?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  const [, navigate] = useLocation();
  const noticeFirst = signedOut !== undefined;

  useEffect(() => {
    if (session.status === 'signedOut') {
      if (!noticeFirst) {
        navigate(signedOutTo, { replace: true });
        return;
      }
      const timer = setTimeout(() => navigate(signedOutTo, { replace: true }), SIGNED_OUT_NOTICE_MS);
      return () => clearTimeout(timer);
    }
    if (session.status === 'signedIn' && session.user?.role !== 'plumber') window.location.replace('/admin/dashboard');
  }, [session.status, session.user, navigate, signedOutTo, noticeFirst]);

  if (session.status === 'signedOut' && signedOut) return <div className="container page">{signedOut}</div>;
  if (session.status !== 'signedIn' || session.user?.role !== 'plumber') {
    return (
      <div className="container page">
        <Loading />
      </div>
    );
  }

  async function signOut() {
    await session.signOut();
    navigate('/plumber-referral');
  }

  return (
    <div className="container page">
      <header className="portal-header">
        <div>
          <h1 className="portal-header__title">{title}</h1>
          <p className="portal-header__email">{session.user.email}</p>
        </div>
        <div className="portal-header__actions">
          {actions}
          <button type="button" className="button button--secondary" onClick={signOut}>
            Sign Out
          </button>
        </div>
      </header>
      {children}
    </div>
  );
}
