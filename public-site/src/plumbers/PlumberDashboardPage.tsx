import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PlumberReferral, RebateSummary } from '@relining/contracts/api/referrals';
import { useSession } from '../auth/session';
import { Tabs } from '../components/Tabs';
import { AccountTab } from './AccountTab';
import type { AccountSection } from './payments';
import { PaymentsTab } from './PaymentsTab';
import { PlumberArea } from './PlumberArea';
import { money } from './rebates';
import { ReferralLinkCard } from './ReferralLinkCard';
import { ReferralsTab } from './ReferralsTab';
import { UnclaimedReferrals, useUnclaimedReferrals } from './UnclaimedReferrals';

/** How often an open dashboard looks for changes staff made (and whenever the tab comes back). */
const REFRESH_MS = 60_000;

function useReferrals(enabled: boolean) {
  const session = useSession();
  const unclaimed = useUnclaimedReferrals();
  const [referrals, setReferrals] = useState<PlumberReferral[] | null>(null);
  const [summary, setSummary] = useState<RebateSummary | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [list, totals] = await Promise.all([
        session.call<PlumberReferral[]>('/me/referrals'),
        session.call<RebateSummary>('/me/rebates/summary'),
        unclaimed.reload(),
      ]);
      setReferrals(list);
      setSummary(totals);
      setFailed(false);
    } catch {
      setFailed(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call and unclaimed.reload are stable functions; the objects holding them change on every render or sign-in state
  }, [session.call, unclaimed.reload]);

  useEffect(() => {
    if (!enabled) return;
    void load();
    const refresh = () => document.visibilityState === 'visible' && void load();
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [enabled, load]);

  return { referrals, summary, failed, retry: load, offered: unclaimed.offered };
}

/**
 * spec §2's three cards. Rebate Pending is what was earned and is not paid yet (the server's sum); what
 * the referrals could still earn is a line of its own, never counted as owed.
 */
function SummaryCards({ summary }: { summary: RebateSummary | null }) {
  const value = (text: string) => (summary ? text : '…');
  return (
    <div className="summary">
      <ul className="summary-cards" aria-label="Referral summary" aria-busy={!summary}>
        <li className="summary-card">
          <span className="summary-card__label">Total Referrals</span>
          <span className="summary-card__value">{value(String(summary?.totalReferrals ?? 0))}</span>
        </li>
        <li className="summary-card summary-card--paid">
          <span className="summary-card__label">Rebate Paid</span>
          <span className="summary-card__value">{value(money(summary?.rebatePaid ?? 0))}</span>
        </li>
        <li className="summary-card summary-card--pending">
          <span className="summary-card__label">Rebate Pending</span>
          <span className="summary-card__value">{value(money(summary?.rebatePending ?? 0))}</span>
        </li>
      </ul>
      {summary && summary.potential > 0 ? (
        <p className="summary__potential">{`Up to ${money(summary.potential)} more if your referred jobs go ahead.`}</p>
      ) : null}
    </div>
  );
}

function Dashboard() {
  const [tab, setTab] = useState('referrals');
  // The Account tab's section the Payments tab sent the plumber to, to fix what stops a payout.
  const [accountFocus, setAccountFocus] = useState<AccountSection | null>(null);
  const { referrals, summary, failed, retry, offered } = useReferrals(true);
  const openAccount = (section: AccountSection) => {
    setAccountFocus(section);
    setTab('account');
  };
  const chooseTab = (value: string) => {
    setAccountFocus(null);
    setTab(value);
  };
  return (
    <>
      <UnclaimedReferrals offered={offered} onDecided={retry} />
      <SummaryCards summary={summary} />
      <ReferralLinkCard />
      <Tabs
        label="Plumber dashboard"
        value={tab}
        onChange={chooseTab}
        tabs={[
          { value: 'referrals', label: 'My Referrals', content: <ReferralsTab referrals={referrals} failed={failed} onRetry={() => void retry()} /> },
          { value: 'payments', label: 'Payments', content: <PaymentsTab onOpenAccount={openAccount} /> },
          { value: 'account', label: 'Account', content: <AccountTab focus={accountFocus} onFocused={() => setAccountFocus(null)} /> },
        ]}
      />
    </>
  );
}

/** spec §2 Plumber dashboard (/plumber-dashboard): summary cards, My Referrals, Payments (issue 18) and Account. */
export default function PlumberDashboardPage() {
  return (
    <PlumberArea
      title="Plumber Portal"
      signedOutTo="/plumber-referral"
      actions={
        <Link href="/plumber-dashboard/new-referral" className="button button--primary">
          Submit New Referral
        </Link>
      }
    >
      <Dashboard />
    </PlumberArea>
  );
}
