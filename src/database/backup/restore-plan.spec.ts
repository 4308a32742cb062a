import { planSchema, whatWouldBeReplaced } from './restore-plan.js';
import { dependencyOrder } from './schema-inventory.js';

const code = ['A1', 'B2', 'C3'];

describe('planSchema', () => {
  it.each([
    ['an empty database, backup at the code version', code, undefined, { action: 'apply', migrations: code }],
    ['an empty database, older backup', ['A1', 'B2'], undefined, { action: 'apply', migrations: ['A1', 'B2'] }],
    ['a database at the backup version', code, code, { action: 'apply', migrations: [] }],
    ['a database older than the backup', code, ['A1'], { action: 'apply', migrations: ['B2', 'C3'] }],
    ['a database with an empty migrations table', ['A1'], [], { action: 'apply', migrations: ['A1'] }],
    ['a database newer than the backup', ['A1'], code, { action: 'revert', count: 2, migrations: ['C3', 'B2'] }],
  ])('%s', (_name, backup, target, plan) => {
    expect(planSchema(backup, target, code)).toEqual(plan);
  });

  it.each([
    ['a backup from a newer version', ['A1', 'B2', 'C3', 'D4'], undefined, /newer version of the product: its schema is at migration D4.*knows up to C3/],
    ['a backup whose migrations are in another order', ['B2', 'A1'], undefined, /do not follow this version's order/],
    ['a database migrated by a newer version', code, ['A1', 'B2', 'C3', 'D4'], /target database was migrated by a newer or different version.*D4/],
    ['a database on another branch', ['A1'], ['A1', 'X9'], /target database was migrated by a newer or different version/],
  ])('refuses %s', (_name, backup, target, reason) => {
    const plan = planSchema(backup, target, code);
    expect(plan.action).toBe('refuse');
    expect(plan.action === 'refuse' && plan.reason).toMatch(reason);
  });
});

describe('whatWouldBeReplaced', () => {
  it.each([
    [
      'a freshly migrated and seeded database',
      { rows: { migrations: 7, localities: 16000, email_templates: 12, referral_totals: 0 }, editedTemplates: 0, uploadedFiles: 0 },
      [],
    ],
    [
      'a database the daily job ran on',
      { rows: { scheduled_runs: 3, booking_status_totals: 2, referral_referrer_totals: 1 }, editedTemplates: 0, uploadedFiles: 0 },
      [],
    ],
    [
      'a database with data',
      { rows: { users: 2, jobs: 5, bookings: 1, referrals: 0, migrations: 7 }, editedTemplates: 1, uploadedFiles: 3 },
      ['bookings: 1 row', 'jobs: 5 rows', 'users: 2 rows', 'email_templates: 1 edited template', 'uploaded files: 3'],
    ],
    ['only uploaded files', { rows: {}, editedTemplates: 0, uploadedFiles: 1 }, ['uploaded files: 1']],
    ['a table added by a later migration', { rows: { invoices: 4 }, editedTemplates: 0, uploadedFiles: 0 }, ['invoices: 4 rows']],
  ])('%s', (_name, contents, lines) => {
    expect(whatWouldBeReplaced(contents)).toEqual(lines);
  });
});

describe('dependencyOrder', () => {
  it.each([
    ['no references: alphabetical', ['c', 'a', 'b'], [], ['a', 'b', 'c']],
    [
      'parents first',
      ['job_status_events', 'jobs', 'users', 'bookings', 'referrals', 'notifications'],
      [
        { child: 'jobs', parent: 'bookings' },
        { child: 'jobs', parent: 'referrals' },
        { child: 'jobs', parent: 'users' },
        { child: 'referrals', parent: 'users' },
        { child: 'job_status_events', parent: 'jobs' },
        { child: 'job_status_events', parent: 'notifications' },
      ],
      ['bookings', 'notifications', 'users', 'referrals', 'jobs', 'job_status_events'],
    ],
    ['a table referencing itself', ['a'], [{ child: 'a', parent: 'a' }], ['a']],
  ])('%s', (_name, tables, references, order) => {
    expect(dependencyOrder(tables, references)).toEqual(order);
  });

  it('refuses a cycle', () => {
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });
});
