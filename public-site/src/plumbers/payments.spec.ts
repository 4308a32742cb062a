import { describe, expect, it } from '@jest/globals';
import type { PaymentDetails, PlumberPayout } from '@relining/contracts/api/payouts';
import { BANK_CHANGE_HOLD_HOURS, PAYOUT_MESSAGES } from '@relining/contracts/payout-rules';
import {
  abnAsTyped,
  accountNumberAsTyped,
  accountSectionFor,
  apiPathOf,
  BANK_CHANGE_NOTE,
  bsbAsTyped,
  caretAfterDigits,
  digitsBefore,
  heldUntilText,
  newestFirst,
  paidReferralsOf,
  paragraphsOf,
  paymentDetailsUpdateOf,
  paymentFormOf,
  paymentFormProblems,
  payoutMethodText,
  rctiFileName,
  upcomingDisplay,
  upcomingTotals,
  type PaymentFormValues,
} from './payments';

const VALID_ABN = '51 824 753 556';

function details(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    abn: null,
    gstRegistered: false,
    paymentMethod: null,
    accountName: null,
    bsbMasked: null,
    accountNumberMasked: null,
    bankDetails: null,
    postalAddress: null,
    bankDetailsChangedAt: null,
    payoutsHeldUntil: null,
    rctiAcceptedAt: null,
    supplierStatement: false,
    cannotBePaid: [],
    ...overrides,
  };
}

const onFile = details({
  abn: '51824753556',
  gstRegistered: true,
  paymentMethod: 'direct_deposit',
  accountName: 'Journey Plumbing',
  bsbMasked: '062-***',
  accountNumberMasked: '****678',
  bankDetails: 'BSB 062-***, account ****678',
});

function form(overrides: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    abn: VALID_ABN,
    gstRegistered: false,
    paymentMethod: 'direct_deposit',
    accountName: 'J Plumbing',
    bsb: '',
    accountNumber: '',
    postalAddress: '',
    ...overrides,
  };
}

describe('numbers grouped as they are typed', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['51', '51'],
    ['518', '51 8'],
    ['51824', '51 824'],
    ['518247', '51 824 7'],
    ['51824753556', VALID_ABN],
    ['51 824 753 5569', VALID_ABN],
    ['ABN: 51-824-753-556', VALID_ABN],
  ])('ABN %j → %j', (typed, shown) => expect(abnAsTyped(typed)).toBe(shown));

  it.each([
    ['', ''],
    ['062', '062'],
    ['0620', '062-0'],
    ['062000', '062-000'],
    ['062-000', '062-000'],
    ['062 0001', '062-000'],
  ])('BSB %j → %j', (typed, shown) => expect(bsbAsTyped(typed)).toBe(shown));

  it.each([
    ['12 345 678', '12345678'],
    ['1234567890', '123456789'],
    ['abc', ''],
  ])('account number %j → %j', (typed, shown) => expect(accountNumberAsTyped(typed)).toBe(shown));

  it.each([
    ['51 824', 4, 3],
    ['51 824 753', 10, 8],
    ['062-000', 3, 3],
  ])('in %j a caret at %d follows %d digits', (text, caret, count) => {
    expect(digitsBefore(text, caret)).toBe(count);
  });

  it.each([
    ['51 824', 0, 0],
    ['51 824', 2, 2],
    ['51 824', 3, 4],
    ['062-000', 4, 5],
    ['062', 9, 3],
  ])('in %j the caret after %d digits is at %d', (text, count, caret) => expect(caretAfterDigits(text, count)).toBe(caret));
});

