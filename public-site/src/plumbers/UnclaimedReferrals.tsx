import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { placeLabel } from '@relining/contracts/place-label';
import { unclaimedReferralsPrompt } from '@relining/contracts/referral-rules';
import type { ReferralClaimResult as ClaimResult, UnclaimedReferralView } from '@relining/contracts/api/referrals';
import { useSession } from '../auth/session';
import { ApiError } from '@relining/contracts/client/http';
import { toast } from '../lib/toast';
import { day } from './rebates';

export type UnclaimedReferral = UnclaimedReferralView;

/** The offer's list; the dashboard loads it with its referrals and again whenever it refreshes. */
export function useUnclaimedReferrals() {
  const session = useSession();
  const [offered, setOffered] = useState<UnclaimedReferral[]>([]);
  const load = useCallback(async () => {
    try {
      setOffered(await session.call<UnclaimedReferral[]>('/me/unclaimed-referrals'));
    } catch {
      // The offer is a convenience on top of the dashboard: it waits for the next refresh.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call/blob are stable functions; the session object changes with every sign-in state
  }, [session.call]);
  return { offered, reload: load };
}

/**
 * 'N referrals were submitted with your e-mail address — add them to your account?' Each one with its
 * client, place and date; the plumber adds the ones they sent and leaves the others to staff. Nothing
 * joins the account until they say so (issue 12, item 8).
 */
export function UnclaimedReferrals({ offered, onDecided }: { offered: UnclaimedReferral[]; onDecided: () => Promise<void> }) {
  const session = useSession();
  const titleId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(offered.map((referral) => referral.id)));
  const [busy, setBusy] = useState<'claim' | 'decline' | null>(null);
  const shown = useRef<ReadonlySet<string>>(new Set(offered.map((referral) => referral.id)));

  // After a refresh: a referral offered for the first time starts chosen, one the plumber unticked stays
  // unticked, and one no longer offered leaves the choice.
  useEffect(() => {
    setChosen((previous) => new Set(offered.filter((referral) => previous.has(referral.id) || !shown.current.has(referral.id)).map((referral) => referral.id)));
    shown.current = new Set(offered.map((referral) => referral.id));
  }, [offered]);

  if (offered.length === 0) return null;
  const single = offered.length === 1;
  const ids = single ? [offered[0]!.id] : offered.filter((referral) => chosen.has(referral.id)).map((referral) => referral.id);

  const decide = async (decision: 'claim' | 'decline') => {
    setBusy(decision);
    try {
      const result = await session.call<ClaimResult>(`/me/unclaimed-referrals/${decision}`, { method: 'POST', body: { ids } });
      toast.success(result.message);
    } catch (error) {
      toast.error(decision === 'claim' ? 'Could not add the referrals' : 'Could not update the referrals', {
        description: error instanceof ApiError ? error.message : 'Please try again.',
      });
    } finally {
      await onDecided();
      setBusy(null);
    }
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="claim-offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="claim-offer__title">
        {unclaimedReferralsPrompt(offered.length)}
      </h2>
      <p className="claim-offer__lead">
        {single
          ? 'It was sent with the quick referral form, without signing in. Add it if you sent it; if not, it stays with our team.'
          : 'They were sent with the quick referral form, without signing in. Choose referrals, then add them to your account or tell us they are not yours: those stay with our team.'}
      </p>
      <ul className="claim-offer__list">
        {offered.map((referral) => {
          const details = (
            <>
              <span className="claim-offer__client">{referral.clientName}</span>
              <span className="claim-offer__place">{[referral.address, placeLabel(referral)].filter(Boolean).join(', ')}</span>
              <span className="claim-offer__meta">
                Sent {day(referral.date)} · {referral.refNumber}
              </span>
            </>
          );
          return (
            <li key={referral.id} className="claim-offer__item">
              {single ? (
                <div className="claim-offer__details">{details}</div>
              ) : (
                <label className="claim-offer__choice">
                  <input
                    type="checkbox"
                    checked={chosen.has(referral.id)}
                    onChange={(event) => toggle(referral.id, event.target.checked)}
                    disabled={busy !== null}
                  />
                  <span className="claim-offer__details">{details}</span>
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <div className="claim-offer__actions">
        <button type="button" className="button button--primary" disabled={busy !== null || ids.length === 0} onClick={() => void decide('claim')}>
          {busy === 'claim'
            ? 'Adding…'
            : single
              ? 'Add to my account'
              : ids.length === offered.length
                ? `Add all ${ids.length} to my account`
                : `Add ${ids.length} to my account`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy !== null || ids.length === 0} onClick={() => void decide('decline')}>
          {busy === 'decline'
            ? 'Saving…'
            : single || ids.length === 1
              ? 'Not mine'
              : ids.length === offered.length
                ? 'None of these are mine'
                : `These ${ids.length} are not mine`}
        </button>
      </div>
    </section>
  );
}
