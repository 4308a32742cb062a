import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { ConnectedPipeline1764800000000 } from '../../src/database/migrations/1764800000000-connected-pipeline.js';
import { migrations } from '../../src/database/migrations/index.js';

/**
 * Issue 15: migrating an existing database turns today's rebate fields into ledger entries without
 * losing or inventing money. A part is carried when it was earned (its completion time is set:
 * processing → pending, paid → paid) or when staff recorded a Clean & View payment; a reline marked
 * paid without a reline (the original rule paid both parts at rebate_paid) was never earned.
 */

type PartStatus = 'pending' | 'processing' | 'paid';

interface OldPart {
  cents: number;
  status: PartStatus;
  completedAt: string | null;
  paidAt: string | null;
}

interface OldReferral {
  status: 'referred' | 'cleanview_completed' | 'reline_completed' | 'rebate_paid';
  cleanview: OldPart;
  reline: OldPart;
  /** A registered plumber's referral (a quick referral has none). */
  registered: boolean;
  notes: string | null;
}

const pending = (cents: number): OldPart => ({ cents, status: 'pending', completedAt: null, paidAt: null });
const processing = (cents: number, completedAt: string): OldPart => ({ cents, status: 'processing', completedAt, paidAt: null });
const paid = (cents: number, completedAt: string | null, paidAt: string): OldPart => ({ cents, status: 'paid', completedAt, paidAt });

/** Referrals as the original rules left them ("any status may follow any other"), each amount its own. */
const OLD = {
  referred: { status: 'referred', cleanview: pending(8_000), reline: pending(40_000), registered: true, notes: 'Staff: call after 3pm' },
  cleanViewDone: {
    status: 'cleanview_completed',
    cleanview: processing(8_100, '2025-02-03T01:00:00.000Z'),
    reline: pending(40_100),
    registered: false,
    notes: 'Dog in the yard',
  },
  relineDone: {
    status: 'reline_completed',
    cleanview: processing(8_200, '2025-02-05T02:00:00.000Z'),
    reline: processing(40_200, '2025-02-20T03:00:00.000Z'),
    registered: true,
    notes: null,
  },
  paidAfterReline: {
    status: 'rebate_paid',
    cleanview: paid(8_300, '2025-01-10T00:00:00.000Z', '2025-03-01T04:00:00.000Z'),
    reline: paid(40_300, '2025-01-24T00:00:00.000Z', '2025-03-01T04:00:00.000Z'),
    registered: true,
    notes: null,
  },
  paidAfterCleanViewOnly: {
    status: 'rebate_paid',
    cleanview: paid(8_400, '2025-02-11T05:00:00.000Z', '2025-03-02T06:00:00.000Z'),
    reline: paid(40_400, null, '2025-03-02T06:00:00.000Z'),
    registered: true,
    notes: null,
  },
  paidStraightFromReferred: {
    status: 'rebate_paid',
    cleanview: paid(8_500, null, '2025-03-03T07:00:00.000Z'),
    reline: paid(40_500, null, '2025-03-03T07:00:00.000Z'),
    registered: false,
    notes: null,
  },
  // Paid straight from referred, then moved back to cleanview_completed: the reline stayed paid.
  paidThenCleanViewCompleted: {
    status: 'cleanview_completed',
    cleanview: processing(8_600, '2025-03-10T08:00:00.000Z'),
    reline: paid(40_600, null, '2025-03-04T09:00:00.000Z'),
    registered: true,
    notes: null,
  },
} satisfies Record<string, OldReferral>;
type Key = keyof typeof OLD;
const KEYS = Object.keys(OLD) as Key[];

const CLEANVIEW_TERMS_MS = 15 * 86_400_000;
const RELINE_TERMS_MS = 30 * 86_400_000;
const at = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));
const plus = (iso: string, ms: number): Date => new Date(new Date(iso).getTime() + ms);

/** The ledger entries each referral must have after the migration (by the rules in the migration's doc comment). */
const EXPECTED_ENTRIES: Record<
  Key,
  Array<{ kind: 'cleanview' | 'reline'; amount_cents: number; state: 'pending' | 'paid'; milestone_at: Date; due_at: Date; paid_at: Date | null }>
