import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FEES } from '@relining/contracts/business';
import { Accordion } from '../components/Accordion';
import { Tabs } from '../components/Tabs';
import { HeroMedia } from '../components/HeroMedia';
import { AuthPanel, type AuthMode } from './AuthPanel';
import { HOW_REFERRALS_WORK, PARTNER_TESTIMONIAL, PLUMBER_FAQ, REFERRAL_BENEFITS } from './content';
import { ReferTab } from './ReferTab';

/** spec §2 Plumber referral page (/plumber-referral and /plumbers). */
export default function PlumberReferralPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [tab, setTab] = useState(params.get('tab') === 'refer' ? 'refer' : 'join');
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'register' ? 'register' : params.get('forgot') ? 'forgot' : 'signIn');
  const [email, setEmail] = useState('');
  const tabsRef = useRef<HTMLDivElement>(null);
  const [location, navigate] = useLocation();

  useEffect(() => {
    const next = new URLSearchParams(search);
    if (next.get('tab') === 'refer') setTab('refer');
    if (next.get('mode') === 'register') setMode('register');
    if (next.get('forgot')) setMode('forgot');
  }, [search]);

  // After a quick referral elsewhere (the portal), registration opens with the plumber's e-mail.
  useEffect(() => {
    const state = window.history.state as { register?: unknown } | null;
    if (typeof state?.register === 'string') register(state.register);
  }, []);

  function register(withEmail = '') {
    setEmail(withEmail);
    setMode('register');
    setTab('join');
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function signUp() {
    register(email);
  }

  /** spec §2: after the quick referral, /plumber-referral (this page) with registration open. */
  function afterQuickReferral(plumberEmail: string) {
    register(plumberEmail);
    if (location !== '/plumber-referral') navigate('/plumber-referral', { state: { register: plumberEmail } });
  }

  return (
    <>
      <section className="hero hero--media hero--panel">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">Plumber referral program</p>
            <h1 className="hero__title">{`Earn Up to ${FEES.max} Per Referral`}</h1>
            <p className="hero__lead">
              {`Refer clients with broken, blocked or root-damaged pipes. We do the inspection and the no-dig repair; you earn ${FEES.cleanView} for every completed Clean & View and ${FEES.reline} more if it becomes a reline.`}
            </p>
            <ul className="hero__points">
              {REFERRAL_BENEFITS.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </div>
          <div className="hero__side">
            <HeroMedia slot="plumbers.hero" />
            <div className="panel hero__panel" ref={tabsRef} id="get-started">
              <Tabs
                label="Plumber portal"
                value={tab}
                onChange={setTab}
                tabs={[
                  { value: 'join', label: 'Log In', content: <AuthPanel key={`${mode}:${email}`} initialMode={mode} initialEmail={email} /> },
                  { value: 'refer', label: 'Refer a Job', content: <ReferTab onRegister={afterQuickReferral} /> },
                ]}
              />
            </div>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="how-referrals-work">
        <div className="container">
          <h2 id="how-referrals-work" className="section__title">
            How It Works
          </h2>
          <ol className="steps">
            {HOW_REFERRALS_WORK.map((step, index) => (
              <li key={step.title} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="partner-says">
        <div className="container narrow">
          <h2 id="partner-says" className="section__title">
            What Our Partners Say
          </h2>
          <figure className="testimonial">
            <div className="stars" role="img" aria-label="5 out of 5 stars">
              ★★★★★
            </div>
            <blockquote>
              <p>“{PARTNER_TESTIMONIAL.quote}”</p>
            </blockquote>
            <figcaption>
              <strong>{PARTNER_TESTIMONIAL.name}</strong>, {PARTNER_TESTIMONIAL.role}
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="section" aria-labelledby="plumber-faq">
        <div className="container narrow">
          <h2 id="plumber-faq" className="section__title">
            Frequently Asked Questions
          </h2>
          <Accordion items={PLUMBER_FAQ} />
        </div>
      </section>

      <section className="cta">
        <div className="container cta__inner">
          <h2>Ready to start earning?</h2>
          <p>Create your free plumber account and refer your first job today.</p>
          <button type="button" className="button button--primary" onClick={signUp}>
            Sign Up Now
          </button>
        </div>
      </section>
    </>
  );
}
