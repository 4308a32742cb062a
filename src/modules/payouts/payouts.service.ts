import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { COMPANY } from '@relining/contracts/business';
import { formatLongDateIn, isoDayIn } from '@relining/contracts/date-format';
import { firstName } from '@relining/contracts/person-name';
import { PAYEE_REASON_TEXT, rctiGstCents } from '@relining/contracts/payout-rules';
import { formatCents } from '@relining/contracts/quote-rules';
import { REBATE_KIND_LABELS, type RebateKind } from '@relining/contracts/api/rebates';
import {
  PAYOUT_RUN_MESSAGES,
  payoutSettingsProblems,
  type CreatePayoutRunRequest,
  type PayoutPayee,
  type PayoutRunDetail,
  type PayoutRunSummary,
  type PlumberPayouts,
} from '@relining/contracts/api/payouts';
import type { AuditChange } from '../audit/audit.events.js';
import { AuditService } from '../audit/audit.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { PayoutEntryRow } from '../rebates/rebates.repository.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { PaymentDetailsService, type Payee } from '../users/payment-details.service.js';
import { UsersService } from '../users/users.service.js';
import { abaText, buildAbaFile } from './aba-file.js';
import type { PayoutRunRow } from './payout-run.entity.js';
import { endOfDayIn, inAbaFile, paidWhenMarked, planRun, rctiNumber, runNumber, runWarnings, type RunPayee } from './payout.rules.js';
import { PAYOUT_RUN_LIST, PayoutsRepository, type NewPayment, type PaymentRow } from './payouts.repository.js';
import { renderRctiPdf } from './rcti-pdf.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A unique index broken: an entry went into another open run at the same moment. */
const UNIQUE_VIOLATION = '23505';

const runPayeeOf = (payee: Payee): RunPayee => ({
  plumberId: payee.plumberId,
  name: payee.name,
  paymentMethod: payee.paymentMethod,
  postalAddress: payee.postalAddress,
  reasons: payee.reasons,
});

/** A run's entries as its audit entries count them. */
const entryTotals = (entries: ReadonlyArray<{ amountCents: number }>): { entryCount: number; totalCents: number } => ({
  entryCount: entries.length,
  totalCents: entries.reduce((sum, entry) => sum + entry.amountCents, 0),
});

const KIND_TEXT: Record<RebateKind, string> = {
  cleanview: 'Clean & View referral rebate',
  reline: 'Reline referral rebate',
  adjustment: 'Adjustment (rebate refunded)',
};

/**
 * Payout runs (issue 18): approved rebates paid together. A run is made from chosen entries or
 * everything due before a day; its ABA file pays the plumbers who can be paid by direct deposit;
 * marking it paid marks every entry paid in one transaction, issues one RCTI per plumber and queues
 * their remittance advice with it attached. Marking it paid twice changes nothing.
 */