describe('the payment details form', () => {
  it('starts from what is on file, with the BSB and account number blank (they are never sent back)', () => {
    expect(paymentFormOf(onFile)).toEqual({
      abn: VALID_ABN,
      gstRegistered: true,
      paymentMethod: 'direct_deposit',
      accountName: 'Journey Plumbing',
      bsb: '',
      accountNumber: '',
      postalAddress: '',
    });
    expect(paymentFormOf(details())).toMatchObject({ abn: '', paymentMethod: '', accountName: '' });
  });

  it.each<[string, Partial<PaymentFormValues>, PaymentDetails, Array<[string, string]>]>([
    ['complete details, keeping the stored bank numbers', {}, onFile, []],
    ['new bank numbers', { bsb: '062-000', accountNumber: '12345678' }, details(), []],
    ['no ABN (withholding applies, but it can be saved)', { abn: '', bsb: '062-000', accountNumber: '123456' }, details(), []],
    ['an ABN that fails the check', { abn: '51 824 753 557' }, onFile, [['abn', PAYOUT_MESSAGES.abn]]],
    ['no method chosen', { paymentMethod: '' }, details(), [['paymentMethod', PAYOUT_MESSAGES.method]]],
    [
      'direct deposit without bank numbers on file',
      { accountName: '' },
      details(),
      [
        ['accountName', PAYOUT_MESSAGES.accountName],
        ['bsb', PAYOUT_MESSAGES.bsb],
        ['accountNumber', PAYOUT_MESSAGES.accountNumber],
      ],
    ],
    ['a BSB typed short, though one is on file', { bsb: '062-00' }, onFile, [['bsb', PAYOUT_MESSAGES.bsb]]],
    ['an account number too long', { accountNumber: '1234567890' }, onFile, [['accountNumber', PAYOUT_MESSAGES.accountNumber]]],
    ['a cheque without a postal address', { paymentMethod: 'cheque' }, onFile, [['postalAddress', PAYOUT_MESSAGES.postalAddress]]],
    ['a cheque to an address', { paymentMethod: 'cheque', postalAddress: 'PO Box 12, Carlton VIC 3053' }, details(), []],
  ])('%s', (_, values, stored, problems) => {
    expect(paymentFormProblems(form(values), stored).map(({ field, message }) => [field, message])).toEqual(problems);
  });

  it.each<[string, Partial<PaymentFormValues>, object]>([
    [
      'direct deposit keeping the stored numbers leaves them out',
      {},
      { abn: '51824753556', gstRegistered: false, paymentMethod: 'direct_deposit', accountName: 'J Plumbing' },
    ],
    [
      'new numbers go as digits',
      { bsb: '062-000', accountNumber: '1234 5678', gstRegistered: true },
      { abn: '51824753556', gstRegistered: true, paymentMethod: 'direct_deposit', accountName: 'J Plumbing', bsb: '062000', accountNumber: '12345678' },
    ],
    [
      'a blank ABN clears it',
      { abn: '', accountName: ' J Plumbing ' },
      { abn: null, gstRegistered: false, paymentMethod: 'direct_deposit', accountName: 'J Plumbing' },
    ],
    [
      'a cheque sends its address, not the bank fields',
      { paymentMethod: 'cheque', postalAddress: ' PO Box 12, Carlton VIC 3053\n', bsb: '062-000' },
      { abn: '51824753556', gstRegistered: false, paymentMethod: 'cheque', postalAddress: 'PO Box 12, Carlton VIC 3053' },
    ],
  ])('%s', (_, values, update) => expect(paymentDetailsUpdateOf(form(values))).toEqual(update));

  it('says how long payouts are held after a change of bank details', () => {
    expect(BANK_CHANGE_NOTE).toContain(`${BANK_CHANGE_HOLD_HOURS} hours`);
  });

  it.each([
    [null, null],
    ['2026-12-02T09:41:00Z', null],
    ['2026-12-03T22:41:00Z', 'Payouts are held until Friday 4 December 2026, 9:41 am AEDT after your bank details changed.'],
  ])('payouts held until %s reads %j (on 2 December 2026)', (until, text) => {
    expect(heldUntilText({ payoutsHeldUntil: until }, new Date('2026-12-02T12:00:00Z'))).toBe(text);
  });
});

describe('the RCTI agreement and the way to fix what stops a payout', () => {
  it('splits the agreement into its paragraphs', () => {
    expect(paragraphsOf('First.\n\n1. One\n\n  \n2. Two\n')).toEqual(['First.', '1. One', '2. Two']);
  });

  it.each([
    [[{ code: 'no_rcti' }], 'rcti'],
    [[{ code: 'no_abn' }, { code: 'no_rcti' }], 'payment'],
    [[{ code: 'no_bank_details' }, { code: 'bank_change_hold' }], 'payment'],
    [[{ code: 'no_rcti' }, { code: 'bank_change_hold' }], 'rcti'],
    [[{ code: 'bank_change_hold' }], null],
    [[], null],
  ] as const)('reasons %j go to the %s section', (reasons, section) => expect(accountSectionFor(reasons)).toBe(section));
});

