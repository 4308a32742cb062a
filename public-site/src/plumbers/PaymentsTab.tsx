import { useId, useState } from 'react';
import { countOf } from '@relining/contracts/business';
import type { PaymentDetails, PlumberPayout, PlumberPayouts, UpcomingRebate } from '@relining/contracts/api/payouts';
import { REBATE_KIND_LABELS } from '@relining/contracts/api/rebates';
import { ApiError } from '@relining/contracts/client/http';
import { useSession } from '../auth/session';
import { Loading } from '../components/Loading';
import { toast } from '../lib/toast';
import { day } from './rebates';
import {
  accountSectionFor,
  apiPathOf,
  cents,
  heldUntilText,
  newestFirst,
  paidReferralsOf,
  payoutMethodText,
  rctiFileName,
  upcomingDisplay,
  upcomingTotals,
  type AccountSection,
} from './payments';
import { useSessionData } from './useSessionData';

/** Hands a downloaded file to the browser under its name (the RCTI is fetched with the session, so no plain link would open it). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns: the URL is let go once they have.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'We cannot pay you yet': what the server says stops a payout, in the order to fix them. */
function CannotBePaid({ details, onOpenAccount }: { details: PaymentDetails; onOpenAccount: (section: AccountSection) => void }) {
  const titleId = useId();
  const reasons = details.cannotBePaid;
  const section = accountSectionFor(reasons);
  const held = heldUntilText(details, new Date());
  return (
    <section className="notice notice--warning payments__blocked" aria-labelledby={titleId}>
      <h2 id={titleId} className="payments__blocked-title">
        We cannot pay you yet
      </h2>
      <ul className="payments__reasons">
        {reasons.map((reason) => (
          <li key={reason.code}>{reason.text}</li>
        ))}
      </ul>
      {held ? <p>{held}</p> : null}
      {section ? (
        <button type="button" className="button button--primary" onClick={() => onOpenAccount(section)}>
          {section === 'rcti' ? 'Accept the RCTI Agreement' : 'Update Payment Details'}
        </button>
      ) : null}
    </section>
  );
}

