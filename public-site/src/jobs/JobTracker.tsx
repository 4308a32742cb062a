import type { PublicJobStage } from '@relining/contracts/api/jobs';
import { JOB_STATUS_EXPLANATIONS, trackerStages, type JobStatus, type TrackerStage } from '@relining/contracts/job-status';
// Made on first use (lib/job-dates.ts), not as the page loads: the home page shows no dates.
import { formatJobDate } from '../lib/job-dates';

/** A stage as the tracker draws it: computed for the home page, or from the job-status API (with when it was reached). */
export type TrackerStageView = TrackerStage & Partial<Pick<PublicJobStage, 'reachedAt'>>;

/**
 * The six-stage job tracker (spec §4): earlier stages completed, the current one current, later ones
 * upcoming, a progress bar (current index / 5) and the current stage's explanation. With `stages` from
 * the job-status API it also shows when each stage was reached.
 */
export function JobTracker({ status, stages, headingLevel = 2 }: { status: JobStatus; stages?: TrackerStageView[]; headingLevel?: 2 | 3 }) {
  const computed = trackerStages(status);
  const view: TrackerStageView[] = stages ?? computed.stages;
  const percent = Math.round(computed.progress * 100);
  const current = view.find((stage) => stage.state === 'current');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="tracker">
      <div
        className="tracker__bar"
        role="progressbar"
        aria-label="Job progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete: ${current?.label ?? ''}`}
      >
        <span className="tracker__fill" style={{ width: `${percent}%` }} />
      </div>
      <ol className="tracker__stages">
        {view.map((stage, index) => (
          <li key={stage.status} className={`tracker__stage tracker__stage--${stage.state}`} aria-current={stage.state === 'current' ? 'step' : undefined}>
            <span className="tracker__marker" aria-hidden="true">
              {stage.state === 'completed' ? '✓' : index + 1}
            </span>
            <span className="tracker__label">{stage.label}</span>
            <span className="visually-hidden">
              {stage.state === 'completed' ? ' (completed)' : stage.state === 'current' ? ' (current stage)' : ' (upcoming)'}
            </span>
            {stage.reachedAt ? (
              <time className="tracker__date" dateTime={stage.reachedAt}>
                {formatJobDate(stage.reachedAt)}
              </time>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="tracker__status" role="status">
        <Heading className="tracker__status-title">{current?.label}</Heading>
        <p>{JOB_STATUS_EXPLANATIONS[status]}</p>
      </div>
    </div>
  );
}
