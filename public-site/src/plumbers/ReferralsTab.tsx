import { useEffect, useState } from 'react';
import { placeLabel } from '@relining/contracts/place-label';
import { REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import type {
  PlumberReferral,
  PlumberReferralDetail,
  RebatePartName,
  RebatePartView as RebatePart,
  ReferralPhoto as Photo,
} from '@relining/contracts/api/referrals';
import { useSession } from '../auth/session';
import { Dialog } from '../components/Dialog';
import { Loading } from '../components/Loading';
import { day, REBATE_PARTS, rebatePartDisplay, REFERRAL_SOURCE_LABELS } from './rebates';

function RebateLine({ name, label, part }: { name: RebatePartName; label: string; part: RebatePart }) {
  const shown = rebatePartDisplay(name, part);
  return (
    <span className="rebate-line">
      {/* 'Reline: up to … if relined' (issue 15): the part, then what it pays or could pay. */}
      <span className="rebate-line__label">{label}:</span> {shown.amount ? <>{shown.amount} </> : null}
      <span className={`rebate-status rebate-status--${shown.tone}`}>{shown.status}</span>
    </span>
  );
}

/** spec §2: the referral's rebates as two lines, 'C&V' then 'Reline'. */
function RebateLines({ referral }: { referral: PlumberReferral }) {
  return (
    <span className="rebate-lines">
      {REBATE_PARTS.map(({ name, label }) => (
        <RebateLine key={name} name={name} label={label} part={referral.rebates[name]} />
      ))}
    </span>
  );
}

/** Why a referral is held (issue 15): the same client was referred within the referral window. */
const HELD_FOR_REVIEW = `This client was referred within ${REFERRAL_WINDOW_DAYS} days of an earlier referral, so this one earns nothing until our team approves it.`;

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status-badge status-badge--${status}`}>{label}</span>;
}

/** A referral's photo, fetched with the session (photos are private to the plumber and staff). */
function PrivatePhoto({ referralId, photo }: { referralId: string; photo: Photo }) {
  const session = useSession();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    session
      .blob(`/me/referrals/${referralId}/photos/${photo.id}`)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call/blob are stable functions; the session object changes with every sign-in state
  }, [session.blob, referralId, photo.id]);
  const name = photo.originalName ?? 'Photo';
  if (failed) return <span className="referral-photo referral-photo--missing">{name} could not be loaded</span>;
  if (!url) return <span className="referral-photo referral-photo--loading" aria-label={`Loading ${name}`} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="referral-photo">
      <img src={url} alt={name} />
    </a>
  );
}

function ReferralDetail({ referral, onClose }: { referral: PlumberReferral | null; onClose: () => void }) {
  const session = useSession();
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  useEffect(() => {
    setPhotos(null);
    if (!referral) return;
    let cancelled = false;
    session
      .call<PlumberReferralDetail>(`/me/referrals/${referral.id}`)
      .then((full) => !cancelled && setPhotos(full.photos))
      .catch(() => !cancelled && setPhotos([]));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call/blob are stable functions; the session object changes with every sign-in state
  }, [referral, session.call]);

  const services = referral
    ? [referral.serviceTypes.cleanView ? 'Clean & View' : null, referral.serviceTypes.reline ? 'Pipe relining' : null].filter(Boolean).join(', ')
    : '';
  return (
    <Dialog open={referral !== null} onClose={onClose} title={referral ? `Referral ${referral.refNumber}` : 'Referral'}>
      {referral ? (
        <>
          <dl className="details">
            <div className="details__row">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={referral.status} label={referral.statusLabel} />
              </dd>
            </div>
            {referral.heldForReview ? (
              <div className="details__row">
                <dt>Held for review</dt>
                <dd>{HELD_FOR_REVIEW}</dd>
              </div>
            ) : null}
            <div className="details__row">
              <dt>Job</dt>
              <dd>{referral.job ? referral.job.stageLabel : 'No job yet'}</dd>
            </div>
            <div className="details__row">
              <dt>Client</dt>
              <dd>{referral.clientName}</dd>
            </div>
            <div className="details__row">
              <dt>Address</dt>
              <dd>
                {referral.address}, {placeLabel(referral)}
              </dd>
            </div>
            <div className="details__row">
              <dt>Referred</dt>
              <dd>{day(referral.date)}</dd>
            </div>
            <div className="details__row">
              <dt>Came from</dt>
              <dd>{REFERRAL_SOURCE_LABELS[referral.source]}</dd>
            </div>
            <div className="details__row">
              <dt>Urgency</dt>
              <dd>{referral.urgencyLabel}</dd>
            </div>
            {services ? (
              <div className="details__row">
                <dt>Service type</dt>
                <dd>{services}</dd>
              </div>
            ) : null}
            <div className="details__row">
              <dt>Permission to contact client</dt>
              <dd>{referral.contactClient ? 'Yes' : 'No'}</dd>
            </div>
            <div className="details__row">
              <dt>Issue</dt>
              <dd className="pre-line">{referral.description}</dd>
            </div>
            {referral.notes ? (
              <div className="details__row">
                <dt>Notes</dt>
                <dd className="pre-line">{referral.notes}</dd>
              </div>
            ) : null}
            <div className="details__row">
              <dt>Rebates</dt>
              <dd>
                <RebateLines referral={referral} />
              </dd>
            </div>
          </dl>
          <h3 className="referral-detail__photos-title">Photos</h3>
          {photos === null ? (
            <Loading label="Loading photos..." />
          ) : photos.length === 0 ? (
            <p className="muted">No photos were added to this referral.</p>
          ) : (
            <div className="referral-photos">
              {photos.map((photo) => (
                <PrivatePhoto key={photo.id} referralId={referral.id} photo={photo} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * spec §2 My Referrals tab: Ref ID, Client, Address (address, suburb), Date, Status badge and
 * Rebates ('C&V' and 'Reline', each amount and status); 'Loading referrals...', and when empty 'No
 * referrals yet' / 'Get started by submitting your first referral!'. Under the status, the linked
 * job's stage and 'Held for review' when the referral waits for staff. On a phone the same table
 * shows as one card per referral (plumbers.css).
 */
export function ReferralsTab({ referrals, failed, onRetry }: { referrals: PlumberReferral[] | null; failed: boolean; onRetry: () => void }) {
  const [open, setOpen] = useState<PlumberReferral | null>(null);

  if (failed && !referrals) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load your referrals.</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    );
  }
  if (!referrals) return <Loading label="Loading referrals..." />;
  if (referrals.length === 0) {
    return (
      <div className="empty-state">
        <h3>No referrals yet</h3>
        <p>Get started by submitting your first referral!</p>
      </div>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="referral-table">
          <caption className="visually-hidden">My referrals, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Ref ID</th>
              <th scope="col">Client</th>
              <th scope="col">Address</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Rebates</th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((referral) => (
              <tr key={referral.id}>
                <td data-label="Ref ID">
                  <button
                    type="button"
                    className="link-button referral-table__ref"
                    onClick={() => setOpen(referral)}
                    aria-label={`View referral ${referral.refNumber}`}
                  >
                    {referral.refNumber}
                  </button>
                </td>
                <td data-label="Client">{referral.clientName}</td>
                <td data-label="Address">
                  {referral.address}, {placeLabel(referral)}
                </td>
                <td data-label="Date">{day(referral.date)}</td>
                <td data-label="Status">
                  {/* One box: on a phone the cell is a two-column grid (its label, then this). */}
                  <span className="referral-status">
                    <StatusBadge status={referral.status} label={referral.statusLabel} />
                    {referral.job ? <span className="referral-status__job">Job: {referral.job.stageLabel}</span> : null}
                    {referral.heldForReview ? (
                      <span className="referral-status__held" title={HELD_FOR_REVIEW}>
                        Held for review
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label="Rebates">
                  <RebateLines referral={referral} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReferralDetail referral={open} onClose={() => setOpen(null)} />
    </>
  );
}
