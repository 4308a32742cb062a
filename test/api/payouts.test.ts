import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { parseAbaFile } from '../../src/modules/payouts/aba-file.js';
import { binaryParser } from '../support/binary-body.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Paying plumbers (issue 18), on real PostgreSQL with e-mails really sent to an in-process SMTP server:
 * payment details encrypted and masked, the 48-hour hold, payout runs, the ABA file read back, paying
 * a run exactly once under two concurrent calls, RCTIs and remittance e-mails.
 */

const CV = REFERRAL_FEE_CENTS.cleanView;
const VALID_ABN = '51 824 753 556';
const referral = {
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
  serviceTypes: { cleanView: true, reline: false },
};
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
/** A new client each time: a plumber's second referral of the same client is held as a duplicate. */
function newClient() {
  clients += 1;
  return {
    ...referral,
    clientName: `Chris Client${clients}`,
    clientPhone: `0400 999 ${String(clients).padStart(3, '0')}`,
    jobAddress: `${clients} Elm Street`,
  };
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Plumber = SignedIn & { id: string; email: string };

describe('paying plumbers', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let count = 0;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'accounts@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  const http = () => sut.http();

  async function plumber(name: string): Promise<Plumber> {
    count += 1;
    const email = `${name.toLowerCase().replace(/\W/g, '')}${count}@plumbing.com.au`;
    const user = await createUser(sut.dataSource, { email, fullName: `${name} Plumber` });
    return { ...(await signIn(sut, user)), id: user.id, email };
  }

  /** A referral of `who` whose Clean & View was completed and approved: one approved entry. */
  async function approvedEntry(who: Plumber): Promise<{ entryId: string; referralId: string; refNumber: string }> {
    const created = (await http().post('/api/me/referrals').set(who.auth).send(newClient()).expect(201)).body;
    const record = (await http().get(`/api/admin/referrals/${created.id}`).set(admin.auth).expect(200)).body;
    await http()
      .put(`/api/admin/referrals/${created.id}`)
      .set(admin.auth)
      .send({ ...record, status: 'cleanview_completed' })
      .expect(200);
    const list = await http()
      .get('/api/admin/rebates')
      .query({ filter: JSON.stringify({ referralId: created.id }) })
      .set(admin.auth)
      .expect(200);
    const entryId = list.body[0].id as string;
    await http().post(`/api/admin/rebates/${entryId}/approve`).set(admin.auth).expect(200);
    return { entryId, referralId: created.id, refNumber: created.refNumber };
  }

  /** A plumber who can be paid: ABN, bank details, RCTI agreement accepted. */
  async function readyPlumber(name: string, details: object = {}): Promise<Plumber> {
    const who = await plumber(name);
    await http()
      .put('/api/me/payment-details')
      .set(who.auth)
      .send({
        abn: VALID_ABN,
        gstRegistered: true,
        paymentMethod: 'direct_deposit',
        accountName: `${name} Plumbing`,
        bsb: '062-123',
        accountNumber: '12345678',
        ...details,
      })
      .expect(200);
    await http().post('/api/me/rcti-agreement').set(who.auth).expect(200);
    return who;
  }

  describe('payment details', () => {
    it('refuses bad details with the form messages and changes nothing', async () => {
      const who = await plumber('Bad');
      const refused = await http()
        .put('/api/me/payment-details')
        .set(who.auth)
        .send({ abn: '51 824 753 557', paymentMethod: 'direct_deposit', accountName: 'Bad Plumbing', bsb: '06-123', accountNumber: '12345' })
        .expect(400);
      expect(refused.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'abn', message: 'Please enter a valid ABN' },
          { field: 'bsb', message: 'Please enter the BSB as six digits (NNN-NNN)' },
          { field: 'accountNumber', message: 'Please enter an account number of 6 to 9 digits' },
        ]),
      );
      // The profile takes the same fields, with the same rule.
      const viaProfile = await http().put('/api/me/profile').set(who.auth).send({ fullName: 'Changed Name', abn: '12 345 678 901' }).expect(400);
      expect(viaProfile.body.errors).toEqual([{ field: 'abn', message: 'Please enter a valid ABN' }]);
      expect((await http().get('/api/me/profile').set(who.auth).expect(200)).body).toMatchObject({ fullName: 'Bad Plumber' });
      expect((await http().get('/api/me/payment-details').set(who.auth).expect(200)).body).toMatchObject({ abn: null, bankDetails: null });
      // Good details through the profile are saved like through their own route.
      await http().put('/api/me/profile').set(who.auth).send({ abn: VALID_ABN }).expect(200);
      expect((await http().get('/api/me/payment-details').set(who.auth).expect(200)).body).toMatchObject({ abn: '51824753556' });
    });

    it('keeps bank details encrypted, answers them masked everywhere, and never logs them', async () => {
      const who = await plumber('Masked');
      const saved = await http()
        .put('/api/me/payment-details')
        .set(who.auth)
        .send({ abn: VALID_ABN, paymentMethod: 'direct_deposit', accountName: 'Masked Plumbing', bsb: '062-000', accountNumber: '12345678' })
        .expect(200);
      expect(saved.body).toMatchObject({
        abn: '51824753556',
        bsbMasked: '062-***',
        accountNumberMasked: '****678',
        bankDetails: 'BSB 062-***, account ****678',
        payoutsHeldUntil: null,
        cannotBePaid: [{ code: 'no_rcti', text: 'RCTI agreement not accepted' }],
      });
      const answers = [
        saved.body,
        (await http().get('/api/me/payment-details').set(who.auth).expect(200)).body,
        (await http().get('/api/me/profile').set(who.auth).expect(200)).body,
        (await http().get(`/api/admin/users/${who.id}/payment-details`).set(admin.auth).expect(200)).body,
      ];
      for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/12345678|062000|062-000/);
      const [row] = await sut.dataSource.query(`SELECT * FROM plumber_payment_details WHERE user_id = $1`, [who.id]);
      expect(JSON.stringify(row)).not.toMatch(/12345678|062000|062-000/);
      expect(row.bsb_encrypted).toMatch(/^v1\./);
    });

    it('e-mails the account address on a change of bank details and holds payouts for 48 hours', async () => {
      const who = await readyPlumber('Changer');
      expect((await http().get('/api/me/payment-details').set(who.auth).expect(200)).body.cannotBePaid).toEqual([]);
      // Saving the ABN alone (bank details left out) is no change of them.
      await http().put('/api/me/payment-details').set(who.auth).send({ gstRegistered: false }).expect(200);
      const changed = await http().put('/api/me/payment-details').set(who.auth).send({ bsb: '633 000', accountNumber: '987654321' }).expect(200);
      expect(changed.body).toMatchObject({
        bankDetails: 'BSB 633-***, account ****321',
        cannotBePaid: [{ code: 'bank_change_hold', text: 'Bank details changed in the last 48 hours' }],
      });
      const heldFor = new Date(changed.body.payoutsHeldUntil).getTime() - Date.now();
      expect(heldFor).toBeGreaterThan(47.9 * 3_600_000);
      expect(heldFor).toBeLessThanOrEqual(48 * 3_600_000);
      await sut.app.get(NotificationsWorker).drainNow();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([who.email]);
      expect(mail!.subject).toBe('Your bank details were changed');
      expect(mail!.text).toContain("Your bank details were changed — if this wasn't you, call us");
      expect(mail!.text).not.toMatch(/987654321|633000/);

      const { entryId } = await approvedEntry(who);
      const run = (
        await http()
          .post('/api/admin/payout-runs')
          .set(admin.auth)
          .send({ entryIds: [entryId] })
          .expect(201)
      ).body;
      expect(run.payees).toEqual([]);
      expect(run.warnings).toEqual([expect.objectContaining({ plumberId: who.id, code: 'bank_change_hold', excluded: true })]);
      await http().delete(`/api/admin/payout-runs/${run.id}`).set(admin.auth).expect(200);

      // 49 hours later the hold is over.
      await sut.dataSource.query(`UPDATE plumber_payment_details SET bank_details_changed_at = now() - interval '49 hours' WHERE user_id = $1`, [who.id]);
      const later = (
        await http()
          .post('/api/admin/payout-runs')
          .set(admin.auth)
          .send({ entryIds: [entryId] })
          .expect(201)
      ).body;
      expect(later.payees).toEqual([expect.objectContaining({ plumberId: who.id, payable: true, amountCents: CV })]);
      await http().delete(`/api/admin/payout-runs/${later.id}`).set(admin.auth).expect(200);
    });

    it('records the RCTI agreement once, and a Statement by a Supplier lets a plumber without an ABN be paid', async () => {
      const who = await plumber('NoAbn');
      const shown = (await http().get('/api/me/rcti-agreement').set(who.auth).expect(200)).body;
      expect(shown).toMatchObject({ acceptedAt: null, text: expect.stringContaining('recipient-created tax invoice') });
      const first = (await http().post('/api/me/rcti-agreement').set(who.auth).expect(200)).body.acceptedAt;
      expect((await http().post('/api/me/rcti-agreement').set(who.auth).expect(200)).body.acceptedAt).toBe(first);
      await http().put('/api/me/payment-details').set(who.auth).send({ paymentMethod: 'cheque', postalAddress: 'PO Box 12, Hobart TAS 7000' }).expect(200);
      expect((await http().get(`/api/admin/users/${who.id}/payment-details`).set(admin.auth).expect(200)).body.cannotBePaid).toEqual([
        { code: 'no_abn', text: 'No ABN: 47% withholding applies' },
      ]);
      const recorded = await http().put(`/api/admin/users/${who.id}/payment-details`).set(admin.auth).send({ supplierStatement: true }).expect(200);
      expect(recorded.body).toMatchObject({ supplierStatement: true, cannotBePaid: [] });
      await http().put(`/api/admin/users/${who.id}/payment-details`).set(admin.auth).send({ supplierStatement: 'yes' }).expect(400);
      await http().get(`/api/admin/users/${who.id}/payment-details`).set(who.auth).expect(403);
    });
  });

  describe('payout runs', () => {
    it('makes a run from due entries, builds the ABA file, pays it exactly once under two concurrent calls, with RCTIs and remittance e-mails', async () => {
      const ready = await readyPlumber('Ready');
      const cheque = await readyPlumber('Cheque', { paymentMethod: 'cheque', postalAddress: '1 Post Street, Perth WA 6000', gstRegistered: false });
      const noAbn = await plumber('Withheld');
      await http()
        .put('/api/me/payment-details')
        .set(noAbn.auth)
        .send({ paymentMethod: 'direct_deposit', accountName: 'W Plumbing', bsb: '062-999', accountNumber: '55556666' })
        .expect(200);
      await http().post('/api/me/rcti-agreement').set(noAbn.auth).expect(200);
      const readyEntries = [await approvedEntry(ready), await approvedEntry(ready)];
      const chequeEntry = await approvedEntry(cheque);
      const withheldEntry = await approvedEntry(noAbn);

      await http().post('/api/admin/payout-runs').set(admin.auth).send({}).expect(400);
      await http().post('/api/admin/payout-runs').set(admin.auth).send({ dueBefore: '2026-02-30' }).expect(400);
      await http().post('/api/admin/payout-runs').set(admin.auth).send({ dueBefore: 'next week' }).expect(400);
      // Nothing approved is due before yesterday (the rebates here fall due in 15 days).
      expect(
        (
          await http()
            .post('/api/admin/payout-runs')
            .set(admin.auth)
            .send({ dueBefore: new Date(Date.now() - 86_400_000).toISOString() })
            .expect(409)
        ).body.message,
      ).toBe('No approved rebates are waiting to be paid');
      const created = await http()
        .post('/api/admin/payout-runs')
        .set(admin.auth)
        .send({ dueBefore: inDays(60) })
        .expect(201);
      const run = created.body;
      expect(run).toMatchObject({ number: expect.stringMatching(/^PR-\d{4}$/), status: 'draft' });
      const mine = (id: string) => run.payees.find((payee: { plumberId: string }) => payee.plumberId === id);
      expect(mine(ready.id)).toMatchObject({
        amountCents: 2 * CV,
        gstCents: Math.round((2 * CV) / 11),
        entryCount: 2,
        payable: true,
        bankDetails: 'BSB 062-***, account ****678',
      });
      expect(mine(cheque.id)).toMatchObject({ amountCents: CV, gstCents: 0, paymentMethod: 'cheque' });
      expect(mine(noAbn.id)).toBeUndefined();
      expect(run.warnings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ plumberId: noAbn.id, code: 'no_abn', text: 'No ABN: 47% withholding applies', excluded: true }),
          expect.objectContaining({ plumberId: cheque.id, code: 'cheque', excluded: false }),
        ]),
      );
      expect(run.entries.map((entry: { entryId: string }) => entry.entryId)).toEqual(
        expect.arrayContaining([...readyEntries.map((e) => e.entryId), chequeEntry.entryId]),
      );
      expect(run.entries.map((entry: { entryId: string }) => entry.entryId)).not.toContain(withheldEntry.entryId);
      expect(JSON.stringify(run)).not.toMatch(/12345678|062123/);

      // An entry is in one open run only.
      const again = await http()
        .post('/api/admin/payout-runs')
        .set(admin.auth)
        .send({ entryIds: [readyEntries[0]!.entryId] })
        .expect(409);
      expect(again.body.message).toBe('This rebate is already in another payout run');
      const list = await http()
        .get('/api/admin/payout-runs')
        .query({ filter: JSON.stringify({ status: 'draft' }), sort: JSON.stringify(['totalCents', 'DESC']) })
        .set(admin.auth)
        .expect(200);
      // (Other tests' approved entries may be due too: the run holds every one.)
      expect(list.body.find((row: { id: string }) => row.id === run.id)).toMatchObject({
        totalCents: run.payees.reduce((sum: number, payee: { amountCents: number }) => sum + payee.amountCents, 0),
        plumberCount: run.payees.length,
        entryCount: run.entries.length,
      });

      // The ABA file needs the business's bank settings.
      expect((await http().get(`/api/admin/payout-runs/${run.id}/aba`).set(admin.auth).expect(409)).body.message).toBe(
        "Enter the business's bank account and APCA user id (console → Payout account) first",
      );
      const badSettings = await http()
        .put('/api/admin/settings/payouts')
        .set(admin.auth)
        .send({ ...BANK, apcaUserId: '12' })
        .expect(400);
      expect(badSettings.body.errors).toEqual([{ field: 'apcaUserId', message: 'Please enter the APCA user id (6 digits)' }]);
      await http().put('/api/admin/settings/payouts').set(admin.auth).send(BANK).expect(200);
      const aba = await http().get(`/api/admin/payout-runs/${run.id}/aba`).set(admin.auth).expect(200);
      expect(aba.headers['content-disposition']).toBe(`attachment; filename="${run.number}.aba"`);
      const text = aba.text;
      for (const line of text.split('\r\n').filter((l) => l !== '')) expect(line).toHaveLength(120);
      const parsed = parseAbaFile(text);
      const direct = run.payees.filter((payee: { paymentMethod: string; payable: boolean }) => payee.paymentMethod === 'direct_deposit' && payee.payable);
      expect(parsed.records).toHaveLength(direct.length);
      expect(parsed.records).toContainEqual(
        expect.objectContaining({ bsb: '062-123', accountNumber: '12345678', amountCents: 2 * CV, accountTitle: 'Ready Plumbing' }),
      );
      expect(parsed.footer.creditTotalCents).toBe(parsed.records.reduce((sum, detail) => sum + detail.amountCents, 0));
      expect(parsed.footer.count).toBe(parsed.records.length);

      // Two staff press 'Mark paid' at once: every entry is paid once, one RCTI and one e-mail per plumber.
      const [first, second] = await Promise.all([
        http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth),
        http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.status).toBe('paid');
      expect(second.body.payees.map((payee: { rctiNumber: string }) => payee.rctiNumber).sort()).toEqual(
        first.body.payees.map((payee: { rctiNumber: string }) => payee.rctiNumber).sort(),
      );
      const history = await sut.dataSource.query(
        `SELECT entry_id, count(*)::int AS n FROM rebate_entry_events WHERE to_state = 'paid' AND entry_id = ANY($1::uuid[]) GROUP BY entry_id`,
        [[...readyEntries.map((e) => e.entryId), chequeEntry.entryId]],
      );
      expect(history).toHaveLength(3);
      expect(history.every((row: { n: number }) => row.n === 1)).toBe(true);
      // Each referral paid follows its ledger (its rebate field, the payment's time, one history line), and the ledger's running totals still add up.
      const followed = await sut.dataSource.query(
        `SELECT r.cleanview_rebate_status AS status, r.cleanview_paid_at = e.paid_at AS "paidAt",
                (SELECT count(*)::int FROM referral_events v WHERE v.referral_id = r.id AND v.kind = 'rebate' AND v.from_value = 'approved' AND v.to_value = $2) AS lines
         FROM rebate_entries e JOIN referrals r ON r.id = e.referral_id WHERE e.id = ANY($1::uuid[])`,
        [[...readyEntries.map((e) => e.entryId), chequeEntry.entryId], `cleanview ${(CV / 100).toFixed(2)} paid: Paid in payout run ${run.number}`],
      );
      expect(followed).toEqual(Array(3).fill({ status: 'paid', paidAt: true, lines: 1 }));
      const totalsOff = await sut.dataSource.query(
        `SELECT count(*)::int AS n FROM (SELECT kind, state, count(*) AS entries, sum(amount_cents) AS cents FROM rebate_entries GROUP BY 1, 2) live
         FULL JOIN (SELECT * FROM rebate_totals WHERE entries <> 0 OR cents <> 0) kept USING (kind, state)
         WHERE live.entries IS DISTINCT FROM kept.entries OR live.cents IS DISTINCT FROM kept.cents`,
      );
      expect(totalsOff).toEqual([{ n: 0 }]);
      expect(await sut.dataSource.query(`SELECT count(*)::int AS n FROM payout_payments WHERE run_id = $1`, [run.id])).toEqual([{ n: run.payees.length }]);
      const paidAgain = await http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth).expect(200);
      expect(paidAgain.body.paidAt).toBe(first.body.paidAt);
      expect(
        (
          await http()
            .put(`/api/admin/payout-runs/${run.id}`)
            .set(admin.auth)
            .send({ entryIds: [chequeEntry.entryId] })
            .expect(409)
        ).body.message,
      ).toBe('This payout run is paid: it cannot be changed');
      await http().delete(`/api/admin/payout-runs/${run.id}`).set(admin.auth).expect(409);
      const rebate = (await http().get(`/api/admin/rebates/${readyEntries[0]!.entryId}`).set(admin.auth).expect(200)).body;
      expect(rebate).toMatchObject({ state: 'paid' });
      // The withheld plumber's entry is still approved for a later run.
      expect((await http().get(`/api/admin/rebates/${withheldEntry.entryId}`).set(admin.auth).expect(200)).body.state).toBe('approved');

      // The RCTI PDF, and the remittance e-mail with it attached (one per plumber, for all the calls).
      const payee = first.body.payees.find((row: { plumberId: string }) => row.plumberId === ready.id);
      const pdf = await http().get(payee.rctiUrl).set(admin.auth).buffer(true).parse(binaryParser).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await sut.app.get(NotificationsWorker).drainNow();
      const mails = (await smtp.waitFor(run.payees.length)).filter((mail) => mail.subject.startsWith('Remittance advice'));
      expect(mails.map((mail) => mail.to[0]).sort()).toEqual(run.payees.map((payee: { email: string }) => payee.email).sort());
      const readyMail = mails.find((mail) => mail.to[0] === ready.email)!;
      expect(readyMail.subject).toContain(payee.rctiNumber);
      expect(readyMail.text).toContain(readyEntries[0]!.refNumber);
      const attached = readyMail.attachments.find((file) => file.mimeType === 'application/pdf');
      expect(attached).toMatchObject({ filename: `${payee.rctiNumber}.pdf` });
      expect(Buffer.from(attached!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The plumber's Payments tab, and their RCTI (no one else's).
      const payments = (await http().get('/api/me/payouts').set(ready.auth).expect(200)).body;
      expect(payments.payouts).toEqual([
        expect.objectContaining({
          amountCents: 2 * CV,
          gstCents: Math.round((2 * CV) / 11),
          rctiNumber: payee.rctiNumber,
          bankDetails: 'BSB 062-***, account ****678',
          referrals: expect.arrayContaining([expect.objectContaining({ refNumber: readyEntries[0]!.refNumber, amountCents: CV })]),
        }),
      ]);
      await http().get(payments.payouts[0].rctiUrl).set(ready.auth).buffer(true).parse(binaryParser).expect(200);
      await http().get(payments.payouts[0].rctiUrl).set(cheque.auth).expect(404);
      const upcoming = (await http().get('/api/me/payouts').set(noAbn.auth).expect(200)).body;
      expect(upcoming).toMatchObject({
        payouts: [],
        upcomingTotalCents: CV,
        upcoming: [expect.objectContaining({ entryId: withheldEntry.entryId, state: 'approved', inPayoutRun: false })],
      });
    });

    it('refuses entries that are not approved, and a cancelled run gives its entries back', async () => {
      const who = await readyPlumber('Canceller');
      const { entryId } = await approvedEntry(who);
      const created = await http().post('/api/me/referrals').set(who.auth).send(newClient()).expect(201);
      const record = (await http().get(`/api/admin/referrals/${created.body.id}`).set(admin.auth).expect(200)).body;
      await http()
        .put(`/api/admin/referrals/${created.body.id}`)
        .set(admin.auth)
        .send({ ...record, status: 'cleanview_completed' })
        .expect(200);
      const pending = (
        await http()
          .get('/api/admin/rebates')
          .query({ filter: JSON.stringify({ referralId: created.body.id }) })
          .set(admin.auth)
          .expect(200)
      ).body[0];
      const refused = await http()
        .post('/api/admin/payout-runs')
        .set(admin.auth)
        .send({ entryIds: [entryId, pending.id] })
        .expect(400);
      expect(refused.body.errors).toEqual([{ field: 'entryIds', message: 'Only approved, unpaid rebates of a plumber can be paid in a run' }]);
      const run = (
        await http()
          .post('/api/admin/payout-runs')
          .set(admin.auth)
          .send({ entryIds: [entryId] })
          .expect(201)
      ).body;
      const upcoming = (await http().get('/api/me/payouts').set(who.auth).expect(200)).body.upcoming;
      expect(upcoming.find((entry: { entryId: string }) => entry.entryId === entryId)).toMatchObject({ inPayoutRun: true });
      const cancelled = (await http().delete(`/api/admin/payout-runs/${run.id}`).set(admin.auth).expect(200)).body;
      expect(cancelled.status).toBe('cancelled');
      await http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth).expect(409);
      await http()
        .post('/api/admin/payout-runs')
        .set(admin.auth)
        .send({ entryIds: [entryId] })
        .expect(201);
    });

    it('is for staff only', async () => {
      const who = await plumber('Nosy');
      await http().get('/api/admin/payout-runs').set(who.auth).expect(403);
      await http()
        .post('/api/admin/payout-runs')
        .set(who.auth)
        .send({ dueBefore: inDays(30) })
        .expect(403);
      await http().get('/api/admin/settings/payouts').set(who.auth).expect(403);
      await http().get('/api/me/payouts').expect(401);
    });
  });
});
