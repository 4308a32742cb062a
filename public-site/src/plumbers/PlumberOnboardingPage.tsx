import { useState } from 'react';
import { Link } from 'wouter';
import { FEES } from '@relining/contracts/business';
import { Accordion } from '../components/Accordion';
import { IDEAL_JOBS, NOT_SUITABLE_JOBS, ONBOARDING_FAQ, ONBOARDING_STEPS, PAYMENT_METHODS, PAYMENT_STRUCTURE, PAYMENT_TIMELINE } from './content';

/**
 * spec §2 Plumber onboarding (/plumber-onboarding): the referral process in 3 clickable steps, the
 * jobs to refer and not, how and when plumbers are paid, a 6-item FAQ and the way in.
 */
export default function PlumberOnboardingPage() {
  const [step, setStep] = useState(0);
  const current = ONBOARDING_STEPS[step]!;
  return (
    <>
      <section className="hero hero--compact">
        <div className="container">
          <p className="hero__eyebrow">Welcome, partner</p>
          <h1 className="hero__title">Welcome to the Plumber Referral Program</h1>
          <p className="hero__lead">
            {`Refer the jobs you can’t dig up. We clean, film and reline the pipe; you earn ${FEES.cleanView} per completed Clean & View and ${FEES.reline} more if it becomes a reline.`}
          </p>
          <div className="hero__actions">
            <Link href="/plumber-referral" className="button button--primary">
              Get Started
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="process-title">
        <div className="container">
          <h2 id="process-title" className="section__title">
            How The Referral Process Works
          </h2>
          <div className="process">
            <ol className="process__steps">
              {ONBOARDING_STEPS.map((item, index) => (
                <li key={item.title}>
                  <button type="button" className="process__step" aria-pressed={index === step} aria-controls="process-detail" onClick={() => setStep(index)}>
                    <span className="steps__number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span>
                      <strong className="process__step-title">{item.title}</strong>
                      <span className="process__step-summary">{item.summary}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <div id="process-detail" className="process__detail" aria-live="polite">
              <h3>
                Step {step + 1}: {current.title}
              </h3>
              <ul className="checklist">
                {current.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="jobs-title">
        <div className="container">
          <h2 id="jobs-title" className="visually-hidden">
            Which jobs to refer
          </h2>
          <div className="cards cards--two">
            <div className="card job-fit job-fit--ideal">
              <h3>Ideal Jobs to Refer</h3>
              <ul className="checklist">
                {IDEAL_JOBS.map((job) => (
                  <li key={job}>{job}</li>
                ))}
              </ul>
            </div>
            <div className="card job-fit job-fit--not">
              <h3>Not Suitable</h3>
              <ul className="crosslist">
                {NOT_SUITABLE_JOBS.map((job) => (
                  <li key={job}>{job}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="payment-title">
        <div className="container">
          <h2 id="payment-title" className="section__title">
            Getting Paid
          </h2>
          <div className="payment">
            <div className="card">
              <h3>Payment Structure</h3>
              <ul className="payment__amounts">
                {PAYMENT_STRUCTURE.map((item) => (
                  <li key={item.amount}>
                    <span className="payment__amount">{item.amount}</span> {item.label}
                  </li>
                ))}
              </ul>
            </div>
            <div className="card">
              <h3>Payment Timeline</h3>
              <dl className="payment__timeline">
                {PAYMENT_TIMELINE.map((item) => (
                  <div key={item.when}>
                    <dt>{item.when}</dt>
                    <dd>{item.what}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="card">
              <h3>Payment Methods</h3>
              <ul className="checklist">
                {PAYMENT_METHODS.map((method) => (
                  <li key={method}>{method}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="onboarding-faq">
        <div className="container narrow">
          <h2 id="onboarding-faq" className="section__title">
            Frequently Asked Questions
          </h2>
          <Accordion items={ONBOARDING_FAQ} />
        </div>
      </section>

      <section className="cta">
        <div className="container cta__inner">
          <h2>Ready to refer your first job?</h2>
          <p>Log in or create your free plumber account to start earning.</p>
          <Link href="/plumber-referral" className="button button--primary">
            Go to the Plumber Portal
          </Link>
        </div>
      </section>
    </>
  );
}
