import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { PublicJobStatus } from '@relining/contracts/api/jobs';
import { api, ApiError } from '@relining/contracts/client/http';
import { stageFromJobId } from '@relining/contracts/job-status';
import { JobTracker } from './JobTracker';

type Result = { kind: 'none' } | { kind: 'found'; code: string; job: PublicJobStatus } | { kind: 'invalid' } | { kind: 'error' };

/** The tracking code from what a customer pastes: the code itself or the whole link. */
export function trackingCodeFrom(input: string): string {
  const trimmed = input.trim();
  const fromLink = /\/job-status\/([^/?#\s]+)/.exec(trimmed);
  return (fromLink ? fromLink[1]! : trimmed).toLowerCase();
}

/**
 * The home page's job tracker (spec §2, §4): the six stages explained, highlighting 'quoted' by
 * default (or the stage a job id's keywords name), and a 'Track your job' field that looks a real job
 * up by its tracking code or link.
 */
export function TrackYourJob({ jobId }: { jobId?: string }) {
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>({ kind: 'none' });

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    const code = trackingCodeFrom(input);
    if (!code) return;
    setBusy(true);
    try {
      const job = await api<PublicJobStatus>(`/job-status/${encodeURIComponent(code)}`);
      setResult({ kind: 'found', code, job });
    } catch (error) {
      setResult(error instanceof ApiError && error.status === 404 ? { kind: 'invalid' } : { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="track-job">
      <form className="track-job__form" onSubmit={lookUp} role="search" aria-label="Track your job">
        <label htmlFor="track-job-code" className="field__label">
          Track your job
        </label>
        <div className="track-job__row">
          <input
            id="track-job-code"
            className="field__input"
            name="code"
            placeholder="Paste your tracking link or code"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="button button--primary" disabled={busy || !input.trim()}>
            {busy ? 'Looking up...' : 'Track'}
          </button>
        </div>
        <p className="field__hint">It's in the e-mails we send about your job.</p>
      </form>
      <div aria-live="polite">
        {result.kind === 'invalid' ? (
          <p className="notice notice--error">
            <strong>Invalid Job ID.</strong> The job ID provided is not valid or has expired.
          </p>
        ) : null}
        {result.kind === 'error' ? <p className="notice notice--error">We could not look that up just now. Please try again.</p> : null}
        {result.kind === 'found' ? (
          <p className="track-job__found">
            Job <strong>{result.job.jobNumber}</strong>: <Link href={`/job-status/${result.code}`}>see the full job status page</Link>
          </p>
        ) : null}
      </div>
      {result.kind === 'found' ? (
        <JobTracker status={result.job.status} stages={result.job.stages} headingLevel={3} />
      ) : (
        <JobTracker status={stageFromJobId(jobId)} headingLevel={3} />
      )}
    </div>
  );
}
