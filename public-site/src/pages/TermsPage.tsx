import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FEES, INSPECTION_PRICE_INC_GST, PAYMENT_TERMS, WARRANTY } from '@relining/contracts/business';
import { COMPANY } from '../lib/site';

const LAST_UPDATED = '21 November 2026';

/** The terms' sections, in order: the contents list and the headings come from here. */
const SECTIONS = {
  'using-the-site': 'Using this website',
  inspections: 'Clean & View inspection bookings',
  relining: 'Quotes and relining work',
  guarantee: `Our ${WARRANTY.guarantee}`,
  referrals: 'Plumber referral program',
  accounts: 'Accounts',
  tracking: 'Job tracking links',
  'consumer-law': 'Your rights under the Australian Consumer Law',
  liability: 'Limitation of liability',
  privacy: 'Privacy',
  law: 'Governing law',
  changes: 'Changes to these terms',
  contact: 'Contact us',
} as const;

type SectionKey = keyof typeof SECTIONS;

function LegalSection({ id, children }: { id: SectionKey; children: ReactNode }) {
  return (
    <section className="legal__section" aria-labelledby={`terms-${id}`}>
      <h2 id={`terms-${id}`}>{SECTIONS[id]}</h2>
      {children}
    </section>
  );
}

function Email() {
  return <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>;
}

