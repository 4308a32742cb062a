import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { FieldCipher } from '../../common/crypto/field-cipher.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import {
  BANK_CHANGE_HOLD_HOURS,
  cannotBePaidReasons,
  maskedAccountNumber,
  maskedBankDetails,
  maskedBsb,
  normalAccountNumber,
  normalBsb,
  PAYEE_REASON_TEXT,
  PAYOUT_MESSAGES,
  paymentDetailsProblems,
  RCTI_AGREEMENT,
  type PayeeReason,
  type PaymentMethod,
} from '@relining/contracts/payout-rules';
import type { PaymentDetails, PaymentDetailsUpdate, RctiAgreement } from '@relining/contracts/api/payouts';
import { changedFields } from '../audit/audit.rules.js';
import { AuditService } from '../audit/audit.service.js';
import { BankDetailsChanged } from './users.events.js';
import { UsersService } from './users.service.js';
import { PaymentDetailsRepository, type PaymentDetailsRow } from './payment-details.repository.js';
import { auditedPaymentFields } from './payment-details.rules.js';

const HOLD_MS = BANK_CHANGE_HOLD_HOURS * 3_600_000;

/** A plumber as a payout run needs them: who, how they are paid, and why they cannot be yet. */
export interface Payee {
  plumberId: string;
  email: string;
  name: string;
  businessName: string | null;
  abn: string | null;
  gstRegistered: boolean;
  paymentMethod: PaymentMethod | null;
  accountName: string | null;
  /** Masked. */
  bankDetails: string | null;
  postalAddress: string | null;
  reasons: PayeeReason[];
  /** In full, only when asked for (the ABA file); null without bank details. */
  bank: { bsb: string; accountNumber: string } | null;
}

/** 'direct deposit', 'directDeposit' and 'DIRECT_DEPOSIT' are all the direct deposit a form means. */
function paymentMethodOf(value: unknown): PaymentMethod | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  const compact = String(value)
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (compact === 'directdeposit') return 'direct_deposit';
  if (compact === 'cheque' || compact === 'check') return 'cheque';
  return 'invalid';
}

