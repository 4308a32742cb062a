import type { AuditEntryRecord } from '@relining/contracts/api/audit';
import { JOB_STATUS_LABELS } from '@relining/contracts/job-status';
import { describeJobEntry, jobActivity, stagesNotAudited, type EarlierStage } from './job-activity.rules.js';

function entry(action: string, overrides: Partial<AuditEntryRecord> = {}): AuditEntryRecord {
  return {
    id: '1',
    at: '2026-11-20T01:00:00.000Z',
    actorKind: 'user',
    actorId: null,
    actorName: 'staff@example.com.au',
    entity: 'job',
    entityId: 'job-1',
    action,
    changes: null,
    details: null,
    correlationId: null,
    ...overrides,
  };
}

function stage(status: EarlierStage['status'], previousStatus: EarlierStage['previousStatus'], at: string): EarlierStage {
  return { at, status, previousStatus, actorName: 'staff@example.com.au', customerNotified: false };
}

describe('describeJobEntry', () => {
  it.each<[string, Partial<AuditEntryRecord>, ReturnType<typeof describeJobEntry>]>([
    ['create', { changes: { status: { before: null, after: 'booked' } } }, { kind: 'stage', title: `Job created at ${JOB_STATUS_LABELS.booked}` }],
    [
      'stage_changed',
      { changes: { status: { before: 'booked', after: 'quoted' } }, details: { notify: true } },
      { kind: 'stage', title: `Moved to ${JOB_STATUS_LABELS.quoted}`, detail: `From ${JOB_STATUS_LABELS.booked}; customer e-mailed` },
    ],
    ['report_published', { details: { version: 2 } }, { kind: 'report', title: 'Report published (version 2)' }],
    ['photos_added', { details: { count: 3 } }, { kind: 'report', title: '3 photos added' }],
    ['download', {}, { kind: 'report', title: 'Report PDF downloaded' }],
    ['quote_sent', { details: { version: 1 } }, { kind: 'quote', title: 'Quote sent (version 1)' }],
    ['quote_accepted', { details: { fullName: 'Sam Owner', version: 1 } }, { kind: 'acceptance', title: 'Quote accepted by Sam Owner', detail: 'Version 1' }],
    ['quote_declined', { details: { reason: null, version: 1 } }, { kind: 'quote', title: 'Quote declined (version 1)', detail: 'Reason: (none)' }],
    [
      'update',
      { changes: { customerName: { before: 'Sam', after: 'Samantha' } } },
      { kind: 'change', title: 'Details edited', detail: 'customerName: Sam → Samantha' },
    ],
    ['archive', {}, { kind: 'change', title: 'Archived' }],
    ['something_new', {}, { kind: 'change', title: 'something new' }],
  ])('%s', (action, overrides, expected) => {
    expect(describeJobEntry(entry(action, overrides))).toEqual(expected);
  });
});

describe('stagesNotAudited', () => {
  it('keeps the stage events from before the trail, drops the audited ones and re-sent e-mails', () => {
    const events = [
      stage('booked', null, '2026-01-01T00:00:00.000Z'),
      stage('inspected', 'booked', '2026-01-02T00:00:00.000Z'),
      stage('inspected', 'inspected', '2026-01-03T00:00:00.000Z'),
      stage('quoted', 'inspected', '2026-11-20T01:00:00.000Z'),
    ];
    const entries = [entry('stage_changed', { changes: { status: { before: 'inspected', after: 'quoted' } } })];
    expect(stagesNotAudited(entries, events).map((event) => event.status)).toEqual(['booked', 'inspected']);
  });
});

describe('jobActivity', () => {
  it('merges stages, entries and e-mails newest first', () => {
    const activity = jobActivity(
      [entry('quote_sent', { at: '2026-11-20T02:00:00.000Z', details: { version: 1 } })],
      [stage('booked', null, '2026-11-19T00:00:00.000Z')],
      [{ at: '2026-11-20T03:00:00.000Z', subject: 'Your quote is ready', to: 'sam@example.com.au', status: 'sent' }],
    );
    expect(activity).toEqual([
      { at: '2026-11-20T03:00:00.000Z', kind: 'email', title: 'Your quote is ready', detail: 'To sam@example.com.au', status: 'sent' },
      { at: '2026-11-20T02:00:00.000Z', kind: 'quote', title: 'Quote sent (version 1)', actorName: 'staff@example.com.au' },
      { at: '2026-11-19T00:00:00.000Z', kind: 'stage', title: `Job created at ${JOB_STATUS_LABELS.booked}`, actorName: 'staff@example.com.au' },
    ]);
  });
});
