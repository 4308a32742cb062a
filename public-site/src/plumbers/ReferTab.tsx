import { Link } from 'wouter';
import { useSession } from '../auth/session';
import { QuickReferralForm } from './ReferralForm';

/** The 'Refer a Job' tab (value refer): the quick referral form; signed-in plumbers can use their dashboard's. */
export function ReferTab({ onRegister }: { onRegister: (email: string) => void }) {
  const session = useSession();
  return (
    <div className="auth-panel">
      {session.status === 'signedIn' && session.user?.role === 'plumber' ? (
        <p className="notice notice--info">
          You are signed in. <Link href="/plumber-dashboard/new-referral">Refer from your dashboard</Link> to add service types and photos.
        </p>
      ) : null}
      <QuickReferralForm idPrefix="refer-tab" headingLevel={2} onRegister={onRegister} />
    </div>
  );
}