/** What an encrypted bank field is bound to: its plumber and field (a value copied elsewhere does not decrypt). */
export function bankFieldContext(userId: string, field: 'bsb' | 'account'): string {
  return `payment-details:${userId}:${field}`;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Plumbers' payment details (issue 18): ABN, GST registration, how they are paid, and their bank
 * details, encrypted at rest (FieldCipher, PAYOUT_ENCRYPTION_KEY) and answered masked everywhere but
 * the ABA file. A change of bank details e-mails the account's address and holds payouts for 48 hours.
 */
@Injectable()
export class PaymentDetailsService {
  private readonly cipher: FieldCipher;

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: PaymentDetailsRepository,
    private readonly events: DomainEvents,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {
    if (!config.payoutEncryptionKey) throw new Error('PAYOUT_ENCRYPTION_KEY is not set (start-server generates one outside production)');
    this.cipher = new FieldCipher(config.payoutEncryptionKey);
  }

  async get(userId: string, now = new Date()): Promise<PaymentDetails> {
    return this.toResponse(await this.repository.find(userId), now);
  }

  /**
   * Saves what the plumber changed. Fields left out keep their value; the BSB and account number,
   * never sent back in full, keep theirs when left out or blank. Bad input changes nothing.
   */
  async update(userId: string, input: PaymentDetailsUpdate & Record<string, unknown>, email: string): Promise<PaymentDetails> {
    const now = new Date();
    return this.dataSource.transaction(async (manager) => {
      await this.repository.ensure(manager, userId);
      const current = (await this.repository.find(userId, manager, true))!;
      const currentBank = this.bankOf(current);
      const notText = (['abn', 'accountName', 'bankAccountName', 'bsb', 'accountNumber', 'postalAddress'] as const).filter(
        (field) => input[field] !== undefined && input[field] !== null && typeof input[field] !== 'string',
      );
      if (notText.length > 0) throw DomainError.validation(notText.map((field) => ({ field, message: PAYOUT_MESSAGES.text })));
      const method = paymentMethodOf(input.paymentMethod);
      const bsbInput = textOrNull(input.bsb);
      const accountInput = textOrNull(input.accountNumber);
      const merged = {
        abn: input.abn === undefined ? current.abn : (textOrNull(input.abn)?.replace(/\s/g, '') ?? null),
        gstRegistered: input.gstRegistered === undefined ? current.gstRegistered : input.gstRegistered === true,
        paymentMethod: method === undefined ? (current.paymentMethod ?? (bsbInput || accountInput ? 'direct_deposit' : undefined)) : method,
        accountName:
          input.accountName === undefined && input.bankAccountName === undefined ? current.accountName : textOrNull(input.accountName ?? input.bankAccountName),
        bsb: bsbInput ?? currentBank?.bsb ?? null,
        accountNumber: accountInput ?? currentBank?.accountNumber ?? null,
        postalAddress: input.postalAddress === undefined ? current.postalAddress : textOrNull(input.postalAddress),
      };
      const problems = paymentDetailsProblems({ ...merged, paymentMethod: merged.paymentMethod === 'invalid' ? undefined : merged.paymentMethod }).filter(
        // No way of payment chosen yet, and none asked for: the ABN and GST registration may be saved on their own.
        (problem) => !(merged.paymentMethod === undefined && problem.field === 'paymentMethod'),
      );
      if (input.gstRegistered !== undefined && typeof input.gstRegistered !== 'boolean') {
        problems.push({ field: 'gstRegistered', message: 'Choose whether you are registered for GST' });
      }
      if (merged.gstRegistered && !merged.abn && !problems.some((problem) => problem.field === 'abn')) {
        problems.push({ field: 'abn', message: 'Please enter your ABN: GST registration needs one' });
      }
      if (problems.length > 0) throw DomainError.validation(problems);
      const paymentMethod = (merged.paymentMethod ?? null) as PaymentMethod | null;
      const bsb = normalBsb(merged.bsb);
      const accountNumber = normalAccountNumber(merged.accountNumber);
      const bankChanges =
        (bsbInput !== null || accountInput !== null) &&
        bsb !== null &&
        accountNumber !== null &&
        (bsb !== currentBank?.bsb || accountNumber !== currentBank?.accountNumber);
      await this.repository.save(manager, userId, {
        abn: merged.abn,
        gstRegistered: merged.gstRegistered,
        paymentMethod,
        accountName: merged.accountName,
        postalAddress: merged.postalAddress,
        ...(bankChanges && {
          bank: {
            bsbEncrypted: this.cipher.encrypt(bsb, this.context(userId, 'bsb')),
            accountNumberEncrypted: this.cipher.encrypt(accountNumber, this.context(userId, 'account')),
            bsbMasked: maskedBsb(bsb),
            accountNumberMasked: maskedAccountNumber(accountNumber),
            // Bank details entered for the first time are no change of them: nothing to hold or warn of.
            changedAt: currentBank ? now : null,
          },
        }),
      });
      if (bankChanges && currentBank) await this.warnOfBankChange(manager, userId, email, maskedBankDetails(bsb, accountNumber), now);
      const saved = await this.repository.find(userId, manager);
      await this.recordChange(manager, userId, current, saved, bankChanges ? { bankDetailsChanged: true } : undefined);
      return this.toResponse(saved, now);
    });
  }

  async rctiAgreement(userId: string): Promise<RctiAgreement> {
    const row = await this.repository.find(userId);
    return this.agreementOf(row);
  }

  /** The plumber accepts the RCTI agreement (accepting again keeps the first time). */
  async acceptRcti(userId: string): Promise<RctiAgreement> {
    return this.dataSource.transaction(async (manager) => {
      await this.repository.ensure(manager, userId);
      const before = await this.repository.find(userId, manager, true);
      await this.repository.acceptRcti(manager, userId, RCTI_AGREEMENT.version);
      const after = await this.repository.find(userId, manager);
      if (before?.rctiVersion !== after?.rctiVersion || before?.rctiAcceptedAt?.getTime() !== after?.rctiAcceptedAt?.getTime()) {
        await this.audit.record(manager, {
          entity: 'user',
          entityId: userId,
          action: 'rcti_accepted',
          before: { rctiVersion: before?.rctiVersion ?? null, rctiAcceptedAt: before?.rctiAcceptedAt ?? null },
          after: { rctiVersion: after?.rctiVersion ?? null, rctiAcceptedAt: after?.rctiAcceptedAt ?? null },
        });
      }
      return this.agreementOf(after);
    });
  }

  /** Staff record (or withdraw) a Statement by a Supplier for a plumber without an ABN. */
  async setSupplierStatement(userId: string, onFile: unknown, actorId: string): Promise<PaymentDetails> {
    if (typeof onFile !== 'boolean')
      throw DomainError.validation([{ field: 'supplierStatement', message: 'Say whether a Statement by a Supplier is on file (true or false)' }]);
    return this.dataSource.transaction(async (manager) => {
      await this.repository.ensure(manager, userId);
      const before = await this.repository.find(userId, manager, true);
      await this.repository.setSupplierStatement(manager, userId, onFile, actorId);
      const after = await this.repository.find(userId, manager);
      await this.recordChange(manager, userId, before, after);
      return this.toResponse(after, new Date());
    });
  }

  /**
   * The payees a payout run needs, with why each cannot be paid now. `withBank` decrypts the full
   * bank details (only the ABA file asks).
   */
  async payees(plumberIds: readonly string[], options: { manager?: EntityManager; withBank?: boolean; now?: Date } = {}): Promise<Map<string, Payee>> {
    const now = options.now ?? new Date();
    const rows = await this.repository.findPayees(plumberIds, options.manager);
    return new Map(
      rows.map((row) => {
        const details = row.details;
        const bank = options.withBank && details ? this.bankOf(details) : null;
        const payee: Payee = {
          plumberId: row.userId,
          email: row.email,
          name: row.fullName ?? row.businessName ?? row.email,
          businessName: row.businessName,
          abn: details?.abn ?? null,
          gstRegistered: details?.gstRegistered ?? false,
          paymentMethod: details?.paymentMethod ?? null,
          accountName: details?.accountName ?? null,
          bankDetails: this.maskedOf(details),
          postalAddress: details?.postalAddress ?? null,
          reasons: this.reasonsOf(details, now),
          bank,
        };
        return [row.userId, payee];
      }),
    );
  }

  private reasonsOf(row: PaymentDetailsRow | null, now: Date): PayeeReason[] {
    return cannotBePaidReasons(
      {
        abn: row?.abn ?? null,
        supplierStatement: row?.supplierStatementAt != null,
        rctiAcceptedAt: row?.rctiAcceptedAt ?? null,
        paymentMethod: row?.paymentMethod ?? null,
        hasBankDetails: row?.bsbEncrypted != null,
        postalAddress: row?.postalAddress ?? null,
        bankDetailsChangedAt: row?.bankDetailsChangedAt ?? null,
      },
      now,
    );
  }

  private maskedOf(row: PaymentDetailsRow | null): string | null {
    return row?.bsbMasked && row.accountNumberMasked ? `BSB ${row.bsbMasked}, account ${row.accountNumberMasked}` : null;
  }

  private toResponse(row: PaymentDetailsRow | null, now: Date): PaymentDetails {
    const changedAt = row?.bankDetailsChangedAt ?? null;
    const heldUntil = changedAt && changedAt.getTime() + HOLD_MS > now.getTime() ? new Date(changedAt.getTime() + HOLD_MS) : null;
    return {
      abn: row?.abn ?? null,
      gstRegistered: row?.gstRegistered ?? false,
      paymentMethod: row?.paymentMethod ?? null,
      accountName: row?.accountName ?? null,
      bsbMasked: row?.bsbMasked ?? null,
      accountNumberMasked: row?.accountNumberMasked ?? null,
      bankDetails: this.maskedOf(row),
      postalAddress: row?.postalAddress ?? null,
      bankDetailsChangedAt: changedAt?.toISOString() ?? null,
      payoutsHeldUntil: heldUntil?.toISOString() ?? null,
      rctiAcceptedAt: row?.rctiAcceptedAt?.toISOString() ?? null,
      supplierStatement: row?.supplierStatementAt != null,
      cannotBePaid: this.reasonsOf(row, now).map((code) => ({ code, text: PAYEE_REASON_TEXT[code] })),
    };
  }

  private agreementOf(row: PaymentDetailsRow | null): RctiAgreement {
    const current = row?.rctiVersion === RCTI_AGREEMENT.version;
    return { version: RCTI_AGREEMENT.version, text: RCTI_AGREEMENT.text, acceptedAt: current ? (row?.rctiAcceptedAt?.toISOString() ?? null) : null };
  }

  /** The stored bank details in full, or null (none, or not readable with today's key). */
  private bankOf(row: PaymentDetailsRow): { bsb: string; accountNumber: string } | null {
    if (!row.bsbEncrypted || !row.accountNumberEncrypted) return null;
    try {
      return {
        bsb: this.cipher.decrypt(row.bsbEncrypted, this.context(row.userId, 'bsb')),
        accountNumber: this.cipher.decrypt(row.accountNumberEncrypted, this.context(row.userId, 'account')),
      };
    } catch {
      // Encrypted with another key (PAYOUT_ENCRYPTION_KEY was replaced): unusable, as if none were stored.
      return null;
    }
  }

  /**
   * The trail of a change of payment details: the fields that changed, bank details only in their
   * masked forms (the ciphertext never); nothing when nothing changed.
   */
  private async recordChange(
    manager: EntityManager,
    userId: string,
    before: PaymentDetailsRow | null,
    after: PaymentDetailsRow | null,
    details?: Record<string, unknown>,
  ): Promise<void> {
    const previous = auditedPaymentFields(before);
    const next = auditedPaymentFields(after);
    if (changedFields(previous, next) === null && !details) return;
    await this.audit.record(manager, {
      entity: 'user',
      entityId: userId,
      action: 'payment_details_changed',
      before: previous,
      after: next,
      details: details ?? null,
    });
  }

  private context(userId: string, field: 'bsb' | 'account'): string {
    return bankFieldContext(userId, field);
  }

  private async warnOfBankChange(manager: EntityManager, userId: string, email: string, bankDetails: string, now: Date): Promise<void> {
    const fullName = await this.users.fullNameOf(manager, userId);
    await this.events.publish(manager, new BankDetailsChanged(userId, email, fullName, bankDetails, now, new Date(now.getTime() + HOLD_MS)));
  }
}
