import { useEffect, useRef, useState } from 'react';
import type { PublicQuote, PublicReport } from '@relining/contracts/api/inspections';
import type { PublicJobStatus } from '@relining/contracts/api/jobs';
import { api, ApiError } from '@relining/contracts/client/http';
import { Loading } from '../components/Loading';
import { InspectionReport } from './InspectionReport';
import { jobStatusBase } from './job-documents';
import { QuotePanel } from './QuotePanel';
import { UnlockCard } from './UnlockCard';
// The report's and quote's styles are a sheet of their own, not part of the one every page inlines
// (they would make every marketing page heavier): React loads it with the documents, before they show.
import documentsSheet from '../styles/job-documents.css?url';

type State =
  { kind: 'locked'; message?: string } | { kind: 'loading' } | { kind: 'ready'; report: PublicReport | null; quote: PublicQuote | null } | { kind: 'error' };

const COOKIE_REFUSED = 'Your browser did not keep the unlock. Please allow cookies for this site, then try again.';

async function fetchDocuments(code: string, hasReport: boolean, hasQuote: boolean, signal: AbortSignal) {
  const base = jobStatusBase(code);
  const [report, quote] = await Promise.all([
    hasReport ? api<PublicReport>(`${base}/report`, { signal }) : null,
    hasQuote ? api<PublicQuote>(`${base}/quote`, { signal }) : null,
  ]);
  return { report, quote };
}

const isLocked = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * The private part of the tracking page (issue 17): the unlock card until this browser has unlocked
 * the job, then the inspection report and the quote. The page itself may have been rendered by the
 * server, which never sees the job's cookie (it is scoped to /api/job-status/{code}): so the browser
 * asks for the report and quote once it runs, and shows them if the cookie opens them.
 */
type JobDocumentsProps = { code: string; job: PublicJobStatus; onJobChanged: () => void };

/** The report and the quote behind the unlock, with their own style sheet (hoisted into the head by React, once). */
export function JobDocuments(props: JobDocumentsProps) {
  if (!props.job.hasReport && !props.job.hasQuote) return null;
  return (
    <>
      <link rel="stylesheet" href={documentsSheet} precedence="job-documents" />
      <Documents {...props} />
    </>
  );
}

function Documents({ code, job, onJobChanged }: JobDocumentsProps) {
  const { hasReport, hasQuote, unlocked } = job;
  const [state, setState] = useState<State>(() => (unlocked ? { kind: 'loading' } : { kind: 'locked' }));
  const [attempt, setAttempt] = useState(0);
  // Loading after the customer unlocked (or asked to retry), rather than checking quietly for a cookie set earlier.
  const asked = useRef(false);
  const focusAfterLoad = useRef(false);

  useEffect(() => {
    if (!hasReport && !hasQuote) return;
    const controller = new AbortController();
    const quiet = !asked.current;
    // Not unlocked as far as the page knows: ask the job's status, which the cookie reaches (a refused
    // report would log an error in the console of every visitor who has not unlocked yet).
    const documents =
      quiet && !unlocked
        ? api<PublicJobStatus>(jobStatusBase(code), { signal: controller.signal }).then((status) =>
            status.unlocked ? fetchDocuments(code, hasReport, hasQuote, controller.signal) : Promise.reject(new ApiError(403, 'LOCKED', 'locked')),
          )
        : fetchDocuments(code, hasReport, hasQuote, controller.signal);
    documents.then(
      (documents) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', ...documents });
      },
      (error) => {
        if ((error as Error).name === 'AbortError' || controller.signal.aborted) return;
        if (isLocked(error)) setState({ kind: 'locked', message: quiet ? undefined : COOKIE_REFUSED });
        else setState(quiet ? { kind: 'locked' } : { kind: 'error' });
      },
    );
    return () => controller.abort();
    // `unlocked` only matters for the first look: once the page has loaded the documents, it changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, hasReport, hasQuote, attempt]);

  useEffect(() => {
    if (state.kind !== 'ready' || !focusAfterLoad.current) return;
    focusAfterLoad.current = false;
    document.getElementById(state.report ? 'report-heading' : 'quote-heading')?.focus();
  }, [state]);

  if (!hasReport && !hasQuote) return null;

  function load() {
    asked.current = true;
    focusAfterLoad.current = true;
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }

  async function reloadQuote() {
    try {
      const quote = await api<PublicQuote>(`${jobStatusBase(code)}/quote`);
      setState((current) => (current.kind === 'ready' ? { ...current, quote } : current));
    } catch (error) {
      if (isLocked(error)) setState({ kind: 'locked' });
    }
  }

  if (state.kind === 'locked') {
    return (
      <div className="documents documents--locked">
        {state.message ? (
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
        ) : null}
        <UnlockCard
          code={code}
          onUnlocked={() => {
            load();
            // The tracker's status says the job is unlocked now.
            onJobChanged();
          }}
        />
      </div>
    );
  }
  if (state.kind === 'loading') {
    return (
      <div className="documents documents--loading">
        <Loading label={hasReport && hasQuote ? 'Loading your report and quote...' : hasReport ? 'Loading your report...' : 'Loading your quote...'} />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="documents">
        <div className="notice notice--error" role="alert">
          <p>We could not load your report and quote just now.</p>
          <button type="button" className="button button--secondary" onClick={load}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  const { report, quote } = state;
  return (
    <div className={`documents${report && quote ? ' documents--both' : ''}`}>
      {report && quote ? (
        <p className="documents__jump">
          <a href="#quote-heading">Jump to your quote</a>
        </p>
      ) : null}
      {report ? <InspectionReport code={code} report={report} /> : null}
      {quote ? (
        <QuotePanel
          code={code}
          quote={quote}
          onQuote={(changed) => {
            setState((current) => (current.kind === 'ready' ? { ...current, quote: changed } : current));
            // Accepting moves the job to Quote Accepted: the tracker shows it.
            onJobChanged();
          }}
          onReload={reloadQuote}
          onLocked={() => setState({ kind: 'locked', message: undefined })}
        />
      ) : null}
    </div>
  );
}
