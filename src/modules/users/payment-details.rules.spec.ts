import { changedFields } from '../audit/audit.rules.js';
import type { PaymentDetailsRow } from './payment-details.repository.js';
import { auditedPaymentFields } from './payment-details.rules.js';

const saved: PaymentDetailsRow = {
  userId: 'u1',
  abn: '51824753556',
  gstRegistered: true,
  paymentMethod: 'direct_deposit',
  accountName: 'Pat Plumber',
  bsbEncrypted: 'v1.bsb-ciphertext',
  accountNumberEncrypted: 'v1.account-ciphertext',
  bsbMasked: '062-***',
  accountNumberMasked: '****678',
  postalAddress: null,
  bankDetailsChangedAt: null,
  rctiAcceptedAt: null,
  rctiVersion: null,
  supplierStatementAt: null,
};

describe('what the audit trail keeps of a change of payment details', () => {
  it.each([
    ['first details saved', null, saved, { abn: { before: null, after: '51824753556' }, bsb: { before: null, after: '062-***' } }],
    [
      'new bank details',
      saved,
      { ...saved, bsbEncrypted: 'v1.other', accountNumberEncrypted: 'v1.other2', bsbMasked: '633-***', accountNumberMasked: '****321' },
      { bsb: { before: '062-***', after: '633-***' }, accountNumber: { before: '****678', after: '****321' } },
    ],
    ['a Statement by a Supplier recorded', saved, { ...saved, supplierStatementAt: new Date() }, { supplierStatement: { before: false, after: true } }],
    ['the same details saved again', saved, { ...saved }, null],
    ['only the ciphertext re-made (same masked details)', saved, { ...saved, bsbEncrypted: 'v1.re-encrypted' }, null],
  ] as const)('%s', (_name, before, after, expected) => {
    const changes = changedFields(auditedPaymentFields(before), auditedPaymentFields(after));
    if (expected === null) expect(changes).toBeNull();
    else expect(changes).toMatchObject(expected);
    expect(JSON.stringify(changes)).not.toMatch(/ciphertext|v1\.|Encrypted/);
  });
});
