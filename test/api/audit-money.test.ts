import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

/**
 * Who changed what in the money: referrals, rebate entries and payout runs write their audit entries
 * in the transaction of the change (issue 19); the referrals and rebates lists export as CSV (audited);
 * bulk status, approve and void run the one-by-one code for each record, all or nothing.
 */

const CV = REFERRAL_FEE_CENTS.cleanView;
const BANK = {
  bankMnemonic: 'CBA',
  bsb: '062-000',
  accountNumber: '10000001',
  accountName: 'Pipe Relining Australia',
  apcaUserId: '301500',
  remitterName: 'PIPE RELINING',
  balancingRecord: false,
};

let clients = 0;
function newClient() {
  clients += 1;
  return {
    clientName: `Audrey Client${clients}`,
    jobAddress: `${clients} Ledger Lane`,
    suburb: 'Toowong',
    clientPhone: `0411 222 ${String(clients).padStart(3, '0')}`,
    urgency: 'medium',
    description: 'Tree roots in the sewer line',
    serviceTypes: { cleanView: true, reline: false },
  };
}

type Plumber = SignedIn & { id: string; email: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of audit_log as the driver answers them
type Entry = Record<string, any>;

/** Cells of a CSV text (every cell quoted by the exporter). */
function csvRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));
}