/** Terms of Service (/terms) for the website, inspections, relining work and the plumber referral program. */
export default function TermsPage() {
  return (
    <>
      <section className="hero hero--compact" aria-labelledby="terms-title">
        <div className="container">
          <h1 id="terms-title" className="hero__title">
            Terms of Service
          </h1>
          <p className="hero__lead">Last updated: {LAST_UPDATED}</p>
        </div>
      </section>

      <div className="section">
        <div className="container legal">
          <p>
            These terms apply when you use the {COMPANY.name} website and when you book or receive our services. By using the website or booking a service, you
            agree to them. In these terms, “we”, “us” and “our” mean {COMPANY.name}, and “you” means the person or organisation using the website or our
            services.
          </p>

          <nav className="legal__toc" aria-labelledby="terms-contents">
            <h2 id="terms-contents">Contents</h2>
            <ol>
              {(Object.keys(SECTIONS) as SectionKey[]).map((key) => (
                <li key={key}>
                  <a href={`#terms-${key}`}>{SECTIONS[key]}</a>
                </li>
              ))}
            </ol>
          </nav>

          <LegalSection id="using-the-site">
            <p>You may use this website to learn about our services, book inspections, make enquiries and, if you are a plumber, refer jobs. You must not:</p>
            <ul>
              <li>give false or misleading information, or submit another person’s details without their permission;</li>
              <li>try to get into accounts, data or parts of the website you are not authorised to use;</li>
              <li>interfere with the website’s operation, for example with automated requests, spam or malicious code.</li>
            </ul>
            <p>
              We work to keep the website accurate and available, but we may change, suspend or withdraw any part of it. Prices and information on the website
              are general; your booking confirmation or written quote sets out what applies to your job.
            </p>
          </LegalSection>

          <LegalSection id="inspections">
            <p>
              {`Our Clean & View inspection is offered at a fixed price from ${INSPECTION_PRICE_INC_GST}. The price for your property is confirmed before we attend. If you go ahead with relining work with us after the inspection, the inspection fee is waived.`}
            </p>
            <p>Each Clean &amp; View inspection includes:</p>
            <ul>
              <li>a high-pressure water-jet clean of the affected pipes;</li>
              <li>a CCTV camera inspection of the pipes;</li>
              <li>a detailed report with our findings and recommendations.</li>
            </ul>
            <p>
              <strong>Booking requests.</strong> A booking made through the website is a request. It is confirmed only when our team contacts you to confirm the
              date and time. We will try to give you your preferred time, but we may offer another one.
            </p>
            <p>
              <strong>Rescheduling and cancellation.</strong> If you need to reschedule or cancel, please tell us as early as possible, and ideally at least one
              business day before the appointment, by phone on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a> or by e-mail to <Email />. We don’t charge for
              rescheduling or cancelling before we attend. If we have to reschedule, we will let you know as soon as we can and agree a new time with you.
            </p>
            <p>
              <strong>Access to the property.</strong> You must make sure we can safely get to the property and to the pipe access points (such as inspection
              openings, gully traps and pits) at the agreed time, and that you are entitled to authorise the work, or have the owner’s permission. If we can’t
              get access when we arrive, we will work with you to book another time.
            </p>
          </LegalSection>

          <LegalSection id="relining">
            <p>
              <strong>Quotes.</strong> After the inspection we give you a written quote for any recommended work. Each quote is valid for the period stated on
              it; if no period is stated, it is valid for 30 days. Work starts only after you accept the quote.
            </p>
            <p>
              <strong>Timing.</strong> Most relining jobs are done in a day. We will tell you in the quote if your job is likely to take longer.
            </p>
            <p>
              <strong>Excavation.</strong> We repair pipes without digging wherever possible. A badly collapsed pipe may need a small excavation before it can
              be relined. If the inspection shows this, the quote will say so; if we find it only once work has started, we will stop and explain the options,
              and we won’t carry out extra work without your agreement.
            </p>
          </LegalSection>

          <LegalSection id="guarantee">
            <p>
              {`Our relining work carries a ${WARRANTY.guarantee}. If a liner we installed fails because of a defect in its materials or in our workmanship within ${WARRANTY.years} of completion, we will repair the affected section at no cost to you. The guarantee applies on these conditions:`}
            </p>
            <ul>
              <li>it covers the sections of pipe we relined, as set out in your job paperwork, and not other parts of the drainage system;</li>
              <li>
                it does not cover damage caused by something outside our control, such as ground collapse or subsidence, later building or excavation work,
                damage by third parties, or cutting into or altering the liner by others;
              </li>
              <li>it does not cover blockages caused by misuse, such as flushing wipes, fats or other items that should not go into drains;</li>
              <li>you must tell us about a possible claim within a reasonable time of noticing the problem, and give us access to inspect it.</li>
            </ul>
            <p>
              To make a claim, contact us on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a> or at <Email /> with your job details. We bear our own costs of
              assessing and fixing a valid claim. This guarantee is in addition to your other rights and remedies under a law in relation to the goods or
              services to which the guarantee relates, including the Australian Consumer Law.
            </p>
          </LegalSection>

          <LegalSection id="referrals">
            <p>These terms apply to plumbers who join our referral program.</p>
            <ul>
              <li>
                <strong>Fees.</strong>
                {` We pay ${FEES.cleanView} for each referred Clean & View inspection that is completed, and ${FEES.reline} more if the job becomes a reline: up to ${FEES.max} per referral.`}
              </li>
              <li>
                <strong>When you are paid.</strong>
                {` Clean & View fees are paid within ${PAYMENT_TERMS.cleanView} of the inspection being completed, and reline fees within ${PAYMENT_TERMS.reline} of the reline being completed.`}
              </li>
              <li>
                <strong>How you are paid.</strong> By direct deposit to the account you nominate, or by cheque on request.
              </li>
              <li>
                <strong>Client consent.</strong> You must have your client’s consent before you give us their details, and tell them we will contact them about
                their pipes.
              </li>
              <li>
                <strong>Jobs that are not suitable.</strong> Properties with pipes older than 80 years are not suitable for the program.
              </li>
              <li>
                <strong>Declined referrals.</strong> We may decline a referral, for example if the job is not suitable, the details are incomplete or incorrect,
                the client does not wish to go ahead, or the job has already been referred or booked with us. No fee is payable for a declined referral.
              </li>
              <li>
                <strong>Your status.</strong> You refer jobs as an independent business, not as our employee or agent, and you must not make promises about our
                prices or work on our behalf.
              </li>
            </ul>
            <p>You can follow each referral’s status and your fees in your plumber dashboard.</p>
          </LegalSection>

          <LegalSection id="accounts">
            <p>
              You are responsible for keeping your password secret and for activity on your account. Tell us straight away at <Email /> if you think someone
              else has used it. Please keep your account details, such as your name, business name and phone number, up to date.
            </p>
            <p>
              We may suspend or close an account that misuses the service, for example by giving false information, submitting referrals without the client’s
              consent or trying to get into data it is not entitled to see. Where it is reasonable to do so, we will tell you why first.
            </p>
          </LegalSection>

          <LegalSection id="tracking">
            <p>
              We may send you a private link to follow your job. Anyone who has the link can see the job’s stage, so please don’t share it with people you don’t
              want to see it. If you think your link has been shared by mistake, contact us and we can replace it.
            </p>
          </LegalSection>

          <LegalSection id="consumer-law">
            <p>
              Our services come with guarantees that cannot be excluded under the Australian Consumer Law. For major failures with the service, you are entitled
              to cancel your service contract with us, and to a refund for the unused portion, or to compensation for its reduced value. You are also entitled
              to be compensated for any other reasonably foreseeable loss or damage. If the failure does not amount to a major failure, you are entitled to have
              problems with the service rectified in a reasonable time and, if this is not done, to cancel your contract and obtain a refund for the unused
              portion of the contract.
            </p>
            <p>Nothing in these terms excludes, restricts or changes any right or remedy you have under the Australian Consumer Law.</p>
          </LegalSection>

          <LegalSection id="liability">
            <p>To the extent permitted by law:</p>
            <ul>
              <li>we are not liable for any loss that is not reasonably foreseeable, or that is caused by something outside our reasonable control;</li>
              <li>
                where our services are not of a kind ordinarily acquired for personal, domestic or household use, our liability for failing to meet a consumer
                guarantee is limited to supplying the services again or paying the cost of having them supplied again;
              </li>
              <li>the website is provided “as is”, and we are not liable for losses caused by it being unavailable or containing errors.</li>
            </ul>
            <p>
              Nothing in these terms limits our liability for personal injury or death caused by our negligence, or anything else that cannot be limited by law.
            </p>
          </LegalSection>

          <LegalSection id="privacy">
            <p>
              We handle your personal information as described in our <Link href="/privacy">Privacy Policy</Link>.
            </p>
          </LegalSection>

          <LegalSection id="law">
            <p>
              These terms are governed by the laws of Victoria, Australia. You and we submit to the non-exclusive jurisdiction of the courts of Victoria and the
              courts that can hear appeals from them.
            </p>
          </LegalSection>

          <LegalSection id="changes">
            <p>
              We may update these terms from time to time. The current version is always on this page, with the date it was last updated. Changes do not affect
              bookings confirmed, quotes accepted or referral fees earned before the change.
            </p>
          </LegalSection>

          <LegalSection id="contact">
            <p>If you have a question about these terms, please contact us:</p>
            <ul>
              <li>
                Phone: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
              </li>
              <li>
                E-mail: <Email />
              </li>
            </ul>
            <p className="legal__updated">Last updated: {LAST_UPDATED}</p>
          </LegalSection>
        </div>
      </div>
    </>
  );
}
