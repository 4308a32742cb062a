import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { PaymentDetailsUpdate, PaymentMethod, StaffPaymentDetailsUpdate } from '@relining/contracts/api/payouts';

/**
 * PUT /me/payment-details (and the same fields on PUT /me/profile). The fields are checked together by
 * the contracts' `paymentDetailsProblems` in the service (one rule, the form's messages), so here they
 * are only declared: any other field is refused.
 */
export class PaymentDetailsDto implements PaymentDetailsUpdate {
  @ApiProperty({ required: false, nullable: true, example: '51 824 753 556', description: '11 digits, checked with the ATO modulus-89 rule' })
  @Allow()
  abn?: string | null;

  @ApiProperty({ required: false })
  @Allow()
  gstRegistered?: boolean;

  @ApiProperty({ required: false, enum: ['direct_deposit', 'cheque'] })
  @Allow()
  paymentMethod?: PaymentMethod;

  @ApiProperty({ required: false, nullable: true, example: 'S Smith Plumbing', description: 'Up to 32 characters' })
  @Allow()
  accountName?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'Another name of accountName' })
  @Allow()
  bankAccountName?: string | null;

  @ApiProperty({ required: false, nullable: true, example: '062-000', description: 'NNN-NNN; left out or blank keeps the stored one' })
  @Allow()
  bsb?: string | null;

  @ApiProperty({ required: false, nullable: true, example: '12345678', description: '6 to 9 digits; left out or blank keeps the stored one' })
  @Allow()
  accountNumber?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'For cheques' })
  @Allow()
  postalAddress?: string | null;
}

/** The payment fields a profile update may carry. */
export const PAYMENT_FIELDS = ['abn', 'gstRegistered', 'paymentMethod', 'accountName', 'bankAccountName', 'bsb', 'accountNumber', 'postalAddress'] as const;

export class StaffPaymentDetailsDto implements StaffPaymentDetailsUpdate {
  @ApiProperty({ description: 'A Statement by a Supplier is on file (a plumber without an ABN is then paid without withholding)' })
  @Allow()
  supplierStatement!: boolean;
}
