import { describe, expect, it } from '@jest/globals';
import {
  cannotBePaidReasons,
  maskedBankDetails,
  normalAccountNumber,
  normalBsb,
  paymentDetailsProblems,
  rctiGstCents,
  type PayeeState,
} from './payout-rules.js';
import { isValidAbn } from './site-content.js';

describe('ABN (the ATO modulus-89 check)', () => {
  it.each([
    ['51 824 753 556', true], // the ATO's own example
    ['51824753556', true],
    ['53 004 085 616', true],
    ['51 824 753 557', false],
    ['01 824 753 556', false],
    ['5182475355', false],
    ['51-824-753-556', false],
    ['', false],
  ])('%s → %s', (abn, valid) => expect(isValidAbn(abn)).toBe(valid));
});

describe('BSB and account number shapes', () => {
  it.each([
    ['062-000', '062000'],
    ['062000', '062000'],
    [' 062 000 ', '062000'],
    ['06-2000', '062000'],
    ['06200', null],
    ['0620001', null],
    ['ABC-DEF', null],
    [null, null],
  ])('BSB %s → %s', (bsb, normal) => expect(normalBsb(bsb)).toBe(normal));

  it.each([
    ['123456', '123456'],
    ['123456789', '123456789'],
    ['1234 5678', '12345678'],
    ['12345', null],
    ['1234567890', null],
    ['12-345678', null],
  ])('account %s → %s', (account, normal) => expect(normalAccountNumber(account)).toBe(normal));
});

describe('paymentDetailsProblems', () => {
  const deposit = { abn: '51 824 753 556', paymentMethod: 'direct_deposit' as const, accountName: 'Quinn Plumbing', bsb: '062-000', accountNumber: '12345678' };
  it.each([
    [deposit, []],
    [{ ...deposit, abn: '' }, []],
    [{ ...deposit, abn: '51 824 753 557' }, ['abn']],
    [{ ...deposit, bsb: '0620' }, ['bsb']],
    [{ ...deposit, accountNumber: '123' }, ['accountNumber']],
    [{ ...deposit, accountName: ' ' }, ['accountName']],
    [{ ...deposit, accountName: 'x'.repeat(33) }, ['accountName']],
    [{ ...deposit, accountName: '王伟' }, ['accountName']],
    [{ ...deposit, accountName: 'Zoë Ng' }, []],
    [{ paymentMethod: 'cheque' as const, postalAddress: 'PO Box 12, Parramatta NSW 2150' }, []],
    [{ paymentMethod: 'cheque' as const, postalAddress: '' }, ['postalAddress']],
    [{ paymentMethod: 'cheque' as const, postalAddress: `PO Box 12, ${'x'.repeat(300)}` }, ['postalAddress']],
    [{ abn: 'x' }, ['abn', 'paymentMethod']],
  ])('%j → %j', (input, fields) => expect(paymentDetailsProblems(input).map((problem) => problem.field)).toEqual(fields));
});

describe('maskedBankDetails', () => {
  it.each([
    ['062000', '12345678', 'BSB 062-***, account ****678'],
    ['062-000', '123456', 'BSB 062-***, account ****456'],
  ])('%s %s → %s', (bsb, account, masked) => expect(maskedBankDetails(bsb, account)).toBe(masked));
});

describe('GST on an RCTI', () => {
  it.each([
    [8_000, true, 727],
    [8_000, false, 0],
    [40_000, true, 3_636],
    [48_000, true, 4_364],
    [11, true, 1],
    [5, true, 0],
  ])('%i cents, registered %s → GST %i cents', (amount, registered, gst) => expect(rctiGstCents(amount, registered)).toBe(gst));
});

describe('who can be paid', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const ready: PayeeState = {
    abn: '51824753556',
    supplierStatement: false,
    rctiAcceptedAt: new Date('2026-11-01T00:00:00Z'),
    paymentMethod: 'direct_deposit',
    hasBankDetails: true,
    postalAddress: null,
    bankDetailsChangedAt: new Date('2026-11-20T00:00:00Z'),
  };
  it.each([
    ['ready', ready, []],
    ['no ABN', { ...ready, abn: null }, ['no_abn']],
    ['no ABN, Statement by a Supplier on file', { ...ready, abn: null, supplierStatement: true }, []],
    ['RCTI not accepted', { ...ready, rctiAcceptedAt: null }, ['no_rcti']],
    ['no bank details', { ...ready, hasBankDetails: false }, ['no_bank_details']],
    ['cheque without an address', { ...ready, paymentMethod: 'cheque' as const, hasBankDetails: false }, ['no_postal_address']],
    ['cheque with an address', { ...ready, paymentMethod: 'cheque' as const, hasBankDetails: false, postalAddress: 'PO Box 1, Parramatta NSW 2150' }, []],
    ['bank details changed 47 h ago', { ...ready, bankDetailsChangedAt: new Date(now.getTime() - 47 * 3_600_000) }, ['bank_change_hold']],
    ['bank details changed 48 h ago', { ...ready, bankDetailsChangedAt: new Date(now.getTime() - 48 * 3_600_000) }, []],
    ['everything missing', { ...ready, abn: null, rctiAcceptedAt: null, hasBankDetails: false, paymentMethod: null }, ['no_abn', 'no_rcti', 'no_bank_details']],
  ])('%s → %j', (_name, payee, reasons) => expect(cannotBePaidReasons(payee, now)).toEqual(reasons));
});