describe('the Payments tab', () => {
  it.each([
    [
      { state: 'approved', dueAt: '2026-12-02T01:00:00Z' },
      { status: 'Approved', tone: 'approved', due: '2 Dec 2026' },
    ],
    [
      { state: 'pending', dueAt: null },
      { status: 'Waiting for approval', tone: 'pending', due: 'Once approved' },
    ],
    [
      { state: 'approved', dueAt: null },
      { status: 'Approved', tone: 'approved', due: 'To be set' },
    ],
  ] as const)('an upcoming amount %j reads %j', (rebate, shown) => expect(upcomingDisplay(rebate)).toEqual(shown));

  it('totals the upcoming amounts by state (a refund adjustment counts against them)', () => {
    expect(
      upcomingTotals([
        { state: 'approved', amountCents: 1000 },
        { state: 'pending', amountCents: 2500 },
        { state: 'approved', amountCents: -300 },
      ]),
    ).toEqual({ approvedCents: 700, pendingCents: 2500 });
    expect(upcomingTotals([])).toEqual({ approvedCents: 0, pendingCents: 0 });
  });

  it.each([
    [{ paymentMethod: 'direct_deposit', bankDetails: 'BSB 062-***, account ****678' }, 'Direct deposit to BSB 062-***, account ****678'],
    [{ paymentMethod: 'direct_deposit', bankDetails: null }, 'Direct deposit'],
    [{ paymentMethod: 'cheque', bankDetails: null }, 'Cheque'],
    [{ paymentMethod: null, bankDetails: null }, null],
  ] as const)('a payout paid by %j reads %j', (payout, text) => expect(payoutMethodText(payout)).toBe(text));

  it("groups a payout's lines by referral, in the order they came", () => {
    const referrals: PlumberPayout['referrals'] = [
      { referralId: 'a', refNumber: 'REF-1', kind: 'cleanview', amountCents: 1000 },
      { referralId: 'b', refNumber: 'REF-2', kind: 'reline', amountCents: 5000 },
      { referralId: 'a', refNumber: 'REF-1', kind: 'reline', amountCents: 4000 },
      { referralId: 'a', refNumber: 'REF-1', kind: 'adjustment', amountCents: -500 },
    ];
    expect(paidReferralsOf({ referrals })).toEqual([
      {
        referralId: 'a',
        refNumber: 'REF-1',
        parts: [
          { kind: 'cleanview', label: 'Clean & View', amountCents: 1000 },
          { kind: 'reline', label: 'Reline', amountCents: 4000 },
          { kind: 'adjustment', label: 'Adjustment', amountCents: -500 },
        ],
        totalCents: 4500,
      },
      { referralId: 'b', refNumber: 'REF-2', parts: [{ kind: 'reline', label: 'Reline', amountCents: 5000 }], totalCents: 5000 },
    ]);
    expect(paidReferralsOf({ referrals: [] })).toEqual([]);
  });

  it('lists payouts newest first', () => {
    const payouts = [{ paidAt: '2026-10-01T00:00:00Z' }, { paidAt: '2026-12-01T00:00:00Z' }, { paidAt: '2026-11-01T00:00:00Z' }];
    expect(newestFirst(payouts).map(({ paidAt }) => paidAt.slice(0, 7))).toEqual(['2026-12', '2026-11', '2026-10']);
  });

  it.each([
    ['RCTI-000123', 'RCTI-000123.pdf'],
    [' RCTI/2026 #7 ', 'RCTI-2026-7.pdf'],
    ['', 'RCTI.pdf'],
  ])('saves the RCTI %j as %j', (number, name) => expect(rctiFileName(number)).toBe(name));

  it.each([
    ['/api/me/payouts/7f1c/rcti.pdf', '/me/payouts/7f1c/rcti.pdf'],
    ['/apiary/x.pdf', null],
    ['https://elsewhere.example/api/x.pdf', null],
  ])('fetches %s through the session as %j', (url, path) => expect(apiPathOf(url)).toBe(path));
});