@Injectable()
export class PayoutsService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: PayoutsRepository,
    private readonly rebates: RebatesService,
    private readonly payments: PaymentDetailsService,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  async create(actor: CurrentUserInfo, request: CreatePayoutRunRequest | undefined): Promise<PayoutRunDetail> {
    const selection = this.selectionOf(request);
    const runId = await this.dataSource.transaction(async (manager) => {
      const entries = await this.chooseEntries(manager, selection);
      const payees = await this.payments.payees(
        entries.map((entry) => entry.plumberId),
        { manager },
      );
      const plan = planRun(entries, new Map([...payees].map(([id, payee]) => [id, runPayeeOf(payee)])));
      const id = await this.repository.insertRun(manager, {
        dueBefore: 'dueBefore' in selection ? selection.day : null,
        excluded: plan.excluded,
        createdBy: actor.id,
      });
      const included = new Set(plan.included.flatMap((part) => part.entryIds));
      const chosen = entries.filter((entry) => included.has(entry.entryId));
      await this.insertEntries(manager, id, chosen);
      await this.audit.record(manager, {
        entity: 'payout_run',
        entityId: id,
        action: 'create',
        details: { ...entryTotals(chosen), excluded: plan.excluded.length, ...('dueBefore' in selection ? { dueBefore: selection.day } : {}) },
      });
      return id;
    });
    return this.detail(runId);
  }

  /** A draft's entries replaced by those named (the same checks as a new run's). */
  async update(id: string, body: { entryIds?: unknown } | undefined): Promise<PayoutRunDetail> {
    await this.dataSource.transaction(async (manager) => {
      const run = await this.lockedDraft(manager, id);
      const selection = this.selectionOf({ entryIds: (body?.entryIds ?? []) as string[] });
      const before = entryTotals((await this.repository.runEntries(run.id, manager)).filter((entry) => !entry.released));
      await this.repository.deleteOpenEntries(manager, run.id);
      const entries = await this.chooseEntries(manager, selection);
      const payees = await this.payments.payees(
        entries.map((entry) => entry.plumberId),
        { manager },
      );
      const plan = planRun(entries, new Map([...payees].map(([plumberId, payee]) => [plumberId, runPayeeOf(payee)])));
      const included = new Set(plan.included.flatMap((part) => part.entryIds));
      const chosen = entries.filter((entry) => included.has(entry.entryId));
      await this.insertEntries(manager, run.id, chosen);
      await this.repository.setExcluded(manager, run.id, plan.excluded);
      const after = entryTotals(chosen);
      await this.audit.record(manager, { entity: 'payout_run', entityId: run.id, action: 'update', before, after });
    });
    return this.detail(id);
  }

  /** A draft cancelled: its entries go back to the ledger for a later run. */
  async cancel(actor: CurrentUserInfo, id: string): Promise<PayoutRunDetail> {
    await this.dataSource.transaction(async (manager) => {
      const run = await this.repository.findRun(id, manager, true);
      if (!run) throw DomainError.notFound(PAYOUT_RUN_MESSAGES.notFound);
      if (run.status === 'paid') throw DomainError.conflict('PAYOUT_RUN_PAID', PAYOUT_RUN_MESSAGES.paid);
      if (run.status === 'cancelled') return;
      await this.repository.releaseEntries(manager, run.id);
      await this.repository.setCancelled(manager, run.id, actor.id);
      await this.audit.record(manager, {
        entity: 'payout_run',
        entityId: run.id,
        action: 'cancel',
        before: { status: run.status },
        after: { status: 'cancelled' },
      });
    });
    return this.detail(id);
  }

  /**
   * The ABA file of a draft run: one credit per plumber who can be paid by direct deposit now (a
   * balancing debit when the bank needs one). Remembers who was in it: marking the run paid pays them.
   */
  async abaFile(id: string): Promise<{ fileName: string; content: string }> {
    const run = await this.repository.findRun(id);
    if (!run) throw DomainError.notFound(PAYOUT_RUN_MESSAGES.notFound);
    if (run.status === 'paid') throw DomainError.conflict('PAYOUT_RUN_PAID', PAYOUT_RUN_MESSAGES.paid);
    if (run.status === 'cancelled') throw DomainError.conflict('PAYOUT_RUN_CANCELLED', PAYOUT_RUN_MESSAGES.cancelled);
    const bank = await this.settings.payoutBankSettings();
    if (payoutSettingsProblems(bank).length > 0) throw DomainError.conflict('PAYOUT_BANK_SETTINGS', PAYOUT_RUN_MESSAGES.noBankSettings);
    const entries = (await this.repository.runEntries(run.id)).filter((entry) => !entry.released);
    const totals = new Map<string, number>();
    for (const entry of entries) totals.set(entry.plumberId, (totals.get(entry.plumberId) ?? 0) + entry.amountCents);
    const payees = await this.payments.payees([...totals.keys()], { withBank: true });
    const paid = [...totals].flatMap(([plumberId, amountCents]) => {
      const payee = payees.get(plumberId);
      return payee && payee.bank && payee.accountName && abaText(payee.accountName, 32) !== '' && amountCents > 0 && inAbaFile(runPayeeOf(payee))
        ? [{ payee, bank: payee.bank, accountName: payee.accountName, amountCents }]
        : [];
    });
    if (paid.length === 0) throw DomainError.conflict('PAYOUT_NOTHING_IN_FILE', PAYOUT_RUN_MESSAGES.nothingInFile);
    const number = runNumber(run.number);
    const content = buildAbaFile({
      settings: bank,
      processingDate: new Date(),
      timeZone: this.config.tzDisplay,
      description: 'REBATES',
      payments: paid.map(({ bank: account, accountName, amountCents }) => ({
        bsb: account.bsb,
        accountNumber: account.accountNumber,
        accountName,
        amountCents,
        reference: `${number} REBATES`,
      })),
    });
    // Who downloaded the bank file (personal data: names and accounts) is kept with the run's record of it.
    await this.dataSource.transaction(async (manager) => {
      await this.repository.recordFile(
        manager,
        run.id,
        paid.map(({ payee }) => payee.plumberId),
      );
      await this.audit.record(manager, {
        entity: 'payout_run',
        entityId: run.id,
        action: 'download',
        details: { file: 'aba', plumbers: paid.length, totalCents: paid.reduce((sum, { amountCents }) => sum + amountCents, 0) },
      });
    });
    return { fileName: `${number}.aba`, content };
  }

  /**
   * Marks the run paid, in one transaction: every entry of a plumber it pays becomes paid, each of
   * those plumbers gets an RCTI (stored before the commit) and a remittance e-mail with it attached,
   * and everyone else's entries go back to the ledger. The run's row lock makes a second call wait
   * and then find the run paid: it changes nothing.
   */
  async markPaid(actor: CurrentUserInfo, id: string): Promise<PayoutRunDetail> {
    await this.dataSource.transaction(async (manager) => {
      const run = await this.repository.findRun(id, manager, true);
      if (!run) throw DomainError.notFound(PAYOUT_RUN_MESSAGES.notFound);
      if (run.status === 'paid') return;
      if (run.status === 'cancelled') throw DomainError.conflict('PAYOUT_RUN_CANCELLED', PAYOUT_RUN_MESSAGES.cancelled);
      const inRun = (await this.repository.runEntries(run.id, manager)).filter((entry) => !entry.released);
      // Locked, with their state now: an entry voided or paid by hand since the run was made is not paid again.
      const current = await this.rebates.entriesForPayout(manager, { entryIds: inRun.map((entry) => entry.entryId) });
      const approved = current.filter((entry) => entry.state === 'approved' && entry.plumberId);
      const byPlumber = new Map<string, PayoutEntryRow[]>();
      for (const entry of approved) byPlumber.set(entry.plumberId!, [...(byPlumber.get(entry.plumberId!) ?? []), entry]);
      const payees = await this.payments.payees([...byPlumber.keys()], { manager });
      const file = { downloaded: run.fileDownloadedAt !== null, plumberIds: new Set(run.filePlumberIds ?? []) };
      const paidPlumbers = [...byPlumber].filter(([plumberId, entries]) => {
        const payee = payees.get(plumberId);
        return payee && paidWhenMarked(runPayeeOf(payee), file) && entries.reduce((sum, entry) => sum + entry.amountCents, 0) > 0;
      });
      const now = new Date();
      const number = runNumber(run.number);
      const toPay = paidPlumbers.flatMap(([, entries]) => entries.map((entry) => entry.id));
      await this.rebates.payForRun(manager, toPay, { actorId: actor.id, reason: `Paid in payout run ${number}`, at: now });
      const paidIds = new Set(toPay);
      await this.repository.releaseEntries(
        manager,
        run.id,
        inRun.filter((entry) => !paidIds.has(entry.entryId)).map((entry) => entry.entryId),
      );
      const numbers = await this.repository.nextRctiNumbers(manager, paidPlumbers.length);
      const company = await this.settings.companyProfile(manager);
      const newPayments: NewPayment[] = [];
      for (const [index, [plumberId, entries]] of paidPlumbers.entries()) {
        const payee = payees.get(plumberId)!;
        const amountCents = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
        const payment: NewPayment = {
          runId: run.id,
          plumberId,
          amountCents,
          gstCents: rctiGstCents(amountCents, payee.gstRegistered),
          rctiNumber: rctiNumber(numbers[index]!),
          rctiKey: `payouts/${run.id}/${plumberId}.pdf`,
          paymentMethod: payee.paymentMethod!,
          bankDetails: payee.paymentMethod === 'direct_deposit' ? payee.bankDetails : null,
          postalAddress: payee.paymentMethod === 'cheque' ? payee.postalAddress : null,
          plumberName: payee.name,
          businessName: payee.businessName,
          abn: payee.abn,
          gstRegistered: payee.gstRegistered,
          paidAt: now,
        };
        const pdf = await renderRctiPdf(
          {
            rctiNumber: payment.rctiNumber,
            issuedAt: now,
            runNumber: number,
            recipient: { name: company.legalName || COMPANY.name, abn: company.abn, email: COMPANY.email, phone: COMPANY.phone },
            supplier: { name: payee.name, businessName: payee.businessName, abn: payee.abn, gstRegistered: payee.gstRegistered, email: payee.email },
            lines: entries.map((entry) => ({
              refNumber: entry.refNumber,
              description: KIND_TEXT[entry.kind],
              milestoneAt: null,
              amountCents: entry.amountCents,
            })),
            totalCents: amountCents,
            gstCents: payment.gstCents,
            payment: { method: payment.paymentMethod, bankDetails: payment.bankDetails, postalAddress: payment.postalAddress },
          },
          { timeZone: this.config.tzDisplay },
        );
        // Stored before the commit (the same key again if this transaction is retried): the payment row never points at nothing.
        // The file is written while the remittance e-mail is rendered and queued (the disk works beside the database).
        await Promise.all([
          this.storage.put(payment.rctiKey, pdf),
          this.notifications.enqueue(manager, {
            template: 'payout_remittance',
            to: payee.email,
            dedupeKey: `payout-remittance:${run.id}:${plumberId}`,
            entity: { type: 'payout_run', id: run.id },
            variables: {
              plumberName: firstName(payee.name),
              rctiNumber: payment.rctiNumber,
              paidOn: formatLongDateIn(this.config.tzDisplay, now),
              amount: payment.gstCents > 0 ? `${formatCents(amountCents)} (GST included: ${formatCents(payment.gstCents)})` : formatCents(amountCents),
              payment:
                payment.paymentMethod === 'cheque'
                  ? `Cheque posted to ${payment.postalAddress ?? 'your postal address'}`
                  : `Direct deposit to ${payment.bankDetails ?? 'your account'}`,
              referrals: entries.map((entry) => `${entry.refNumber} · ${REBATE_KIND_LABELS[entry.kind]} · ${formatCents(entry.amountCents)}`).join('\n'),
              dashboardLink: `${this.config.publicBaseUrl}/plumber-dashboard`,
            },
            attachments: [{ filename: `${payment.rctiNumber}.pdf`, contentType: 'application/pdf', content: pdf }],
          }),
        ]);
        newPayments.push(payment);
      }
      await this.repository.insertPayments(manager, newPayments);
      await this.repository.setPaid(manager, run.id, actor.id, now);
      // The whole run in one statement however many plumbers: the run paid, then each plumber's payment.
      const totalCents = newPayments.reduce((sum, payment) => sum + payment.amountCents, 0);
      await this.audit.record(
        manager,
        {
          entity: 'payout_run',
          entityId: run.id,
          action: 'mark_paid',
          before: { status: run.status },
          after: { status: 'paid' },
          details: { plumbers: newPayments.length, totalCents, entries: toPay.length },
        },
        ...newPayments.map((payment, index): AuditChange => ({
          entity: 'payout_run',
          entityId: run.id,
          action: 'pay',
          details: {
            plumberId: payment.plumberId,
            plumberName: payment.plumberName,
            amountCents: payment.amountCents,
            gstCents: payment.gstCents,
            rctiNumber: payment.rctiNumber,
            paymentMethod: payment.paymentMethod,
            entries: paidPlumbers[index]![1].length,
          },
        })),
      );
    });
    return this.detail(id);
  }

  async list(params: ListParams): Promise<{ rows: PayoutRunSummary[]; total: number; offset: number }> {
    const list = parseListParams(params, PAYOUT_RUN_LIST);
    const [runs, total] = await this.repository.findForAdminList(list);
    const totals = await this.repository.totalsOf(runs.map((run) => run.id));
    const emails = await this.users.emailsOf(runs.flatMap((run) => [run.createdBy, run.paidBy].filter((value): value is string => value !== null)));
    const rows: PayoutRunSummary[] = [];
    for (const run of runs) {
      const warningCount = run.status === 'draft' ? (await this.liveWarnings(run)).length : run.excluded.length;
      rows.push(this.summaryOf(run, totals.get(run.id), emails, warningCount));
    }
    return { rows, total, offset: list.offset };
  }

  async detail(id: string): Promise<PayoutRunDetail> {
    const run = await this.repository.findRun(id);
    if (!run) throw DomainError.notFound(PAYOUT_RUN_MESSAGES.notFound);
    const inRun = (await this.repository.runEntries(run.id)).filter((entry) => !entry.released);
    const [totals, ledger, payees, paidRows] = await Promise.all([
      this.repository.totalsOf([run.id]),
      this.rebates.entriesForDisplay(inRun.map((entry) => entry.entryId)),
      this.payments.payees([...new Set(inRun.map((entry) => entry.plumberId))]),
      this.repository.paymentsOfRun(run.id),
    ]);
    const emails = await this.users.emailsOf([run.createdBy, run.paidBy].filter((value): value is string => value !== null));
    const payments = new Map(paidRows.map((payment) => [payment.plumberId, payment]));
    const byId = new Map(ledger.map((entry) => [entry.id, entry]));
    const plumberTotals = new Map<string, { amountCents: number; entryCount: number }>();
    for (const entry of inRun) {
      const sum = plumberTotals.get(entry.plumberId) ?? { amountCents: 0, entryCount: 0 };
      plumberTotals.set(entry.plumberId, { amountCents: sum.amountCents + entry.amountCents, entryCount: sum.entryCount + 1 });
    }
    const filePlumbers = new Set(run.filePlumberIds ?? []);
    const payeeRows: PayoutPayee[] = [...plumberTotals].map(([plumberId, sum]) => {
      const payee = payees.get(plumberId);
      const payment = payments.get(plumberId);
      const reasons = run.status === 'draft' ? (payee?.reasons ?? []) : [];
      return {
        plumberId,
        plumberName: payment?.plumberName ?? payee?.name ?? plumberId,
        businessName: payment?.businessName ?? payee?.businessName ?? null,
        email: payee?.email ?? '',
        abn: payment ? payment.abn : (payee?.abn ?? null),
        gstRegistered: payment ? payment.gstRegistered : (payee?.gstRegistered ?? false),
        paymentMethod: payment ? payment.paymentMethod : (payee?.paymentMethod ?? null),
        bankDetails: payment ? payment.bankDetails : (payee?.bankDetails ?? null),
        postalAddress: payment ? payment.postalAddress : (payee?.postalAddress ?? null),
        amountCents: sum.amountCents,
        gstCents: payment ? payment.gstCents : rctiGstCents(sum.amountCents, payee?.gstRegistered ?? false),
        entryCount: sum.entryCount,
        payable: run.status === 'draft' ? reasons.length === 0 : payment !== undefined,
        reasons: reasons.map((code) => ({ code, text: PAYEE_REASON_TEXT[code] })),
        inFile: filePlumbers.has(plumberId),
        rctiNumber: payment?.rctiNumber ?? null,
        rctiUrl: payment ? `/api/admin/payout-runs/${run.id}/payees/${plumberId}/rcti.pdf` : null,
        paid: payment !== undefined,
      };
    });
    payeeRows.sort((a, b) => a.plumberName.localeCompare(b.plumberName));
    const warnings =
      run.status === 'draft'
        ? runWarnings(
            run.excluded,
            [...plumberTotals.keys()].flatMap((plumberId) => (payees.has(plumberId) ? [runPayeeOf(payees.get(plumberId)!)] : [])),
          )
        : runWarnings(run.excluded, []);
    return {
      ...this.summaryOf(run, totals.get(run.id), emails, warnings.length),
      payees: payeeRows,
      entries: inRun.map((entry) => {
        const row = byId.get(entry.entryId);
        return {
          entryId: entry.entryId,
          plumberId: entry.plumberId,
          referralId: row?.referralId ?? '',
          refNumber: row?.refNumber ?? '',
          kind: row?.kind ?? 'adjustment',
          amountCents: entry.amountCents,
          dueAt: row?.dueAt ? row.dueAt.toISOString() : null,
        };
      }),
      warnings,
    };
  }

  /** A paid plumber's RCTI in a run (staff). */
  async rctiOfRun(runId: string, plumberId: string): Promise<{ fileName: string; stream: Readable }> {
    const payment = UUID.test(runId) && UUID.test(plumberId) ? await this.repository.paymentOf(runId, plumberId) : null;
    if (!payment) throw DomainError.notFound('RCTI not found.');
    await this.recordRctiDownload(runId, payment);
    return { fileName: `${payment.rctiNumber}.pdf`, stream: this.storage.read(payment.rctiKey) };
  }

  /** One of the plumber's own RCTIs; anyone else's is not found. */
  async myRcti(user: CurrentUserInfo, paymentId: string): Promise<{ fileName: string; stream: Readable }> {
    const payment = await this.repository.payment(paymentId);
    if (!payment || payment.plumberId !== user.id) throw DomainError.notFound('RCTI not found.');
    await this.recordRctiDownload(payment.runId, payment);
    return { fileName: `${payment.rctiNumber}.pdf`, stream: this.storage.read(payment.rctiKey) };
  }

  /** An RCTI downloaded (staff or the plumber): a document of a person's tax details, so who read it is kept. */
  private recordRctiDownload(runId: string, payment: { plumberId: string; rctiNumber: string }): Promise<void> {
    return this.audit.recordAlone({
      entity: 'payout_run',
      entityId: runId,
      action: 'download',
      details: { file: 'rcti', rctiNumber: payment.rctiNumber, plumberId: payment.plumberId },
    });
  }

  /** The plumber's Payments tab: each payout with what it covered, and what is still to come. */
  async myPayouts(user: CurrentUserInfo): Promise<PlumberPayouts> {
    const [payments, covered, unpaid] = await Promise.all([
      this.repository.paymentsOfPlumber(user.id),
      this.repository.paidEntriesOfPlumber(user.id),
      this.rebates.unpaidOfPlumber(user.id),
    ]);
    const [ledger, inRuns] = await Promise.all([
      this.rebates.entriesForDisplay(covered.map((entry) => entry.entryId)),
      this.repository.openRunsOf(unpaid.map((entry) => entry.id)),
    ]);
    const byId = new Map(ledger.map((entry) => [entry.id, entry]));
    const upcoming = unpaid.map((entry) => ({
      entryId: entry.id,
      referralId: entry.referralId,
      refNumber: entry.refNumber,
      kind: entry.kind,
      amountCents: entry.amountCents,
      state: entry.state as 'pending' | 'approved',
      dueAt: entry.dueAt ? entry.dueAt.toISOString() : null,
      inPayoutRun: inRuns.has(entry.id),
    }));
    return {
      payouts: payments.map((payment: PaymentRow) => ({
        id: payment.id,
        paidAt: payment.paidAt.toISOString(),
        amountCents: payment.amountCents,
        gstCents: payment.gstCents,
        paymentMethod: payment.paymentMethod,
        bankDetails: payment.bankDetails,
        rctiNumber: payment.rctiNumber,
        rctiUrl: `/api/me/payouts/${payment.id}/rcti.pdf`,
        referrals: covered
          .filter((entry) => entry.runId === payment.runId)
          .map((entry) => {
            const row = byId.get(entry.entryId);
            return { referralId: row?.referralId ?? '', refNumber: row?.refNumber ?? '', kind: row?.kind ?? 'adjustment', amountCents: entry.amountCents };
          })
          .sort((a, b) => a.refNumber.localeCompare(b.refNumber)),
      })),
      upcoming,
      upcomingTotalCents: upcoming.reduce((sum, entry) => sum + entry.amountCents, 0),
    };
  }

  private summaryOf(
    run: PayoutRunRow,
    totals: { totalCents: number; entryCount: number; plumberCount: number } | undefined,
    emails: Map<string, string>,
    warningCount: number,
  ): PayoutRunSummary {
    return {
      id: run.id,
      number: runNumber(run.number),
      status: run.status,
      dueBefore: run.dueBefore,
      totalCents: totals?.totalCents ?? 0,
      entryCount: totals?.entryCount ?? 0,
      plumberCount: totals?.plumberCount ?? 0,
      warningCount,
      createdAt: run.createdAt.toISOString(),
      createdBy: run.createdBy ? (emails.get(run.createdBy) ?? null) : null,
      paidAt: run.paidAt ? run.paidAt.toISOString() : null,
      paidBy: run.paidBy ? (emails.get(run.paidBy) ?? null) : null,
      fileDownloadedAt: run.fileDownloadedAt ? run.fileDownloadedAt.toISOString() : null,
    };
  }

  private async liveWarnings(run: PayoutRunRow): Promise<ReturnType<typeof runWarnings>> {
    const plumberIds = [...new Set((await this.repository.runEntries(run.id)).filter((entry) => !entry.released).map((entry) => entry.plumberId))];
    const payees = await this.payments.payees(plumberIds);
    return runWarnings(run.excluded, [...payees.values()].map(runPayeeOf));
  }

  private selectionOf(request: CreatePayoutRunRequest | undefined): { entryIds: string[] } | { dueBefore: Date; day: string } {
    const entryIds = request?.entryIds;
    if (entryIds !== undefined && entryIds !== null) {
      if (!Array.isArray(entryIds) || entryIds.length === 0 || !entryIds.every((value) => typeof value === 'string' && UUID.test(value))) {
        throw DomainError.validation([{ field: 'entryIds', message: PAYOUT_RUN_MESSAGES.chooseEntries }]);
      }
      return { entryIds: [...new Set(entryIds)] };
    }
    if (request?.dueBefore !== undefined && request.dueBefore !== null) {
      const text = typeof request.dueBefore === 'string' ? request.dueBefore.trim() : '';
      // A day (yyyy-MM-dd) includes the whole day in TZ_DISPLAY; a full ISO time is taken as that instant.
      const instant = /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null;
      const end = instant && !Number.isNaN(instant.getTime()) ? instant : endOfDayIn(text, this.config.tzDisplay);
      if (!end) throw DomainError.validation([{ field: 'dueBefore', message: PAYOUT_RUN_MESSAGES.dueBefore }]);
      return { dueBefore: end, day: isoDayIn(this.config.tzDisplay, instant && !Number.isNaN(instant.getTime()) ? instant : new Date(end.getTime() - 1)) };
    }
    throw DomainError.validation([{ field: 'entryIds', message: PAYOUT_RUN_MESSAGES.chooseEntries }]);
  }

  /** The run's entries: named ones must each be approved, a plumber's and in no other open run; a due date takes every such one. */
  private async chooseEntries(
    manager: EntityManager,
    selection: { entryIds: string[] } | { dueBefore: Date },
  ): Promise<Array<{ entryId: string; plumberId: string; amountCents: number }>> {
    const rows = await this.rebates.entriesForPayout(manager, 'entryIds' in selection ? { entryIds: selection.entryIds } : { dueBefore: selection.dueBefore });
    const open = await this.repository.openRunsOf(
      rows.map((row) => row.id),
      manager,
    );
    if ('entryIds' in selection) {
      if (rows.length !== selection.entryIds.length || rows.some((row) => row.state !== 'approved' || !row.plumberId)) {
        throw DomainError.validation([{ field: 'entryIds', message: PAYOUT_RUN_MESSAGES.entryNotPayable }]);
      }
      if (open.size > 0) throw DomainError.conflict('PAYOUT_ENTRY_IN_RUN', PAYOUT_RUN_MESSAGES.entryInOtherRun);
    }
    const chosen = rows.filter((row) => !open.has(row.id) && row.plumberId);
    if (chosen.length === 0) throw DomainError.conflict('PAYOUT_NOTHING_DUE', PAYOUT_RUN_MESSAGES.nothingDue);
    return chosen.map((row) => ({ entryId: row.id, plumberId: row.plumberId!, amountCents: row.amountCents }));
  }

  private async insertEntries(
    manager: EntityManager,
    runId: string,
    entries: Array<{ entryId: string; plumberId: string; amountCents: number }>,
  ): Promise<void> {
    try {
      await this.repository.insertEntries(manager, runId, entries);
    } catch (error) {
      if (
        (error as { driverError?: { code?: string }; code?: string }).driverError?.code === UNIQUE_VIOLATION ||
        (error as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw DomainError.conflict('PAYOUT_ENTRY_IN_RUN', PAYOUT_RUN_MESSAGES.entryInOtherRun);
      }
      throw error;
    }
  }

  private async lockedDraft(manager: EntityManager, id: string): Promise<PayoutRunRow> {
    const run = await this.repository.findRun(id, manager, true);
    if (!run) throw DomainError.notFound(PAYOUT_RUN_MESSAGES.notFound);
    if (run.status === 'paid') throw DomainError.conflict('PAYOUT_RUN_PAID', PAYOUT_RUN_MESSAGES.paid);
    if (run.status === 'cancelled') throw DomainError.conflict('PAYOUT_RUN_CANCELLED', PAYOUT_RUN_MESSAGES.cancelled);
    return run;
  }
}