> = {
  referred: [],
  cleanViewDone: [
    {
      kind: 'cleanview',
      amount_cents: 8_100,
      state: 'pending',
      milestone_at: at('2025-02-03T01:00:00.000Z')!,
      due_at: plus('2025-02-03T01:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: null,
    },
  ],
  relineDone: [
    {
      kind: 'cleanview',
      amount_cents: 8_200,
      state: 'pending',
      milestone_at: at('2025-02-05T02:00:00.000Z')!,
      due_at: plus('2025-02-05T02:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: null,
    },
    {
      kind: 'reline',
      amount_cents: 40_200,
      state: 'pending',
      milestone_at: at('2025-02-20T03:00:00.000Z')!,
      due_at: plus('2025-02-20T03:00:00.000Z', RELINE_TERMS_MS),
      paid_at: null,
    },
  ],
  paidAfterReline: [
    {
      kind: 'cleanview',
      amount_cents: 8_300,
      state: 'paid',
      milestone_at: at('2025-01-10T00:00:00.000Z')!,
      due_at: plus('2025-01-10T00:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: at('2025-03-01T04:00:00.000Z'),
    },
    {
      kind: 'reline',
      amount_cents: 40_300,
      state: 'paid',
      milestone_at: at('2025-01-24T00:00:00.000Z')!,
      due_at: plus('2025-01-24T00:00:00.000Z', RELINE_TERMS_MS),
      paid_at: at('2025-03-01T04:00:00.000Z'),
    },
  ],
  paidAfterCleanViewOnly: [
    {
      kind: 'cleanview',
      amount_cents: 8_400,
      state: 'paid',
      milestone_at: at('2025-02-11T05:00:00.000Z')!,
      due_at: plus('2025-02-11T05:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: at('2025-03-02T06:00:00.000Z'),
    },
  ],
  // Staff recorded this payment: the milestone is the payment.
  paidStraightFromReferred: [
    {
      kind: 'cleanview',
      amount_cents: 8_500,
      state: 'paid',
      milestone_at: at('2025-03-03T07:00:00.000Z')!,
      due_at: plus('2025-03-03T07:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: at('2025-03-03T07:00:00.000Z'),
    },
  ],
  paidThenCleanViewCompleted: [
    {
      kind: 'cleanview',
      amount_cents: 8_600,
      state: 'pending',
      milestone_at: at('2025-03-10T08:00:00.000Z')!,
      due_at: plus('2025-03-10T08:00:00.000Z', CLEANVIEW_TERMS_MS),
      paid_at: null,
    },
  ],
};

/** The referral's rebate fields after the migration: what its ledger says. */
const EXPECTED_FIELDS: Record<Key, Record<string, string | Date | null>> = {
  referred: fields('pending', null, null, 'pending', null, null),
  cleanViewDone: fields('processing', '2025-02-03T01:00:00.000Z', null, 'pending', null, null),
  relineDone: fields('processing', '2025-02-05T02:00:00.000Z', null, 'processing', '2025-02-20T03:00:00.000Z', null),
  paidAfterReline: fields('paid', '2025-01-10T00:00:00.000Z', '2025-03-01T04:00:00.000Z', 'paid', '2025-01-24T00:00:00.000Z', '2025-03-01T04:00:00.000Z'),
  paidAfterCleanViewOnly: fields('paid', '2025-02-11T05:00:00.000Z', '2025-03-02T06:00:00.000Z', 'pending', null, null),
  paidStraightFromReferred: fields('paid', '2025-03-03T07:00:00.000Z', '2025-03-03T07:00:00.000Z', 'pending', null, null),
  paidThenCleanViewCompleted: fields('processing', '2025-03-10T08:00:00.000Z', null, 'pending', null, null),
};

function fields(cvStatus: string, cvCompleted: string | null, cvPaid: string | null, rlStatus: string, rlCompleted: string | null, rlPaid: string | null) {
  return {
    cleanview_rebate_status: cvStatus,
    cleanview_completed_at: at(cvCompleted),
    cleanview_paid_at: at(cvPaid),
    reline_rebate_status: rlStatus,
    reline_completed_at: at(rlCompleted),
    reline_paid_at: at(rlPaid),
  };
}

/** A reline marked paid without a reline is not carried; its referral's history says so. */
const NOT_EARNED_RELINE: Key[] = ['paidAfterCleanViewOnly', 'paidStraightFromReferred', 'paidThenCleanViewCompleted'];

/** The money the original fields held that was really earned: paid, and earned but not yet paid (cents). */
function earnedMoney(): { paid: number; unpaid: number } {
  let paidCents = 0;
  let unpaidCents = 0;
  for (const referral of Object.values(OLD)) {
    for (const [kind, part] of [
      ['cleanview', referral.cleanview],
      ['reline', referral.reline],
    ] as const) {
      if (part.status === 'processing') unpaidCents += part.cents;
      // A reline paid without a reline was never earned; a Clean & View payment staff recorded stands.
      if (part.status === 'paid' && (kind === 'cleanview' || part.completedAt !== null)) paidCents += part.cents;
    }
  }
  return { paid: paidCents, unpaid: unpaidCents };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('migration: the rebate ledger from existing referrals', () => {
  const sut = new ConnectedPipeline1764800000000();
  let databaseName: string;
  let db: DataSource;
  const ids = {} as Record<Key, string>;
  let plumberId: string;
  let jobId: string;

  /** Runs the migration one way in a transaction of its own, as `migration:run` / `migration:revert` do. */
  const migrate = async (direction: 'up' | 'down') => {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      await sut[direction](runner);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  };

  const entriesOf = (key: Key) =>
    db.query(`SELECT kind, amount_cents, state, milestone_at, due_at, paid_at FROM rebate_entries WHERE referral_id = $1 AND state <> 'void' ORDER BY kind`, [
      ids[key],
    ]);
  const fieldsOf = async (key: Key) =>
    (
      await db.query(
        `SELECT cleanview_rebate_status, cleanview_completed_at, cleanview_paid_at, reline_rebate_status, reline_completed_at, reline_paid_at FROM referrals WHERE id = $1`,
        [ids[key]],
      )
    )[0];
  const money = async () => {
    const [row] = await db.query(
      `SELECT coalesce(sum(amount_cents) FILTER (WHERE state = 'paid'), 0)::int AS paid, coalesce(sum(amount_cents) FILTER (WHERE state = 'pending'), 0)::int AS pending FROM rebate_entries`,
    );
    return row as { paid: number; pending: number };
  };
  const ledgerTotals = async () => ({
    stored: await db.query(`SELECT kind, state, entries::int, cents::int FROM rebate_totals WHERE entries <> 0 OR cents <> 0 ORDER BY 1, 2`),
    counted: await db.query(`SELECT kind, state, count(*)::int AS entries, sum(amount_cents)::int AS cents FROM rebate_entries GROUP BY 1, 2 ORDER BY 1, 2`),
  });
  /** Everything the migration is to produce, apart from row ids and creation times. */
  const outcome = async () => ({
    entries: await db.query(
      `SELECT r.ref_number, e.kind, e.amount_cents, e.state, e.milestone_at, e.due_at, e.paid_at, e.plumber_id, e.plumber_name, e.ref_number AS entry_ref
       FROM rebate_entries e JOIN referrals r ON r.id = e.referral_id ORDER BY r.ref_number, e.kind, e.state`,
    ),
    referrals: await db.query(
      `SELECT ref_number, status, cleanview_rebate_status, cleanview_completed_at, cleanview_paid_at, reline_rebate_status, reline_completed_at, reline_paid_at,
              notes, staff_notes, job_id, job_stage, job_quote_accepted
       FROM referrals ORDER BY ref_number`,
    ),
    rebateEvents: await db.query(
      `SELECT r.ref_number, ev.from_value, ev.to_value FROM referral_events ev JOIN referrals r ON r.id = ev.referral_id WHERE ev.kind = 'rebate' ORDER BY r.ref_number`,
    ),
    totals: (await ledgerTotals()).stored,
  });

  beforeAll(async () => {
    // A fresh database migrated up to the migration before this one.
    databaseName = `relining_test_ledger_${randomBytes(5).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
    const url = new URL(process.env.TEST_PG_ADMIN_URL!);
    url.pathname = `/${databaseName}`;
    // Later migrations (e.g. notification attachments) come after it and are not run here.
    expect(migrations).toContain(ConnectedPipeline1764800000000);
    const before = migrations.slice(0, migrations.indexOf(ConnectedPipeline1764800000000));
    db = await new DataSource({ ...dataSourceOptions(url.toString(), 'rebate-ledger-migration'), migrations: before }).initialize();
    await db.runMigrations({ transaction: 'each' });

    // Rows in the shape they had before it.
    [{ id: plumberId }] = await db.query(`INSERT INTO users (email) VALUES ('pat@pipes.com.au') RETURNING id`);
    for (const key of KEYS) {
      const old = OLD[key];
      const [row] = await db.query(
        `INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_id, plumber_name, plumber_company, plumber_phone, plumber_email,
                                urgency, description, notes, status,
                                cleanview_rebate_amount_cents, cleanview_rebate_status, cleanview_completed_at, cleanview_paid_at,
                                reline_rebate_amount_cents, reline_rebate_status, reline_completed_at, reline_paid_at, created_at, updated_at)
         VALUES ($1, '0400 111 222', '1 Main Street', 'Parramatta', $2, 'Pat Plumber', 'Pat Pipes', '0400 333 444', 'pat@pipes.com.au',
                 'medium', 'Blocked sewer', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '2025-01-01T00:00:00Z', '2025-04-01T00:00:00Z')
         RETURNING id`,
        [
          `Client ${key}`,
          old.registered ? plumberId : null,
          old.notes,
          old.status,
          old.cleanview.cents,
          old.cleanview.status,
          old.cleanview.completedAt,
          old.cleanview.paidAt,
          old.reline.cents,
          old.reline.status,
          old.reline.completedAt,
          old.reline.paidAt,
        ],
      );
      ids[key] = row.id;
    }
    // Staff edited the first referral's notes twice: the first change replaced the plumber's words.
    await db.query(
      `INSERT INTO referral_events (referral_id, kind, from_value, to_value, created_at) VALUES
         ($1, 'notes', 'Gate code 1234', 'Staff: call', '2025-01-02T00:00:00Z'),
         ($1, 'notes', 'Staff: call', 'Staff: call after 3pm', '2025-01-03T00:00:00Z')`,
      [ids.referred],
    );
    // A job already carrying its referral; its quote was accepted on the way to completion.
    [{ id: jobId }] = await db.query(
      `INSERT INTO jobs (job_number, customer_name, customer_email, status, tracking_code, referral_id)
       VALUES ('JOB-1001', 'Client relineDone', 'client@example.com.au', 'completed', 'TRACK-1001', $1) RETURNING id`,
      [ids.relineDone],
    );
    await db.query(
      `INSERT INTO job_status_events (job_id, status, previous_status) VALUES ($1, 'booked', NULL), ($1, 'accepted', 'quoted'), ($1, 'completed', 'scheduled')`,
      [jobId],
    );

    await migrate('up');
  });

  afterAll(async () => {
    await db?.destroy();
    if (databaseName) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  });

  it.each(KEYS)('carries the rebate fields of %s into the ledger, and the fields then say what the ledger says', async (key) => {
    expect(await entriesOf(key)).toEqual(EXPECTED_ENTRIES[key]);
    expect(await fieldsOf(key)).toEqual(EXPECTED_FIELDS[key]);
  });

  it('keeps each entry’s referral, plumber and Ref ID, and writes each one’s history once, by the trigger', async () => {
    const entries = await db.query(
      `SELECT e.plumber_id, e.ref_number, e.plumber_name, r.plumber_id AS referral_plumber, r.ref_number AS referral_ref,
              array_agg(json_build_object('from', ev.from_state, 'to', ev.to_state, 'reason', ev.reason)) AS history, e.state
       FROM rebate_entries e JOIN referrals r ON r.id = e.referral_id LEFT JOIN rebate_entry_events ev ON ev.entry_id = e.id
       GROUP BY e.id, r.id`,
    );
    expect(entries).toHaveLength(Object.values(EXPECTED_ENTRIES).flat().length);
    for (const entry of entries) {
      expect(entry.plumber_id).toBe(entry.referral_plumber);
      expect(entry.ref_number).toBe(entry.referral_ref);
      expect(entry.plumber_name).toBe('Pat Plumber');
      expect(entry.history).toEqual([{ from: null, to: entry.state, reason: "Carried over from the referral's rebate fields" }]);
    }
    expect(entries.filter((entry: { plumber_id: string | null }) => entry.plumber_id === plumberId).length).toBeGreaterThan(0);
    expect(entries.filter((entry: { plumber_id: string | null }) => entry.plumber_id === null).length).toBeGreaterThan(0);
  });

  it('neither loses nor invents money: paid is what was paid and earned, pending what was earned and not yet paid', async () => {
    const earned = earnedMoney();
    expect(earned).toEqual({ paid: 8_300 + 40_300 + 8_400 + 8_500, unpaid: 8_100 + 8_200 + 40_200 + 8_600 });
    expect(await money()).toEqual({ paid: earned.paid, pending: earned.unpaid });
    const totals = await ledgerTotals();
    expect(totals.stored).toEqual(totals.counted);
    expect(totals.stored).toEqual([
      { kind: 'cleanview', state: 'paid', entries: 3, cents: 8_300 + 8_400 + 8_500 },
      { kind: 'cleanview', state: 'pending', entries: 3, cents: 8_100 + 8_200 + 8_600 },
      { kind: 'reline', state: 'paid', entries: 1, cents: 40_300 },
      { kind: 'reline', state: 'pending', entries: 1, cents: 40_200 },
    ]);
  });

  it('says in the referral’s history why a reline marked paid without a reline was not carried', async () => {
    const events = await db.query(`SELECT referral_id, from_value, to_value FROM referral_events WHERE kind = 'rebate'`);
    expect(events.map((event: { referral_id: string }) => event.referral_id).sort()).toEqual(NOT_EARNED_RELINE.map((key) => ids[key]).sort());
    for (const event of events) {
      expect(event.from_value).toBe('paid');
      expect(event.to_value).toMatch(/reline rebate was marked paid without a reline .*not earned/);
    }
  });

  it('keeps the referral running totals true to the referrals after their rebate fields changed', async () => {
    const stored = await db.query(
      `SELECT status, cleanview_rebate_status, reline_rebate_status, referrals::int, cleanview_cents::int, reline_cents::int FROM referral_totals WHERE referrals <> 0 ORDER BY 1, 2, 3`,
    );
    const counted = await db.query(
      `SELECT status, cleanview_rebate_status, reline_rebate_status, count(*)::int AS referrals, sum(cleanview_rebate_amount_cents)::int AS cleanview_cents, sum(reline_rebate_amount_cents)::int AS reline_cents
       FROM referrals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(stored).toEqual(counted);
  });

  it('gives staff’s notes their own field and the plumber’s words back; notes staff never changed stay as they were', async () => {
    const notes = await db.query(`SELECT id, notes, staff_notes FROM referrals WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`, [
      [ids.referred, ids.cleanViewDone, ids.relineDone],
    ]);
    expect(notes).toEqual([
      { id: ids.referred, notes: 'Gate code 1234', staff_notes: 'Staff: call after 3pm' },
      { id: ids.cleanViewDone, notes: 'Dog in the yard', staff_notes: null },
      { id: ids.relineDone, notes: null, staff_notes: null },
    ]);
  });

  it('links a referral to the job already carrying it, with the job’s stage', async () => {
    const linked = await db.query(`SELECT id, job_id, job_stage, job_quote_accepted FROM referrals WHERE job_id IS NOT NULL OR job_stage IS NOT NULL`);
    expect(linked).toEqual([{ id: ids.relineDone, job_id: jobId, job_stage: 'completed', job_quote_accepted: true }]);
  });

  it('holds the ledger’s rules on the carried entries: amounts never change, nothing is deleted, paid stays paid, void needs a reason', async () => {
    const [pendingEntry] = await db.query(`SELECT id FROM rebate_entries WHERE referral_id = $1 AND kind = 'cleanview'`, [ids.cleanViewDone]);
    const [paidEntry] = await db.query(`SELECT id FROM rebate_entries WHERE referral_id = $1 AND kind = 'reline'`, [ids.paidAfterReline]);
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      const refused = async (sql: string, params: unknown[], message: RegExp) => {
        await runner.query('SAVEPOINT attempt');
        await expect(runner.query(sql, params)).rejects.toThrow(message);
        await runner.query('ROLLBACK TO SAVEPOINT attempt');
      };
      await refused(`UPDATE rebate_entries SET amount_cents = amount_cents + 1 WHERE id = $1`, [pendingEntry.id], /amount and milestone never change/);
      await refused(`DELETE FROM rebate_entries WHERE id = $1`, [pendingEntry.id], /never deleted/);
      await refused(`UPDATE rebate_entries SET state = 'pending', paid_at = NULL WHERE id = $1`, [paidEntry.id], /a paid rebate entry stays paid/);
      await refused(`UPDATE rebate_entries SET state = 'void', void_source = 'staff' WHERE id = $1`, [pendingEntry.id], /rebate_entries_void_check/);

      // What the rules allow still works on the same entry, and its history and the totals follow.
      await runner.query(`UPDATE rebate_entries SET state = 'void', void_reason = 'Job cancelled', void_source = 'staff' WHERE id = $1`, [pendingEntry.id]);
      expect(await runner.query(`SELECT from_state, to_state FROM rebate_entry_events WHERE entry_id = $1 ORDER BY id`, [pendingEntry.id])).toEqual([
        { from_state: null, to_state: 'pending' },
        { from_state: 'pending', to_state: 'void' },
      ]);
      expect(await runner.query(`SELECT entries::int, cents::int FROM rebate_totals WHERE kind = 'cleanview' AND state = 'void'`)).toEqual([
        { entries: 1, cents: 8_100 },
      ]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await entriesOf('cleanViewDone')).toEqual(EXPECTED_ENTRIES.cleanViewDone);
  });

  it('reverts to the earlier shape and migrates again to the same ledger, fields and history', async () => {
    const first = await outcome();
    await migrate('down');
    const tables = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rebate_%' OR table_name = 'referral_reviews'`);
    expect(tables).toEqual([]);
    // The original rule's payment is back as the earlier version showed it (at the Clean & View's payment,
    // which that rule made at the same moment), so the earlier version counts the same money as paid.
    for (const key of ['paidAfterCleanViewOnly', 'paidStraightFromReferred'] as const) {
      expect(await fieldsOf(key)).toEqual({
        ...EXPECTED_FIELDS[key],
        reline_rebate_status: 'paid',
        reline_paid_at: at(OLD[key].reline.paidAt),
      });
    }
    expect((await fieldsOf('paidThenCleanViewCompleted')).reline_rebate_status).toBe('paid');
    const [notesAfterDown] = await db.query(`SELECT notes FROM referrals WHERE id = $1`, [ids.referred]);
    expect(notesAfterDown.notes).toBe('Staff: call after 3pm');

    await migrate('up');
    expect(await outcome()).toEqual(first);
  });

  it('does not bring a part voided after the migration back as money owed when reverted and migrated again', async () => {
    // As the ledger does it: the entry voided, the referral's field saying 'void'.
    await db.query(
      `UPDATE rebate_entries SET state = 'void', void_reason = 'Job cancelled', void_source = 'staff' WHERE referral_id = $1 AND kind = 'cleanview'`,
      [ids.cleanViewDone],
    );
    await db.query(`UPDATE referrals SET cleanview_rebate_status = 'void' WHERE id = $1`, [ids.cleanViewDone]);
    const before = await money();

    await migrate('down');
    expect(await fieldsOf('cleanViewDone')).toEqual(fields('pending', null, null, 'pending', null, null));
    await migrate('up');

    expect(await entriesOf('cleanViewDone')).toEqual([]);
    expect(await money()).toEqual(before);
    expect(before).toEqual({ paid: earnedMoney().paid, pending: earnedMoney().unpaid - 8_100 });
  });
});
