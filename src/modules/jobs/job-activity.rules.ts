import type { AuditEntryRecord } from '@relining/contracts/api/audit';
import type { JobActivity, JobActivityKind } from '@relining/contracts/api/jobs';
import { JOB_STATUS_LABELS, type JobStatus } from '@relining/contracts/job-status';

/** A stage the job reached before the audit trail existed (from its status events). */
export interface EarlierStage {
  at: string;
  status: JobStatus;
  previousStatus: JobStatus | null;
  actorName: string | null;
  customerNotified: boolean;
}

/** An e-mail about the job, with its delivery status. */
export interface JobEmailFact {
  at: string;
  subject: string;
  to: string;
  status: string;
}

const label = (status: unknown): string =>
  typeof status === 'string' && status in JOB_STATUS_LABELS ? JOB_STATUS_LABELS[status as JobStatus] : String(status);

function changed(entry: AuditEntryRecord, field: string): { before: unknown; after: unknown } | undefined {
  return entry.changes?.[field];
}

function detailOf(entry: AuditEntryRecord, field: string): unknown {
  return entry.details?.[field];
}

const shown = (value: unknown): string => (value === null || value === undefined || value === '' ? '(none)' : String(value));

/** What one audit entry of a job reads as in its timeline: its kind, a title and a detail. */
export function describeJobEntry(entry: AuditEntryRecord): { kind: JobActivityKind; title: string; detail?: string } {
  const version = detailOf(entry, 'version');
  const ofVersion = typeof version === 'number' ? ` (version ${version})` : '';
  switch (entry.action) {
    case 'create':
      return { kind: 'stage', title: `Job created at ${label(changed(entry, 'status')?.after)}` };
    case 'stage_changed':
      return {
        kind: 'stage',
        title: `Moved to ${label(changed(entry, 'status')?.after)}`,
        detail: `From ${label(changed(entry, 'status')?.before)}${detailOf(entry, 'notify') ? '; customer e-mailed' : '; customer not e-mailed'}`,
      };
    case 'notified':
      return { kind: 'change', title: 'Status e-mail sent again', detail: `Stage: ${label(detailOf(entry, 'status'))}` };
    case 'update':
      return {
        kind: 'change',
        title: 'Details edited',
        detail: Object.entries(entry.changes ?? {})
          .map(([field, change]) => `${field}: ${shown(change.before)} → ${shown(change.after)}`)
          .join('; '),
      };
    case 'archive':
      return { kind: 'change', title: 'Archived' };
    case 'restore':
      return { kind: 'change', title: 'Restored' };
    case 'report_created':
      return { kind: 'report', title: 'Report draft started' };
    case 'report_edited':
      return { kind: 'report', title: 'Report draft edited' };
    case 'report_published':
      return { kind: 'report', title: `Report published${ofVersion}` };
    case 'photos_added': {
      const count = detailOf(entry, 'count');
      return { kind: 'report', title: `${shown(count)} photo${count === 1 ? '' : 's'} added` };
    }
    case 'photo_removed':
      return { kind: 'report', title: 'Photo removed' };
    case 'download':
      return { kind: 'report', title: 'Report PDF downloaded' };
    case 'quote_created':
      return { kind: 'quote', title: `Quote drafted${ofVersion}` };
    case 'quote_edited':
      return { kind: 'quote', title: `Quote draft edited${ofVersion}` };
    case 'quote_new_version':
      return { kind: 'quote', title: `New quote version drafted${ofVersion}` };
    case 'quote_sent':
      return { kind: 'quote', title: `Quote sent${ofVersion}` };
    case 'quote_accepted':
      return { kind: 'acceptance', title: `Quote accepted by ${shown(detailOf(entry, 'fullName'))}`, detail: `Version ${shown(version)}` };
    case 'quote_declined':
      return { kind: 'quote', title: `Quote declined${ofVersion}`, detail: `Reason: ${shown(detailOf(entry, 'reason'))}` };
    case 'referral_linked':
      return { kind: 'change', title: 'Referral linked' };
    case 'referral_unlinked':
      return { kind: 'change', title: 'Referral unlinked' };
    case 'before_after_sent':
      return { kind: 'change', title: 'Before and after photos sent to the media library' };
    default:
      return { kind: 'change', title: entry.action.replace(/_/g, ' ') };
  }
}

/**
 * The stage events the audit trail does not tell: those from before it existed. Each stage entry of the
 * trail accounts for one event of the same move; an event setting the stage it already had is an
 * e-mail sent again (the e-mail tells it).
 */
export function stagesNotAudited(entries: readonly AuditEntryRecord[], events: readonly EarlierStage[]): EarlierStage[] {
  const key = (previous: unknown, status: unknown) => `${String(previous ?? '')}>${String(status)}`;
  const audited = new Map<string, number>();
  for (const entry of entries) {
    if (entry.action !== 'create' && entry.action !== 'stage_changed') continue;
    const status = changed(entry, 'status');
    const move = key(entry.action === 'create' ? null : status?.before, status?.after);
    audited.set(move, (audited.get(move) ?? 0) + 1);
  }
  return events.filter((event) => {
    if (event.previousStatus === event.status) return false;
    const move = key(event.previousStatus, event.status);
    const left = audited.get(move) ?? 0;
    if (left === 0) return true;
    audited.set(move, left - 1);
    return false;
  });
}

/**
 * A job's timeline, newest first: the stages it reached before the audit trail began (from its status
 * events), every audit entry about it, and the e-mails about it with their delivery status.
 */
export function jobActivity(entries: readonly AuditEntryRecord[], earlier: readonly EarlierStage[], emails: readonly JobEmailFact[]): JobActivity[] {
  const before = stagesNotAudited(entries, earlier);
  const items: JobActivity[] = [
    ...before.map((stage) => ({
      at: stage.at,
      kind: 'stage' as const,
      title: stage.previousStatus === null ? `Job created at ${label(stage.status)}` : `Moved to ${label(stage.status)}`,
      detail: stage.previousStatus === null ? undefined : `From ${label(stage.previousStatus)}${stage.customerNotified ? '; customer e-mailed' : ''}`,
      ...(stage.actorName ? { actorName: stage.actorName } : {}),
    })),
    ...entries.map((entry) => {
      const described = describeJobEntry(entry);
      return { at: entry.at, ...described, actorName: entry.actorName };
    }),
    ...emails.map((email) => ({ at: email.at, kind: 'email' as const, title: email.subject, detail: `To ${email.to}`, status: email.status })),
  ];
  // Newest first; at the same instant an e-mail follows the change that queued it.
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.at === b.item.at ? b.index - a.index : a.item.at < b.item.at ? 1 : -1))
    .map(({ item }) => (item.detail === undefined ? (({ detail: _detail, ...rest }) => rest)(item) : item));
}
