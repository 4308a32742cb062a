import type { EntityManager } from 'typeorm';
import { FieldCipher } from '../common/crypto/field-cipher.js';
import { maskedAccountNumber, maskedBsb, RCTI_AGREEMENT, type PaymentMethod } from '@relining/contracts/payout-rules';
import { bankFieldContext } from '../modules/users/payment-details.service.js';
import { DEMO_PLUMBER, PARTNER_PLUMBERS } from './demo-business-data.js';

interface DemoPaymentDetails {
  email: string;
  abn: string | null;
  gstRegistered: boolean;
  method: PaymentMethod | null;
  accountName?: string;
  bsb?: string;
  accountNumber?: string;
  postalAddress?: string;
  rcti: boolean;
}

/**
 * The demo plumbers' payment details (issue 18), so a payout run can be tried at once: most can be
 * paid, and the others show each warning staff meet (no ABN, a cheque, nothing entered, the RCTI
 * agreement not accepted). The ABNs pass the ATO's check but belong to no one; the bank details are
 * made up, and encrypted with this installation's key like any plumber's.
 */
const DETAILS: readonly DemoPaymentDetails[] = [
  {
    email: DEMO_PLUMBER.email,
    abn: '83914571673',
    gstRegistered: true,
    method: 'direct_deposit',
    accountName: 'Taylor Plumbing',
    bsb: '063000',
    accountNumber: '10234567',
    rcti: true,
  },
  {
    email: PARTNER_PLUMBERS[0]!.email,
    abn: '95626104288',
    gstRegistered: true,
    method: 'direct_deposit',
    accountName: 'OConnor Plumbing and Gas',
    bsb: '083004',
    accountNumber: '556677889',
    rcti: true,
  },
  {
    email: PARTNER_PLUMBERS[1]!.email,
    abn: '34731500194',
    gstRegistered: false,
    method: 'direct_deposit',
    accountName: 'P Sharma',
    bsb: '032000',
    accountNumber: '123987',
    rcti: true,
  },
  {
    email: PARTNER_PLUMBERS[2]!.email,
    abn: null,
    gstRegistered: false,
    method: 'direct_deposit',
    accountName: 'Morrison and Sons',
    bsb: '013006',
    accountNumber: '44556677',
    rcti: true,
  },
  { email: PARTNER_PLUMBERS[3]!.email, abn: '48208845370', gstRegistered: true, method: 'cheque', postalAddress: 'PO Box 412, Brighton VIC 3186', rcti: true },
  {
    email: PARTNER_PLUMBERS[4]!.email,
    abn: '46415962037',
    gstRegistered: true,
    method: 'direct_deposit',
    accountName: 'Eastside Plumbing SA',
    bsb: '105900',
    accountNumber: '90011223',
    rcti: false,
  },
];

export async function seedDemoPaymentDetails(manager: EntityManager, payoutEncryptionKey: string | undefined, since: Date): Promise<void> {
  if (!payoutEncryptionKey) return;
  const cipher = new FieldCipher(payoutEncryptionKey);
  const users: Array<{ id: string; email: string }> = await manager.query(`SELECT id, email FROM users WHERE email = ANY($1::text[])`, [
    DETAILS.map((row) => row.email),
  ]);
  for (const user of users) {
    const row = DETAILS.find((details) => details.email === user.email)!;
    const bank = row.bsb && row.accountNumber;
    await manager.query(
      `INSERT INTO plumber_payment_details (user_id, abn, gst_registered, payment_method, account_name, bsb_encrypted, account_number_encrypted,
                                            bsb_masked, account_number_masked, postal_address, bank_details_changed_at, rcti_accepted_at, rcti_version,
                                            created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, $12, $13, $13)
       ON CONFLICT (user_id) DO NOTHING`,
      [
        user.id,
        row.abn,
        row.gstRegistered,
        row.method,
        row.accountName ?? null,
        bank ? cipher.encrypt(row.bsb!, bankFieldContext(user.id, 'bsb')) : null,
        bank ? cipher.encrypt(row.accountNumber!, bankFieldContext(user.id, 'account')) : null,
        bank ? maskedBsb(row.bsb!) : null,
        bank ? maskedAccountNumber(row.accountNumber!) : null,
        row.postalAddress ?? null,
        row.rcti ? since : null,
        row.rcti ? RCTI_AGREEMENT.version : null,
        since,
      ],
    );
  }
}
