import type { PaymentDetailsRow } from './payment-details.repository.js';

/** What the audit trail keeps of payment details: bank details masked as every screen shows them, never encrypted. */
export function auditedPaymentFields(row: PaymentDetailsRow | null): Record<string, unknown> {
  return {
    abn: row?.abn ?? null,
    gstRegistered: row?.gstRegistered ?? false,
    paymentMethod: row?.paymentMethod ?? null,
    accountName: row?.accountName ?? null,
    bsb: row?.bsbMasked ?? null,
    accountNumber: row?.accountNumberMasked ?? null,
    postalAddress: row?.postalAddress ?? null,
    supplierStatement: row?.supplierStatementAt != null,
  };
}
