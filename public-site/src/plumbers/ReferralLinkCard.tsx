import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReferralLink } from '@relining/contracts/api/referrals';
import { REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import { useSession } from '../auth/session';

/** How long 'Link copied' stays before the status line empties again. */
const COPIED_MS = 4000;

/** The link as a QR code (inline SVG). The encoder is fetched only here, so the dashboard's first load does not carry it. */
async function qrSvg(url: string): Promise<string> {
  const loaded = await import('qrcode');
  // A CommonJS package: its functions are on the default export (or the namespace, as bundlers differ).
  const qrcode = (loaded.default as typeof loaded.default | undefined) ?? loaded;
  return qrcode.toString(url, { type: 'svg', margin: 1 });
}

function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setSvg(null);
    setFailed(false);
    qrSvg(url).then(
      (drawn) => !cancelled && setSvg(drawn),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (failed) return <p className="referral-link__qr-missing muted">The QR code could not be drawn. The link above works without it.</p>;
  if (!svg) return <div className="referral-link__qr-image referral-link__qr-image--loading" aria-label="Drawing the QR code" role="img" />;
  return (
    <>
      {/* The encoder's own markup: paths drawn from the link, no text of ours in it. */}
      <div className="referral-link__qr-image" role="img" aria-label={`QR code of your referral link, ${url}`} dangerouslySetInnerHTML={{ __html: svg }} />
      <a className="referral-link__download" href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} download="referral-qr-code.svg">
        Download QR code
      </a>
    </>
  );
}

/** Copies with the Clipboard API; where it is missing or refused, selects the text so the visitor can copy it themselves. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    return 'selected';
  }
}

/**
 * The plumber's referral link (GET /api/me/referral-link): the code, the link to copy and its QR code.
 * A homeowner who books through the link, or types the code when booking, is credited to the plumber;
 * the link is remembered on their device for REFERRAL_WINDOW_DAYS.
 */
export function ReferralLinkCard() {
  const session = useSession();
  const [link, setLink] = useState<ReferralLink | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState('');
  const field = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setLink(await session.call<ReferralLink>('/me/referral-link'));
    } catch {
      setFailed(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call is a stable function; the session object changes with every sign-in state
  }, [session.call]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), COPIED_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    if (!link) return;
    const outcome = await copyText(link.url, field.current);
    setStatus(outcome === 'copied' ? 'Link copied' : 'Link selected: press Ctrl+C (or ⌘C) to copy it');
  }

  return (
    <section className="referral-link" aria-labelledby="referral-link-title" aria-busy={!link && !failed}>
      <div className="referral-link__body">
        <h2 id="referral-link-title" className="referral-link__title">
          Your referral link
        </h2>
        <p className="referral-link__intro">
          {`Share it with homeowners. When they book a Clean & View through your link, or type your code in the booking form, the job is credited to you. The link is remembered on their device for ${REFERRAL_WINDOW_DAYS} days, so they don't have to book straight away.`}
        </p>
        {failed ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your referral link.</p>
            <button type="button" className="button button--secondary" onClick={() => void load()}>
              Try Again
            </button>
          </div>
        ) : (
          <>
            <p className="referral-link__code">
              Your code: <strong>{link ? link.code : '…'}</strong>
            </p>
            <div className="referral-link__copy">
              <label htmlFor="referral-link-url" className="visually-hidden">
                Your referral link
              </label>
              <input
                id="referral-link-url"
                ref={field}
                className="field__input referral-link__url"
                type="url"
                readOnly
                value={link?.url ?? ''}
                onFocus={(e) => e.target.select()}
              />
              <button type="button" className="button button--secondary" onClick={() => void copy()} disabled={!link}>
                Copy link
              </button>
            </div>
          </>
        )}
        <p className="referral-link__status" role="status">
          {status}
        </p>
      </div>
      {link ? (
        <div className="referral-link__qr">
          <QrCode url={link.url} />
        </div>
      ) : null}
    </section>
  );
}
