import { Link } from 'wouter';
import { CLIENT_CONTACT_TIME, FEES } from '@relining/contracts/business';
import { PlumberArea } from './PlumberArea';
import { NewReferralForm } from './ReferralForm';

/**
 * spec §2 New referral page (/plumber-dashboard/new-referral): 'Submit New Referral', Back to
 * Dashboard, the e-mail and Sign Out; signed out, a 'Login Required' card, then /plumber-portal.
 */
export default function NewReferralPage() {
  return (
    <PlumberArea
      title="Submit New Referral"
      signedOutTo="/plumber-portal"
      signedOut={
        <div className="card login-required" role="alert">
          <h1>Login Required</h1>
          <p>Please log in to your plumber account to submit a referral. Taking you to the Plumber Portal...</p>
          <Link href="/plumber-portal" className="button button--primary">
            Go to the Plumber Portal
          </Link>
        </div>
      }
      actions={
        <Link href="/plumber-dashboard" className="button button--secondary">
          ← Back to Dashboard
        </Link>
      }
    >
      <p className="portal-intro">
        {`Tell us about the job. We contact your client within ${CLIENT_CONTACT_TIME}, and you earn ${FEES.cleanView} once the Clean & View is completed and ${FEES.reline} more if it becomes a reline.`}
      </p>
      <NewReferralForm />
    </PlumberArea>
  );
}
