import { Link } from 'wouter';

/** The 'Refer a Job' tab: referring is done from the plumber dashboard once signed in. */
export function ReferTab() {
  return (
    <div className="auth-panel">
      <h2 className="auth-panel__title">Refer a job</h2>
      <p>
        Log in (or register) to refer a job from your dashboard: it takes about two minutes, and you can follow the referral and both
        rebates from there.
      </p>
      <Link href="/plumber-dashboard" className="button button--primary button--block">
        Go to your dashboard
      </Link>
    </div>
  );
}