function Upcoming({ upcoming, totalCents }: { upcoming: UpcomingRebate[]; totalCents: number }) {
  const titleId = useId();
  const { approvedCents, pendingCents } = upcomingTotals(upcoming);
  return (
    <section className="payments__section" aria-labelledby={titleId}>
      <div className="payments__heading">
        <h2 id={titleId} className="payments__title">
          Upcoming
        </h2>
        {upcoming.length > 0 ? (
          <p className="payments__total">
            Total <strong>{cents(totalCents)}</strong>
          </p>
        ) : null}
      </div>
      {upcoming.length === 0 ? (
        <div className="empty-state">
          <h3>Nothing waiting to be paid</h3>
          <p>When a referred job earns you a rebate, it shows here until we pay it.</p>
        </div>
      ) : (
        <>
          {approvedCents !== 0 && pendingCents !== 0 ? (
            <p className="payments__split">
              {cents(approvedCents)} approved, {cents(pendingCents)} waiting for approval.
            </p>
          ) : null}
          <div className="table-wrap">
            <table className="referral-table">
              <caption className="visually-hidden">Rebates not yet paid, soonest due first</caption>
              <thead>
                <tr>
                  <th scope="col">Referral</th>
                  <th scope="col">Rebate</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Due</th>
                </tr>
              </thead>
              <tbody>
                {upcoming.map((rebate) => {
                  const shown = upcomingDisplay(rebate);
                  return (
                    <tr key={rebate.entryId}>
                      <td data-label="Referral" className="referral-table__ref">
                        {rebate.refNumber}
                      </td>
                      <td data-label="Rebate">{REBATE_KIND_LABELS[rebate.kind]}</td>
                      <td data-label="Amount" className="payments__amount">
                        {cents(rebate.amountCents)}
                      </td>
                      <td data-label="Status">
                        <span className="referral-status">
                          <span className={`rebate-status rebate-status--${shown.tone}`}>{shown.status}</span>
                          {rebate.inPayoutRun ? <span className="rebate-status rebate-status--processing">In a payout being prepared</span> : null}
                        </span>
                      </td>
                      <td data-label="Due">{shown.due}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Payout({ payout }: { payout: PlumberPayout }) {
  const session = useSession();
  const [downloading, setDownloading] = useState(false);
  const method = payoutMethodText(payout);

  async function download() {
    const path = apiPathOf(payout.rctiUrl);
    setDownloading(true);
    try {
      if (!path) throw new Error(`Not an API address: ${payout.rctiUrl}`);
      saveFile(await session.blob(path), rctiFileName(payout.rctiNumber));
    } catch (error) {
      toast.error('Could not download the RCTI', { description: error instanceof ApiError ? error.message : 'Please try again.' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="payout">
      <div className="payout__head">
        <h3 className="payout__title">Paid {day(payout.paidAt)}</h3>
        <p className="payout__amount">{cents(payout.amountCents)}</p>
      </div>
      <dl className="payout__facts">
        {payout.gstCents > 0 ? (
          <div>
            <dt>GST included</dt>
            <dd>{cents(payout.gstCents)}</dd>
          </div>
        ) : null}
        {method ? (
          <div>
            <dt>Paid by</dt>
            <dd>{method}</dd>
          </div>
        ) : null}
        <div>
          <dt>RCTI</dt>
          <dd>{payout.rctiNumber}</dd>
        </div>
      </dl>
      {payout.referrals.length > 0 ? (
        <ul className="payout__lines" aria-label={`Referrals paid on ${day(payout.paidAt)}`}>
          {paidReferralsOf(payout).map((referral) => (
            <li key={referral.referralId} className="payout__line">
              <span className="payout__ref">{referral.refNumber}</span>
              <span className="payout__parts">
                {referral.parts.map((part, index) => (
                  <span key={index} className="payout__part">
                    {part.label} <span className="payments__amount">{cents(part.amountCents)}</span>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button button--secondary payout__download" onClick={download} disabled={downloading} aria-busy={downloading}>
        {downloading ? 'Downloading...' : 'Download RCTI (PDF)'}
        <span className="visually-hidden"> {payout.rctiNumber}</span>
      </button>
    </li>
  );
}

function Paid({ payouts }: { payouts: PlumberPayout[] }) {
  const titleId = useId();
  const paidCents = payouts.reduce((sum, payout) => sum + payout.amountCents, 0);
  return (
    <section className="payments__section" aria-labelledby={titleId}>
      <div className="payments__heading">
        <h2 id={titleId} className="payments__title">
          Paid
        </h2>
        {payouts.length > 0 ? (
          <p className="payments__total">
            <strong>{cents(paidCents)}</strong> in {countOf(payouts.length, 'payment')}
          </p>
        ) : null}
      </div>
      {payouts.length === 0 ? (
        <div className="empty-state">
          <h3>No payments yet</h3>
          <p>Each payment we make shows here, with its RCTI to download.</p>
        </div>
      ) : (
        <ul className="payouts">
          {newestFirst(payouts).map((payout) => (
            <Payout key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Issue 18: the plumber's Payments tab. What stops a payout (with the way to the Account tab to fix
 * it), the rebates not paid yet with their due dates, and each payout made with its RCTI and the
 * referrals it covered.
 */
export function PaymentsTab({ onOpenAccount }: { onOpenAccount: (section: AccountSection) => void }) {
  const payouts = useSessionData<PlumberPayouts>('/me/payouts');
  const details = useSessionData<PaymentDetails>('/me/payment-details');

  if (payouts.failed && !payouts.data) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load your payments.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void payouts.retry();
            if (details.failed) void details.retry();
          }}
        >
          Try Again
        </button>
      </div>
    );
  }
  if (!payouts.data || details.loading) return <Loading label="Loading payments..." />;

  // Without the payment details (they failed to load) the tab still shows the payments: the notice waits for the next visit.
  return (
    <div className="payments">
      {details.data && details.data.cannotBePaid.length > 0 ? <CannotBePaid details={details.data} onOpenAccount={onOpenAccount} /> : null}
      <Upcoming upcoming={payouts.data.upcoming} totalCents={payouts.data.upcomingTotalCents} />
      <Paid payouts={payouts.data.payouts} />
    </div>
  );
}
