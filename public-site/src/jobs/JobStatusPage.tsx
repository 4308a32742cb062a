import { useCallback } from 'react';
import { Link, useParams } from 'wouter';
import type { PublicJobStatus } from '@relining/contracts/api/jobs';
import { Loading } from '../components/Loading';
import { api, ApiError } from '@relining/contracts/client/http';
import { COMPANY } from '../lib/site';
import { usePrefetched } from '../lib/use-prefetched';
import { JobDocuments } from './JobDocuments';
import { JobTracker } from './JobTracker';

type State = { kind: 'loading' } | { kind: 'found'; job: PublicJobStatus } | { kind: 'invalid' } | { kind: 'error' };

const foundJob = (job: PublicJobStatus): State => ({ kind: 'found', job });
const failedJob = (error: unknown): State => (error instanceof ApiError && error.status === 404 ? { kind: 'invalid' } : { kind: 'error' });

/** spec §2 Job status page (/job-status/{code}): the customer's private tracking page (noindex). */
export default function JobStatusPage() {
  const { code } = useParams<{ code: string }>();
  const path = `/job-status/${encodeURIComponent(code)}`;
  const [state, setState] = usePrefetched(path, foundJob, failedJob);

  // After the customer unlocks, accepts or declines: the tracker shows where the job is now.
  const refresh = useCallback(() => {
    api<PublicJobStatus>(path).then(
      (job) => setState({ kind: 'found', job }),
      () => undefined, // the page keeps what it shows; the next visit reads the new stage
    );
  }, [path, setState]);

  if (state.kind === 'loading') {
    return (
      <section className="container page narrow job-status--loading">
        <Loading label="Loading job details..." />
      </section>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <section className="container page narrow job-status job-status--invalid">
        <h1>Invalid Job ID</h1>
        <p>The job ID provided is not valid or has expired.</p>
        <Link href="/" className="button button--primary">
          Return to Home
        </Link>
      </section>
    );
  }
  if (state.kind === 'error') {
    return (
      <section className="container page narrow job-status">
        <h1>Your Job Status</h1>
        <p role="alert">We could not load your job just now. Please refresh the page in a moment.</p>
      </section>
    );
  }
  const { job } = state;
  return (
    <section className="container page job-status">
      <h1>Your Job Status</h1>
      <p className="job-status__meta">
        {job.customerFirstName ? `Hi ${job.customerFirstName}, here is where your job is up to. ` : ''}
        Job ID: <strong>{job.jobNumber}</strong>
      </p>
      <JobTracker status={job.status} stages={job.stages} />
      <JobDocuments code={code} job={job} onJobChanged={refresh} />
      <aside className="questions" aria-labelledby="questions-heading">
        <h2 id="questions-heading">Have Questions?</h2>
        <p>Our team is happy to help with anything about your job. Call us on {COMPANY.phone} or send us an e-mail.</p>
        <a href={COMPANY.phoneHref} className="button button--primary">
          Contact Us
        </a>
      </aside>
      <p>
        <Link href="/">Back to Home</Link>
      </p>
    </section>
  );
}
