import { useEffect } from 'react';
import { HeroMedia } from '../components/HeroMedia';
import { Link, useLocation } from 'wouter';
import { homeOf, useSession } from '../auth/session';
import { FEES } from '@relining/contracts/business';
import { PORTAL_BENEFITS } from './content';
import { QuickReferralForm } from './ReferralForm';

/**
 * spec §2 Plumber landing (/plumber-portal): a signed-in plumber goes to their dashboard and an
 * admin to the console; everyone else sees the portal's introduction.
 */
export default function PlumberPortalPage() {
  const session = useSession();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (session.status !== 'signedIn' || !session.user) return;
    const home = homeOf(session.user);
    if (home.startsWith('/admin')) window.location.replace(home);
    else navigate(home, { replace: true });
  }, [session.status, session.user, navigate]);

  return (
    <>
      <section className="hero hero--media">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">For plumbers</p>
            <h1 className="hero__title">Plumber Partner Portal</h1>
            <p className="hero__lead">{`Refer jobs you can’t dig up, follow every referral in real time and get paid up to ${FEES.max} per referral.`}</p>
            <div className="hero__actions">
              <Link href="/plumber-referral" className="button button--primary">
                Log In
              </Link>
              <Link href="/plumber-referral?mode=register" className="button button--ghost">
                Register
              </Link>
            </div>
          </div>
          <HeroMedia />
        </div>
      </section>
      <section className="section section--tinted" aria-label="Quick referral">
        <div className="container narrow">
          <div className="panel panel--padded">
            <QuickReferralForm idPrefix="portal-referral" />
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="portal-benefits">
        <div className="container">
          <h2 id="portal-benefits" className="section__title">
            Why plumbers partner with us
          </h2>
          <ul className="cards">
            {PORTAL_BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card">
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="cta">
        <div className="container cta__inner">
          <h2>Start referring today</h2>
          <p>Registration is free and takes a minute.</p>
          <Link href="/plumber-referral?mode=register" className="button button--primary">
            Create your account
          </Link>
        </div>
      </section>
    </>
  );
}