describe('audit trail, exports and bulk actions: referrals, rebates, payout runs', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  const ADMIN_EMAIL = 'money-admin@example.com.au';
  let payee: Plumber;
  let count = 0;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: ADMIN_EMAIL, role: 'admin' }));
    await http().put('/api/admin/settings/payouts').set(admin.auth).send(BANK).expect(200);
    payee = await readyPlumber('Payee');
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  const http = () => sut.http();

  async function plumber(name: string): Promise<Plumber> {
    count += 1;
    const email = `${name.toLowerCase()}${count}@audit-plumbing.com.au`;
    const user = await createUser(sut.dataSource, { email, fullName: `${name} Plumber` });
    return { ...(await signIn(sut, user)), id: user.id, email };
  }

  async function readyPlumber(name: string): Promise<Plumber> {
    const who = await plumber(name);
    await http()
      .put('/api/me/payment-details')
      .set(who.auth)
      .send({
        abn: '51 824 753 556',
        gstRegistered: true,
        paymentMethod: 'direct_deposit',
        accountName: `${name} Plumbing`,
        bsb: '062-123',
        accountNumber: '12345678',
      })
      .expect(200);
    // Bank details just entered are held for 48 hours: this plumber's were entered long ago.
    await sut.dataSource.query(`UPDATE plumber_payment_details SET bank_details_changed_at = now() - interval '49 hours' WHERE user_id = $1`, [who.id]);
    await http().post('/api/me/rcti-agreement').set(who.auth).expect(200);
    return who;
  }

  async function newReferral(who: Plumber = payee): Promise<{ id: string; refNumber: string }> {
    return (await http().post('/api/me/referrals').set(who.auth).send(newClient()).expect(201)).body;
  }

  async function setStatus(referralId: string, status: string): Promise<void> {
    await http().put(`/api/admin/referrals/${referralId}`).set(admin.auth).send({ status }).expect(200);
  }

  /** A referral whose Clean & View was completed: its one pending entry. */
  async function pendingEntry(who: Plumber = payee): Promise<{ entryId: string; referralId: string; refNumber: string }> {
    const created = await newReferral(who);
    await setStatus(created.id, 'cleanview_completed');
    const list = await http()
      .get('/api/admin/rebates')
      .query({ filter: JSON.stringify({ referralId: created.id }) })
      .set(admin.auth)
      .expect(200);
    return { entryId: list.body[0].id, referralId: created.id, refNumber: created.refNumber };
  }

  async function entries(where: string, parameters: unknown[]): Promise<Entry[]> {
    return sut.dataSource.query(`SELECT * FROM audit_log WHERE ${where} ORDER BY id`, parameters);
  }

  const auditCount = async (): Promise<number> => Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n);

  describe('audit entries', () => {
    /** What the rows below share: the run made, downloaded and paid along the way. */
    const state: { entryId?: string; runId?: string; paymentId?: string } = {};

    it.each<{ action: string; act: () => Promise<{ entity: string; entityId: string }>; expected: Entry }>([
      {
        action: 'referral status changed by staff',
        act: async () => {
          const created = await newReferral();
          await setStatus(created.id, 'cleanview_completed');
          return { entity: 'referral', entityId: created.id };
        },
        expected: {
          action: 'status_changed',
          actor_name: ADMIN_EMAIL,
          changes: { status: { before: 'referred', after: 'cleanview_completed' } },
          details: { reason: 'Set by staff' },
        },
      },
      {
        action: 'ledger entry earned by the pipeline',
        act: async () => {
          const { entryId } = await pendingEntry();
          state.entryId = entryId;
          return { entity: 'rebate_entry', entityId: entryId };
        },
        expected: {
          action: 'earned',
          actor_name: ADMIN_EMAIL,
          changes: { state: { before: null, after: 'pending' }, kind: { before: null, after: 'cleanview' } },
        },
      },
      {
        action: "referral moved by its job's stage (the pipeline, in the job change's transaction)",
        act: async () => {
          const created = await newReferral();
          const job = (
            await http()
              .post('/api/admin/jobs')
              .set(admin.auth)
              .send({
                jobNumber: `JOB-${8800 + clients}`,
                customerName: 'Audrey Client',
                customerEmail: 'audrey@example.com.au',
                referralId: created.id,
                notify: false,
              })
              .expect(201)
          ).body;
          await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'inspected', notify: false }).expect(200);
          return { entity: 'referral', entityId: created.id };
        },
        expected: {
          action: 'status_changed',
          actor_name: ADMIN_EMAIL,
          changes: { status: { before: 'referred', after: 'cleanview_completed' } },
          details: { reason: expect.stringMatching(/^Job JOB-\d+ reached /) },
        },
      },
      {
        action: 'staff notes edited',
        act: async () => {
          const created = await newReferral();
          await http().put(`/api/admin/referrals/${created.id}`).set(admin.auth).send({ staffNotes: 'Called the client' }).expect(200);
          return { entity: 'referral', entityId: created.id };
        },
        expected: { action: 'update', actor_name: ADMIN_EMAIL, changes: { staffNotes: { before: null, after: 'Called the client' } } },
      },
      {
        action: 'e-mail to the plumber from the console',
        act: async () => {
          const created = await newReferral();
          await http().post(`/api/admin/referrals/${created.id}/email`).set(admin.auth).send({ subject: 'Your referral', message: 'Thanks!' }).expect(202);
          return { entity: 'referral', entityId: created.id };
        },
        expected: { action: 'email', actor_name: ADMIN_EMAIL, details: expect.objectContaining({ subject: 'Your referral' }) },
      },
      {
        action: 'rebate approved',
        act: async () => {
          await http().post(`/api/admin/rebates/${state.entryId}/approve`).set(admin.auth).expect(200);
          return { entity: 'rebate_entry', entityId: state.entryId! };
        },
        expected: { action: 'approve', actor_name: ADMIN_EMAIL, changes: { state: { before: 'pending', after: 'approved' } } },
      },
      {
        action: 'rebate voided with a reason',
        act: async () => {
          const { entryId } = await pendingEntry();
          await http().post(`/api/admin/rebates/${entryId}/void`).set(admin.auth).send({ reason: 'The job was a warranty call' }).expect(200);
          return { entity: 'rebate_entry', entityId: entryId };
        },
        expected: {
          action: 'void',
          actor_name: ADMIN_EMAIL,
          changes: { state: { before: 'pending', after: 'void' } },
          details: { reason: 'The job was a warranty call' },
        },
      },
      {
        action: 'payout run created',
        act: async () => {
          const run = (
            await http()
              .post('/api/admin/payout-runs')
              .set(admin.auth)
              .send({ entryIds: [state.entryId] })
              .expect(201)
          ).body;
          state.runId = run.id;
          return { entity: 'payout_run', entityId: run.id };
        },
        expected: { action: 'create', actor_name: ADMIN_EMAIL, details: expect.objectContaining({ entryCount: 1, totalCents: CV }) },
      },
      {
        action: 'ABA file downloaded',
        act: async () => {
          await http().get(`/api/admin/payout-runs/${state.runId}/aba`).set(admin.auth).expect(200);
          return { entity: 'payout_run', entityId: state.runId! };
        },
        expected: { action: 'download', actor_name: ADMIN_EMAIL, details: { file: 'aba', plumbers: 1, totalCents: CV } },
      },
      {
        action: 'payout run marked paid',
        act: async () => {
          await http().post(`/api/admin/payout-runs/${state.runId}/mark-paid`).set(admin.auth).expect(200);
          return { entity: 'payout_run', entityId: state.runId! };
        },
        expected: {
          action: 'mark_paid',
          actor_name: ADMIN_EMAIL,
          changes: { status: { before: 'draft', after: 'paid' } },
          details: { plumbers: 1, totalCents: CV, entries: 1 },
        },
      },
      {
        action: "one plumber's payment in the run",
        act: async () => ({ entity: 'payout_run', entityId: state.runId! }),
        expected: { action: 'pay', actor_name: ADMIN_EMAIL, details: expect.objectContaining({ plumberId: expect.any(String), amountCents: CV, entries: 1 }) },
      },
      {
        action: 'RCTI downloaded by staff',
        act: async () => {
          await http().get(`/api/admin/payout-runs/${state.runId}/payees/${payee.id}/rcti.pdf`).set(admin.auth).expect(200);
          return { entity: 'payout_run', entityId: state.runId! };
        },
        expected: { action: 'download', actor_name: ADMIN_EMAIL, details: expect.objectContaining({ file: 'rcti', plumberId: expect.any(String) }) },
      },
      {
        action: 'RCTI downloaded by the plumber',
        act: async () => {
          const mine = (await http().get('/api/me/payouts').set(payee.auth).expect(200)).body;
          const payment = mine.payouts[0];
          await http().get(`/api/me/payouts/${payment.id}/rcti.pdf`).set(payee.auth).expect(200);
          return { entity: 'payout_run', entityId: state.runId! };
        },
        expected: { action: 'download', actor_kind: 'user', details: expect.objectContaining({ file: 'rcti' }) },
      },
      {
        action: 'paid rebate refunded (the adjustment, naming the entry it reverses)',
        act: async () => {
          const { entryId } = await pendingEntry();
          await http().post(`/api/admin/rebates/${entryId}/pay`).set(admin.auth).expect(200);
          const adjustment = (await http().post(`/api/admin/rebates/${entryId}/refund`).set(admin.auth).send({ reason: 'Job refunded' }).expect(200)).body;
          expect(adjustment.adjusts).toBe(entryId);
          return { entity: 'rebate_entry', entityId: adjustment.id };
        },
        expected: {
          action: 'refund',
          actor_name: ADMIN_EMAIL,
          changes: { state: { before: null, after: 'pending' }, kind: { before: null, after: 'adjustment' }, amountCents: { before: null, after: -CV } },
          details: { reason: 'Job refunded', adjusts: expect.any(String) },
        },
      },
      {
        action: 'payout run cancelled',
        act: async () => {
          const { entryId } = await pendingEntry();
          await http().post(`/api/admin/rebates/${entryId}/approve`).set(admin.auth).expect(200);
          const run = (
            await http()
              .post('/api/admin/payout-runs')
              .set(admin.auth)
              .send({ entryIds: [entryId] })
              .expect(201)
          ).body;
          await http().delete(`/api/admin/payout-runs/${run.id}`).set(admin.auth).expect(200);
          return { entity: 'payout_run', entityId: run.id };
        },
        expected: { action: 'cancel', actor_name: ADMIN_EMAIL, changes: { status: { before: 'draft', after: 'cancelled' } } },
      },
    ])('$action', async ({ act, expected }) => {
      const { entity, entityId } = await act();
      const written = await entries(`entity = $1 AND entity_id = $2 AND action = $3`, [entity, entityId, expected.action]);
      expect(written.at(-1)).toMatchObject({ entity, entity_id: entityId, actor_kind: 'user', ...expected });
    });

    it('names the plumber as who downloaded their own RCTI', async () => {
      const [entry] = await entries(`entity = 'payout_run' AND entity_id = $1 AND action = 'download' AND actor_name = $2`, [state.runId, payee.email]);
      expect(entry).toMatchObject({ actor_id: payee.id, details: expect.objectContaining({ file: 'rcti' }) });
    });

    it('writes one entry for the run and one per plumber paid, in one multi-row insert', async () => {
      const paid = await entries(`entity = 'payout_run' AND entity_id = $1 AND action IN ('mark_paid', 'pay')`, [state.runId]);
      expect(paid.map((entry) => entry.action)).toEqual(['mark_paid', 'pay']);
    });

    it('writes nothing for a refused change', async () => {
      const before = await auditCount();
      // The entry was paid in the run: voiding it is refused.
      const refused = await http().post(`/api/admin/rebates/${state.entryId}/void`).set(admin.auth).send({ reason: 'Too late' }).expect(409);
      expect(refused.body.message).toBe('A paid rebate cannot be voided: record a refund instead');
      expect(await auditCount()).toBe(before);
      expect(await entries(`entity = 'rebate_entry' AND entity_id = $1 AND action = 'void'`, [state.entryId])).toEqual([]);
    });

    it('writes nothing when the same status is saved again', async () => {
      const created = await newReferral();
      await setStatus(created.id, 'referred');
      expect(await entries(`entity = 'referral' AND entity_id = $1`, [created.id])).toEqual([]);
    });
  });

  describe('CSV exports', () => {
    it.each([
      { list: 'referrals', filter: (plumberId: string) => ({ plumberId }), header: 'ref_number' },
      { list: 'rebates', filter: (plumberId: string) => ({ plumberId }), header: 'referral_ref' },
    ])('$list: streams every matching row (not one page), in dollars and the display zone, and is audited', async ({ list, filter, header }) => {
      const who = await plumber('Exporter');
      const refs: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const created = await newReferral(who);
        await setStatus(created.id, 'cleanview_completed');
        refs.push(created.refNumber);
      }
      const response = await http()
        .get(`/api/admin/${list}/export.csv`)
        .query({ filter: JSON.stringify(filter(who.id)), sort: JSON.stringify(['createdAt', 'ASC']) })
        .set(admin.auth)
        .expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const [head, ...rows] = csvRows(response.text);
      expect(head).toContain(header);
      expect(head!.some((column) => /_at \(.+ time\)$/.test(column))).toBe(true);
      expect(rows).toHaveLength(3);
      expect(rows.map((row) => row[head!.indexOf(header)])).toEqual(refs);
      const amountColumn = list === 'rebates' ? 'amount' : 'cleanview_rebate_amount';
      expect(rows[0]![head!.indexOf(amountColumn)]).toBe((CV / 100).toFixed(2));
      // The entry is written when the download ends (after the response): wait for it.
      const exportEntry = await eventually(
        async () => (await entries(`entity = 'export' AND entity_id = $1 AND details->'filter'->>'plumberId' = $2`, [list, who.id]))[0],
        'the export entry',
      );
      expect(exportEntry).toMatchObject({ action: 'export', actor_name: ADMIN_EMAIL, details: expect.objectContaining({ rows: 3, complete: true }) });
    });

    it.each(['referrals', 'rebates'])('%s: refuses a filter outside the allow-list with a 400, and is for staff only', async (list) => {
      const refused = await http()
        .get(`/api/admin/${list}/export.csv`)
        .query({ filter: JSON.stringify({ secretColumn: 'x' }) })
        .set(admin.auth)
        .expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      await http().get(`/api/admin/${list}/export.csv`).set(payee.auth).expect(403);
      await http().get(`/api/admin/${list}/export.csv`).expect(401);
    });
  });

  describe('bulk actions', () => {
    const drainedMails = async () => {
      await sut.app.get(NotificationsWorker).drainNow();
    };

    it('bulk-status moves each referral as the edit form does: one audit entry each, the same e-mails, the ledger following', async () => {
      const who = await plumber('Bulk');
      const one = await newReferral(who);
      const two = await newReferral(who);
      const alreadyThere = await newReferral(who);
      await setStatus(alreadyThere.id, 'cleanview_completed');
      await drainedMails();
      await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
      const before = Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE to_address = $1`, [who.email]))[0]?.n ?? 0);
      const response = await http()
        .post('/api/admin/referrals/bulk-status')
        .set(admin.auth)
        .send({ ids: [one.id, two.id, alreadyThere.id], status: 'cleanview_completed' })
        .expect(200);
      expect(response.body).toMatchObject({ updated: [one.id, two.id], unchanged: [alreadyThere.id] });
      for (const id of [one.id, two.id]) {
        expect(await entries(`entity = 'referral' AND entity_id = $1 AND action = 'status_changed'`, [id])).toEqual([
          expect.objectContaining({ actor_name: ADMIN_EMAIL, changes: { status: { before: 'referred', after: 'cleanview_completed' } } }),
        ]);
        const ledger = await http()
          .get('/api/admin/rebates')
          .query({ filter: JSON.stringify({ referralId: id }) })
          .set(admin.auth)
          .expect(200);
        expect(ledger.body).toEqual([expect.objectContaining({ kind: 'cleanview', state: 'pending' })]);
      }
      // The plumber hears of each change, as from the edit form: one e-mail per referral moved.
      const after = Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE to_address = $1`, [who.email]))[0]?.n ?? 0);
      expect(after - before).toBe(2);
    });

    it('bulk-status changes nothing when an id is unknown, or the input is bad', async () => {
      const created = await newReferral();
      const before = await auditCount();
      const unknown = await http()
        .post('/api/admin/referrals/bulk-status')
        .set(admin.auth)
        .send({ ids: [created.id, '00000000-0000-4000-8000-000000000000'], status: 'cleanview_completed' })
        .expect(404);
      expect(unknown.body.errors).toEqual([{ field: 'ids.1', message: 'Referral not found.' }]);
      const empty = await http().post('/api/admin/referrals/bulk-status').set(admin.auth).send({ ids: [], status: 'referred' }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'ids', message: 'Choose at least one referral' }]);
      const tooMany = Array.from({ length: 501 }, () => created.id);
      expect(
        (await http().post('/api/admin/referrals/bulk-status').set(admin.auth).send({ ids: tooMany, status: 'referred' }).expect(400)).body.errors,
      ).toEqual([{ field: 'ids', message: 'Choose at most 500 referrals at a time' }]);
      await http()
        .post('/api/admin/referrals/bulk-status')
        .set(admin.auth)
        .send({ ids: [created.id], status: 'done' })
        .expect(400);
      expect(await auditCount()).toBe(before);
      const record = (await http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
      expect(record.status).toBe('referred');
    });

    it('bulk-approve approves each entry with its own audit entry', async () => {
      const a = await pendingEntry();
      const b = await pendingEntry();
      const response = await http()
        .post('/api/admin/rebates/bulk-approve')
        .set(admin.auth)
        .send({ ids: [a.entryId, b.entryId] })
        .expect(200);
      expect(response.body).toEqual({ updated: [a.entryId, b.entryId], unchanged: [] });
      for (const { entryId } of [a, b]) {
        expect(await entries(`entity = 'rebate_entry' AND entity_id = $1 AND action = 'approve'`, [entryId])).toEqual([
          expect.objectContaining({ actor_name: ADMIN_EMAIL, changes: { state: { before: 'pending', after: 'approved' } } }),
        ]);
      }
    });

    it('bulk-void is all or nothing: one refused entry (named) changes none, and one reason is required', async () => {
      const open = await pendingEntry();
      const voided = await pendingEntry();
      await http().post(`/api/admin/rebates/${voided.entryId}/void`).set(admin.auth).send({ reason: 'First' }).expect(200);
      const before = await auditCount();
      const refused = await http()
        .post('/api/admin/rebates/bulk-void')
        .set(admin.auth)
        .send({ ids: [open.entryId, voided.entryId], reason: 'Cleanup' })
        .expect(409);
      expect(refused.body.message).toMatch(new RegExp(`^${voided.refNumber} .+: This rebate is already void$`));
      expect(refused.body.errors).toEqual([{ field: 'ids.1', message: refused.body.message }]);
      const noReason = await http()
        .post('/api/admin/rebates/bulk-void')
        .set(admin.auth)
        .send({ ids: [open.entryId] })
        .expect(400);
      expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Please give a reason' }]);
      expect(await auditCount()).toBe(before);
      const entry = (await http().get(`/api/admin/rebates/${open.entryId}`).set(admin.auth).expect(200)).body;
      expect(entry.state).toBe('pending');

      const done = await http()
        .post('/api/admin/rebates/bulk-void')
        .set(admin.auth)
        .send({ ids: [open.entryId], reason: 'Duplicate job' })
        .expect(200);
      expect(done.body).toEqual({ updated: [open.entryId], unchanged: [] });
      expect(await entries(`entity = 'rebate_entry' AND entity_id = $1 AND action = 'void'`, [open.entryId])).toEqual([
        expect.objectContaining({ details: { reason: 'Duplicate job' } }),
      ]);
    });
  });
});
