import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { WARRANTY } from '@relining/contracts/business';
import { REFERRAL_COOKIE, REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import { telHref } from '@relining/contracts/phone';
import { COMPANY } from '../lib/site';

const OAIC_PHONE = '1300 363 992';

const LAST_UPDATED = '26 November 2026';

/** The policy's sections, in order: the contents list and the headings come from here. */
const SECTIONS = {
  'who-we-are': 'Who we are and how to contact us',
  'what-we-collect': 'What we collect and why',
  'who-receives-it': 'Who receives your information',
  'no-selling': 'We do not sell personal information',
  overseas: 'Overseas disclosure',
  emails: 'E-mails we send',
  cookies: 'Cookies',
  security: 'How we protect your information',
  retention: 'How long we keep it',
  access: 'Access, correction and deletion',
  complaints: 'Complaints',
  changes: 'Changes to this policy',
} as const;

type SectionKey = keyof typeof SECTIONS;

function LegalSection({ id, children }: { id: SectionKey; children: ReactNode }) {
  return (
    <section className="legal__section" aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`}>{SECTIONS[id]}</h2>
      {children}
    </section>
  );
}

function Email() {
  return <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>;
}

/** Privacy Policy (/privacy) under the Privacy Act 1988 (Cth) and the Australian Privacy Principles. */
export default function PrivacyPage() {
  return (
    <>
      <section className="hero hero--compact" aria-labelledby="privacy-title">
        <div className="container">
          <h1 id="privacy-title" className="hero__title">
            Privacy Policy
          </h1>
          <p className="hero__lead">Last updated: {LAST_UPDATED}</p>
        </div>
      </section>

      <div className="section">
        <div className="container legal">
          <p>
            This policy explains how {COMPANY.name} (“we”, “us”, “our”) collects, uses, discloses and protects personal information when you use our website and
            our services. We handle personal information in line with the <em>Privacy Act 1988</em> (Cth) and the Australian Privacy Principles (APPs).
          </p>

          <nav className="legal__toc" aria-labelledby="privacy-contents">
            <h2 id="privacy-contents">Contents</h2>
            <ol>
              {(Object.keys(SECTIONS) as SectionKey[]).map((key) => (
                <li key={key}>
                  <a href={`#privacy-${key}`}>{SECTIONS[key]}</a>
                </li>
              ))}
            </ol>
          </nav>

          <LegalSection id="who-we-are">
            <p>
              {COMPANY.name} is an Australian trenchless pipe relining business. We inspect, clean and reline sewer and stormwater pipes for homeowners,
              businesses, councils and other organisations, and we run a referral program for plumbers.
            </p>
            <p>
              If you have a question about privacy, want to see or correct your information, or want to make a complaint, please contact our Privacy Officer:
            </p>
            <ul>
              <li>
                E-mail: <Email /> (please put “Privacy Officer” in the subject line)
              </li>
              <li>
                Phone: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
              </li>
            </ul>
            <p>
              You can browse our website without telling us who you are. You can also ask general questions without giving your name, but we need your contact
              details and address to book, perform or quote for work, or to pay referral fees.
            </p>
          </LegalSection>

          <LegalSection id="what-we-collect">
            <p>
              We collect only the information we need for each form or feature, mostly directly from you. We use it for the purpose it was collected for, for
              related purposes you would reasonably expect, or as required or allowed by law. We don’t ask for sensitive information (such as health details);
              please don’t include it in messages or job descriptions.
            </p>

            <h3>Clean &amp; View booking form</h3>
            <p>
              <strong>What we collect:</strong> your name, e-mail address, phone number, suburb, street address, preferred date and time, how you heard about us
              (optional), a plumber’s referral code (optional) and your description of the job.
            </p>
            <p>
              <strong>Why:</strong> to confirm and schedule your inspection, send a technician to the right address, contact you about the job, prepare your
              report and quote, and understand which of our advertising works.
            </p>
            <p>
              If you book with a plumber’s referral code, typed by you or filled in from their referral link, your booking counts as that plumber’s referral so
              we can pay them their referral fee: they can see your name, the job’s address and details, and how your job progresses in their dashboard, but not
              your inspection report or quote. Leave the field empty if you don’t want that.
            </p>

            <h3>Plumber registration and accounts</h3>
            <p>
              <strong>What we collect:</strong> your full name, business name, phone number, e-mail address and a password. We store your password only as a
              one-way hash: we cannot read it, and neither can anyone else.
            </p>
            <p>
              <strong>Why:</strong> to create and secure your account, let you sign in, send you account e-mails (such as verification and password reset
              messages), show you your referrals and pay your referral fees.
            </p>

            <h3>Plumber referrals</h3>
            <p>
              <strong>What we collect:</strong> the referring plumber’s name, business, phone and e-mail; and the client’s name, phone number, job address and
              suburb, how urgent the job is, a description of the issue, any notes, whether the plumber has permission for us to contact the client, and any
              photos the plumber chooses to add.
            </p>
            <p>
              <strong>Why:</strong> to contact the client and arrange their inspection, to track the referral, and to calculate and pay the plumber’s fees.
              Plumbers must have the client’s consent before sharing their details with us. If we contact you because a plumber referred you, we will tell you
              who referred you, and you can ask us not to contact you again.
            </p>

            <h3>Corporate project enquiries</h3>
            <p>
              <strong>What we collect:</strong> your organisation’s name, the contact person’s name, e-mail address and phone number, the site address, the type
              of issue, the quantity or scale of the work, the timing of the project and any notes.
            </p>
            <p>
              <strong>Why:</strong> to respond to your enquiry, assess the site and prepare a proposal or quote.
            </p>

            <h3>Product enquiries</h3>
            <p>
              <strong>What we collect:</strong> your name, e-mail address, phone number, business name, the product you’re interested in and your message.
            </p>
            <p>
              <strong>Why:</strong> to answer your enquiry, send you product and pricing information you asked for and follow up with you.
            </p>

            <h3>Job tracking pages</h3>
            <p>
              When you book a job we may send you a private tracking link. The page it opens shows only your first name and the current stage of your job. The
              link is hard to guess and is not published anywhere, but anyone you share it with can see that page, so please keep it to yourself.
            </p>

            <h3>Address suggestions</h3>
            <p>
              When you type into an address field, the text you type is used to suggest matching Australian addresses. If we have enabled Google Maps address
              suggestions, that text is sent from our server to Google to find the suggestions, and Google handles it under its own privacy policy.
            </p>

            <h3>Security logs</h3>
            <p>
              Our servers record your IP address and the times of your requests. We use these records to keep the website secure, for example to detect and
              block repeated sign-in attempts and other abuse, and we keep them only for as long as they are needed for that purpose.
            </p>

            <h3>Phone calls and e-mails</h3>
            <p>When you call or e-mail us, we keep a record of what you tell us so we can help you and follow up on your job or enquiry.</p>
          </LegalSection>

          <LegalSection id="who-receives-it">
            <p>We share personal information only as needed to provide our services:</p>
            <ul>
              <li>our staff, who can see only the information they need for their role;</li>
              <li>contractors who perform the inspection or relining work at your property;</li>
              <li>our e-mail delivery provider, which sends our e-mails on our behalf;</li>
              <li>our hosting providers, which run the servers and databases that store our website and records;</li>
              <li>Google, for address suggestions, if we have enabled that service;</li>
              <li>
                the plumber who referred a job, who can see that job’s status and their referral fees (rebates) in their dashboard, but not your inspection
                report or quote;
              </li>
              <li>government agencies, courts or others where the law requires or allows it.</li>
            </ul>
            <p>Our service providers may use your information only to provide their services to us.</p>
          </LegalSection>

          <LegalSection id="no-selling">
            <p>We do not sell, rent or trade your personal information, and we do not give it to anyone for their own marketing.</p>
          </LegalSection>

          <LegalSection id="overseas">
            <p>
              Some of our service providers, such as our e-mail delivery and hosting providers and Google, may store or process personal information outside
              Australia, for example in the United States or other countries where they or their own suppliers operate. Before we disclose personal information
              overseas, we take reasonable steps under APP 8 to make sure the recipient handles it in a way that is consistent with the Australian Privacy
              Principles, for example by choosing reputable providers and agreeing contract terms that protect your information.
            </p>
          </LegalSection>

          <LegalSection id="emails">
            <p>
              We send transactional e-mails that are part of the service you asked for: booking confirmations, job updates and tracking links, replies to
              enquiries, and account e-mails such as address verification, password resets and referral updates. You can’t unsubscribe from these while you use
              the service, because they carry information you need.
            </p>
            <p>
              We send marketing e-mails only with your consent, as required by the <em>Spam Act 2003</em> (Cth). Every marketing message identifies{' '}
              {COMPANY.name} as the sender, tells you how to contact us and includes a working unsubscribe link. We act on unsubscribe requests promptly, and in
              any case within 5 business days.
            </p>
          </LegalSection>

          <LegalSection id="cookies">
            <p>We use only the cookies the website needs to work:</p>
            <ul>
              <li>
                a session cookie that keeps signed-in plumbers and staff signed in. It is sent only to our sign-in service and cannot be read by scripts on the
                page;
              </li>
              <li>a sign-in marker cookie that tells the website that a signed-in session may exist. It contains no personal information;</li>
              <li>a referral cookie, described below, if you arrive through a plumber’s referral link.</li>
            </ul>
            <p>The session and sign-in marker cookies are set only when you sign in, and are removed when you sign out or after 30 days at most.</p>
            <p>
              The referral cookie, named <code>{REFERRAL_COOKIE}</code>, is set when you arrive through a plumber’s referral link. It holds only that plumber’s
              referral code, nothing about you. It is a first-party cookie (only our website can read it) and is kept for {REFERRAL_WINDOW_DAYS} days. When you
              book a Clean &amp; View, we use it to fill in the booking form’s referral code, so the plumber who referred you is credited. You can clear it in
              your browser at any time, or just remove the code from the booking form before you send it.
            </p>
            <p>
              Visitors who don’t sign in and don’t arrive through a referral link receive no cookies from us. We don’t use advertising or tracking cookies, and
              we don’t let third parties place cookies through our website.
            </p>
          </LegalSection>

          <LegalSection id="security">
            <p>We take reasonable steps to protect personal information from misuse, interference, loss, and unauthorised access, change or disclosure:</p>
            <ul>
              <li>all traffic between your browser and our website is encrypted in transit (HTTPS);</li>
              <li>passwords are stored only as one-way hashes;</li>
              <li>access to personal information is limited to staff who need it for their work, and each has their own account;</li>
              <li>repeated sign-in attempts are limited to stop password guessing and other automated abuse.</li>
            </ul>
            <p>
              No system is completely secure. If a data breach is likely to cause you serious harm, we will notify you and the Office of the Australian
              Information Commissioner as required by the Notifiable Data Breaches scheme.
            </p>
          </LegalSection>

          <LegalSection id="retention">
            <p>
              {`We keep personal information only for as long as we need it for the purposes in this policy. Records of bookings, jobs and referrals are kept while we may need them to honour our ${WARRANTY.guarantee} on relining work, pay referral fees, and meet our legal obligations, such as tax and accounting record-keeping. Enquiries that don’t lead to work, and security logs, are kept for a shorter time. When we no longer need information, we securely delete it or de-identify it.`}
            </p>
          </LegalSection>

          <LegalSection id="access">
            <p>
              You can ask to see the personal information we hold about you, ask us to correct it if it is inaccurate, out of date or incomplete, or ask us to
              delete it. E-mail <Email /> and tell us what you would like us to do. We may need to confirm your identity first.
            </p>
            <p>
              We will respond within 30 days. There is no charge for asking. If we can’t do what you ask, for example because the law requires us to keep a
              record, we will tell you why in writing and explain how you can complain. Signed-in plumbers can also update their name, business name and phone
              number at any time in their dashboard.
            </p>
          </LegalSection>

          <LegalSection id="complaints">
            <p>
              If you think we have mishandled your personal information, please contact our Privacy Officer at <Email /> with the details. We will acknowledge
              your complaint, look into it and give you a written response within 30 days.
            </p>
            <p>If you are not satisfied with our response, you can complain to the Office of the Australian Information Commissioner (OAIC):</p>
            <ul>
              <li>
                Website: <a href="https://www.oaic.gov.au">www.oaic.gov.au</a>
              </li>
              <li>
                Phone: <a href={telHref(OAIC_PHONE)!}>{OAIC_PHONE}</a>
              </li>
            </ul>
          </LegalSection>

          <LegalSection id="changes">
            <p>
              We may update this policy from time to time, for example when we add a new feature. The current version is always on this page, with the date it
              was last updated. See also our <Link href="/terms">Terms of Service</Link>.
            </p>
            <p className="legal__updated">Last updated: {LAST_UPDATED}</p>
          </LegalSection>
        </div>
      </div>
    </>
  );
}
