import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { equals, ids } from '../../common/react-admin/list-filters.js';
import { defineListSpec, findListPage, type ParsedList } from '../../common/react-admin/list-query.js';
import type { PaymentMethod } from '@relining/contracts/payout-rules';
import { queryRows } from '../../database/sql.js';
import { PayoutRunRow } from './payout-run.entity.js';
import type { ExcludedPayee } from './payout.rules.js';

export const PAYOUT_RUN_LIST = defineListSpec({
  resource: 'payout-runs',
  idColumn: 'r.id',
  sortable: {
    number: 'r.number',
    createdAt: 'r.created_at',
    paidAt: 'r.paid_at',
    status: 'r.status',
    dueBefore: 'r.due_before',
    totalCents: '(SELECT coalesce(sum(t.amount_cents), 0) FROM payout_run_entries t WHERE t.run_id = r.id AND NOT t.released)',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: { status: equals('r.status', ['draft', 'paid', 'cancelled']), id: ids('r.id') },
  defaultPageSize: 25,
  maxPageSize: 200,
});

export interface RunEntryRow {
  entryId: string;
  plumberId: string;
  amountCents: number;
  released: boolean;
}

export interface RunTotalsRow {
  runId: string;
  totalCents: number;
  entryCount: number;
  plumberCount: number;
}

export interface NewPayment {
  runId: string;
  plumberId: string;
  amountCents: number;
  gstCents: number;
  rctiNumber: string;
  rctiKey: string;
  paymentMethod: PaymentMethod;
  bankDetails: string | null;
  postalAddress: string | null;
  plumberName: string;
  businessName: string | null;
  abn: string | null;
  gstRegistered: boolean;
  paidAt: Date;
}

export interface PaymentRow extends NewPayment {
  id: string;
  runNumber: number;
}

const PAYMENT_COLUMNS = `p.id, p.run_id AS "runId", r.number AS "runNumber", p.plumber_id AS "plumberId", p.amount_cents AS "amountCents",
  p.gst_cents AS "gstCents", p.rcti_number AS "rctiNumber", p.rcti_key AS "rctiKey", p.payment_method AS "paymentMethod",
  p.bank_details AS "bankDetails", p.postal_address AS "postalAddress", p.plumber_name AS "plumberName",
  p.business_name AS "businessName", p.abn, p.gst_registered AS "gstRegistered", p.paid_at AS "paidAt"`;

/** Intent-named queries over payout runs, their entries and payments (issue 18). */
@Injectable()
export class PayoutsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertRun(manager: EntityManager, run: { dueBefore: string | null; excluded: ExcludedPayee[]; createdBy: string }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO payout_runs (due_before, excluded, created_by) VALUES ($1::date, $2::jsonb, $3) RETURNING id`,
      [run.dueBefore, JSON.stringify(run.excluded), run.createdBy],
    );
    return row!.id;
  }

  /** The entries put in a run; an entry already in another open run breaks the unique index (23505). */
  async insertEntries(
    manager: EntityManager,
    runId: string,
    entries: ReadonlyArray<{ entryId: string; plumberId: string; amountCents: number }>,
  ): Promise<void> {
    if (entries.length === 0) return;
    await manager.query(
      `INSERT INTO payout_run_entries (run_id, entry_id, plumber_id, amount_cents)
       SELECT $1, e.entry_id, e.plumber_id, e.amount_cents FROM unnest($2::uuid[], $3::uuid[], $4::int[]) AS e(entry_id, plumber_id, amount_cents)`,
      [runId, entries.map((entry) => entry.entryId), entries.map((entry) => entry.plumberId), entries.map((entry) => entry.amountCents)],
    );
  }

  /** Of these entries, the ones in an open run (draft, not released), with the run's number. */
  async openRunsOf(entryIds: readonly string[], manager?: EntityManager): Promise<Map<string, number>> {
    if (entryIds.length === 0) return new Map();
    const rows = await queryRows<{ entryId: string; number: number }>(
      manager ?? this.dataSource,
      `SELECT e.entry_id AS "entryId", r.number FROM payout_run_entries e JOIN payout_runs r ON r.id = e.run_id
       WHERE e.entry_id = ANY($1::uuid[]) AND NOT e.released AND r.status = 'draft'`,
      [[...entryIds]],
    );
    return new Map(rows.map((row) => [row.entryId, row.number]));
  }

  async findRun(id: string, manager?: EntityManager, lock = false): Promise<PayoutRunRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const query = (manager ?? this.dataSource.manager).getRepository(PayoutRunRow).createQueryBuilder('r').where('r.id = :id', { id });
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }

  findForAdminList(list: ParsedList): Promise<[PayoutRunRow[], number]> {
    return findListPage(this.dataSource.getRepository(PayoutRunRow).createQueryBuilder('r'), list, PAYOUT_RUN_LIST);
  }

  /** Each run's money: the entries it pays (not released), their plumbers. */
  async totalsOf(runIds: readonly string[], manager?: EntityManager): Promise<Map<string, RunTotalsRow>> {
    if (runIds.length === 0) return new Map();
    const rows = await queryRows<RunTotalsRow>(
      manager ?? this.dataSource,
      `SELECT run_id AS "runId", coalesce(sum(amount_cents), 0)::int AS "totalCents", count(*)::int AS "entryCount", count(DISTINCT plumber_id)::int AS "plumberCount"
       FROM payout_run_entries WHERE run_id = ANY($1::uuid[]) AND NOT released GROUP BY run_id`,
      [[...runIds]],
    );
    return new Map(rows.map((row) => [row.runId, row]));
  }

  runEntries(runId: string, manager?: EntityManager): Promise<RunEntryRow[]> {
    return queryRows<RunEntryRow>(
      manager ?? this.dataSource,
      `SELECT entry_id AS "entryId", plumber_id AS "plumberId", amount_cents AS "amountCents", released
       FROM payout_run_entries WHERE run_id = $1 ORDER BY plumber_id, entry_id`,
      [runId],
    );
  }

  /** A draft's entries replaced (the old ones deleted: they were never paid). */
  async deleteOpenEntries(manager: EntityManager, runId: string): Promise<void> {
    await manager.query(`DELETE FROM payout_run_entries WHERE run_id = $1 AND NOT released`, [runId]);
  }

  async setExcluded(manager: EntityManager, runId: string, excluded: ExcludedPayee[]): Promise<void> {
    await manager.query(`UPDATE payout_runs SET excluded = $2::jsonb, file_downloaded_at = NULL, file_plumber_ids = NULL, updated_at = now() WHERE id = $1`, [
      runId,
      JSON.stringify(excluded),
    ]);
  }

  /** Entries given back to the ledger (a run cancelled, or plumbers not paid when it was). */
  async releaseEntries(manager: EntityManager, runId: string, entryIds?: readonly string[]): Promise<void> {
    await manager.query(`UPDATE payout_run_entries SET released = true WHERE run_id = $1 AND ($2::uuid[] IS NULL OR entry_id = ANY($2::uuid[]))`, [
      runId,
      entryIds ? [...entryIds] : null,
    ]);
  }

  async setCancelled(manager: EntityManager, runId: string, actorId: string): Promise<void> {
    await manager.query(`UPDATE payout_runs SET status = 'cancelled', cancelled_at = now(), cancelled_by = $2, updated_at = now() WHERE id = $1`, [
      runId,
      actorId,
    ]);
  }

  async setPaid(manager: EntityManager, runId: string, actorId: string, at: Date): Promise<void> {
    await manager.query(`UPDATE payout_runs SET status = 'paid', paid_at = $3, paid_by = $2, updated_at = now() WHERE id = $1`, [runId, actorId, at]);
  }

  /** The file was downloaded with these plumbers in it (who is paid when the run is marked paid). */
  async recordFile(manager: EntityManager, runId: string, plumberIds: readonly string[]): Promise<void> {
    await manager.query(
      `UPDATE payout_runs SET file_downloaded_at = now(), file_plumber_ids = $2::uuid[], updated_at = now() WHERE id = $1 AND status = 'draft'`,
      [runId, [...plumberIds]],
    );
  }

  /** `count` new RCTI numbers, in order. */
  async nextRctiNumbers(manager: EntityManager, count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows = await queryRows<{ n: string }>(manager, `SELECT nextval('rcti_number_seq') AS n FROM generate_series(1, $1)`, [count]);
    return rows.map((row) => Number(row.n)).sort((a, b) => a - b);
  }

  async insertPayments(manager: EntityManager, payments: readonly NewPayment[]): Promise<void> {
    const chunk = 1_000;
    for (let start = 0; start < payments.length; start += chunk) {
      const part = payments.slice(start, start + chunk);
      const column = <K extends keyof NewPayment>(key: K) => part.map((payment) => payment[key]);
      await manager.query(
        `INSERT INTO payout_payments (run_id, plumber_id, amount_cents, gst_cents, rcti_number, rcti_key, payment_method, bank_details, postal_address,
                                      plumber_name, business_name, abn, gst_registered, paid_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                              $10::text[], $11::text[], $12::text[], $13::boolean[], $14::timestamptz[])`,
        [
          column('runId'),
          column('plumberId'),
          column('amountCents'),
          column('gstCents'),
          column('rctiNumber'),
          column('rctiKey'),
          column('paymentMethod'),
          column('bankDetails'),
          column('postalAddress'),
          column('plumberName'),
          column('businessName'),
          column('abn'),
          column('gstRegistered'),
          column('paidAt'),
        ],
      );
    }
  }

  paymentsOfRun(runId: string, manager?: EntityManager): Promise<PaymentRow[]> {
    return queryRows<PaymentRow>(
      manager ?? this.dataSource,
      `SELECT ${PAYMENT_COLUMNS} FROM payout_payments p JOIN payout_runs r ON r.id = p.run_id WHERE p.run_id = $1`,
      [runId],
    );
  }

  paymentsOfPlumber(plumberId: string): Promise<PaymentRow[]> {
    return queryRows<PaymentRow>(
      this.dataSource,
      `SELECT ${PAYMENT_COLUMNS} FROM payout_payments p JOIN payout_runs r ON r.id = p.run_id WHERE p.plumber_id = $1 ORDER BY p.paid_at DESC, p.rcti_number DESC`,
      [plumberId],
    );
  }

  async payment(id: string): Promise<PaymentRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = await queryRows<PaymentRow>(
      this.dataSource,
      `SELECT ${PAYMENT_COLUMNS} FROM payout_payments p JOIN payout_runs r ON r.id = p.run_id WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async paymentOf(runId: string, plumberId: string): Promise<PaymentRow | null> {
    const rows = await queryRows<PaymentRow>(
      this.dataSource,
      `SELECT ${PAYMENT_COLUMNS} FROM payout_payments p JOIN payout_runs r ON r.id = p.run_id WHERE p.run_id = $1 AND p.plumber_id = $2`,
      [runId, plumberId],
    );
    return rows[0] ?? null;
  }

  /** The entries each payment of a plumber covered (paid, not released), by run. */
  paidEntriesOfPlumber(plumberId: string): Promise<Array<{ runId: string; entryId: string; amountCents: number }>> {
    return queryRows(
      this.dataSource,
      `SELECT e.run_id AS "runId", e.entry_id AS "entryId", e.amount_cents AS "amountCents"
       FROM payout_run_entries e JOIN payout_runs r ON r.id = e.run_id
       WHERE e.plumber_id = $1 AND NOT e.released AND r.status = 'paid'`,
      [plumberId],
    );
  }
}
