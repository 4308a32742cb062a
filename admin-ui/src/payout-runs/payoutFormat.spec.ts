import { describe, expect, it } from '@jest/globals';
import {
  abnText,
  entryIdsWithout,
  groupWarnings,
  isHeld,
  markPaidText,
  payeeDestination,
  payeeStanding,
  payeeTotals,
  paymentMethodLabel,
  payoutRunPage,
  payoutRunPath,
  runStatusLabel,
  type PayoutPayee,
  type PayoutRunEntry,
  type PayoutRunStatus,
  type PayoutWarning,
} from './payoutFormat';

const payee = (overrides: Partial<PayoutPayee> = {}): PayoutPayee => ({
  plumberId: 'p1',
  plumberName: 'Sam Pipe',
  businessName: 'Pipe Co',
  email: 'sam@example.com.au',
  abn: '51824753556',
  gstRegistered: true,
  paymentMethod: 'direct_deposit',
  bankDetails: 'BSB 062-***, account ****678',
  postalAddress: null,
  amountCents: 11_000,
  gstCents: 1_000,
  entryCount: 2,
  payable: true,
  reasons: [],
  inFile: false,
  rctiNumber: null,
  rctiUrl: null,
  paid: false,
  ...overrides,
});

const warning = (overrides: Partial<PayoutWarning> = {}): PayoutWarning => ({
  plumberId: 'p1',
  plumberName: 'Sam Pipe',
  code: 'no_rcti',
  text: 'RCTI agreement not accepted',
  excluded: true,
  ...overrides,
});

const entry = (entryId: string, plumberId: string): PayoutRunEntry => ({
  entryId,
  plumberId,
  referralId: `r-${entryId}`,
  refNumber: `REF-${entryId}`,
  kind: 'cleanview',
  amountCents: 5_500,
  dueAt: null,
});

describe('payout run words', () => {
  it.each([
    ['draft', 'Draft'],
    ['paid', 'Paid'],
    ['cancelled', 'Cancelled'],
    ['something new', 'something new'],
  ])('status %s reads %j', (status, label) => {
    expect(runStatusLabel(status)).toBe(label);
  });

  it.each([
    ['direct_deposit', 'Direct deposit'],
    ['cheque', 'Cheque'],
    [null, 'Not chosen yet'],
  ] as const)('method %j reads %j', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });

  it.each([
    ['51824753556', '51 824 753 556'],
    ['51 824 753 556', '51 824 753 556'],
    [null, 'No ABN'],
    ['', 'No ABN'],
    ['  ', 'No ABN'],
  ])('ABN %j reads %j', (abn, text) => {
    expect(abnText(abn)).toBe(text);
  });

  it.each([
    ['abc/1', '/admin/payout-runs/abc%2F1', '/payout-runs/abc%2F1/show'],
    ['7f3c', '/admin/payout-runs/7f3c', '/payout-runs/7f3c/show'],
  ])('run %j lives at %s and %s', (id, api, page) => {
    expect(payoutRunPath(id)).toBe(api);
    expect(payoutRunPage(id)).toBe(page);
  });
});

describe('payeeDestination: where the money goes, masked', () => {
  it.each([
    [{ paymentMethod: 'direct_deposit' }, { text: 'BSB 062-***, account ****678', missing: false }],
    [
      { paymentMethod: 'direct_deposit', bankDetails: null },
      { text: 'No bank details', missing: true },
    ],
    [
      { paymentMethod: 'cheque', postalAddress: 'PO Box 12, Carlton VIC 3053' },
      { text: 'PO Box 12, Carlton VIC 3053', missing: false },
    ],
    [
      { paymentMethod: 'cheque', postalAddress: '   ' },
      { text: 'No postal address', missing: true },
    ],
    [
      { paymentMethod: 'cheque', postalAddress: null },
      { text: 'No postal address', missing: true },
    ],
    [
      { paymentMethod: null, bankDetails: null },
      { text: 'No payment details yet', missing: true },
    ],
  ] as const)('%j → %j', (overrides, expected) => {
    expect(payeeDestination(payee(overrides))).toEqual(expected);
  });
});

describe('groupWarnings: left out of the run, then in it, one group per plumber', () => {
  it.each([
    ['no warnings', [], { leftOut: [], inRun: [] }],
    ['one left out', [warning()], { leftOut: [{ plumberId: 'p1', plumberName: 'Sam Pipe', texts: ['RCTI agreement not accepted'] }], inRun: [] }],
    [
      'a plumber with two reasons, and a cheque payee in the run',
      [
        warning(),
        warning({ plumberId: 'p2', plumberName: 'Alex Drain', code: 'cheque', text: 'Pay by cheque', excluded: false }),
        warning({ code: 'no_abn', text: 'No ABN: 47% withholding applies' }),
      ],
      {
        leftOut: [{ plumberId: 'p1', plumberName: 'Sam Pipe', texts: ['RCTI agreement not accepted', 'No ABN: 47% withholding applies'] }],
        inRun: [{ plumberId: 'p2', plumberName: 'Alex Drain', texts: ['Pay by cheque'] }],
      },
    ],
    [
      'the same text twice is listed once',
      [warning({ excluded: false }), warning({ excluded: false })],
      { leftOut: [], inRun: [{ plumberId: 'p1', plumberName: 'Sam Pipe', texts: ['RCTI agreement not accepted'] }] },
    ],
    [
      'two plumbers of one name stay apart (by id), in the order given',
      [warning({ plumberId: 'b' }), warning({ plumberId: 'a' })],
      {
        leftOut: [
          { plumberId: 'b', plumberName: 'Sam Pipe', texts: ['RCTI agreement not accepted'] },
          { plumberId: 'a', plumberName: 'Sam Pipe', texts: ['RCTI agreement not accepted'] },
        ],
        inRun: [],
      },
    ],
  ])('%s', (_name, warnings, expected) => {
    expect(groupWarnings(warnings)).toEqual(expected);
  });
});

describe("payeeStanding: a payee's chips", () => {
  const held = { code: 'bank_change_hold' as const, text: 'Bank details changed in the last 48 hours' };
  const noRcti = { code: 'no_rcti' as const, text: 'RCTI agreement not accepted' };
  it.each<[PayoutRunStatus, Partial<PayoutPayee>, ReturnType<typeof payeeStanding>]>([
    ['draft', {}, { labels: ['Can be paid'], tone: 'success' }],
    ['draft', { payable: false, reasons: [noRcti, held] }, { labels: [noRcti.text, held.text], tone: 'warning' }],
    ['paid', { paid: true }, { labels: ['Paid'], tone: 'success' }],
    ['paid', { paid: false, payable: false, reasons: [held] }, { labels: ['Not paid: back in the ledger'], tone: 'default' }],
    ['cancelled', {}, { labels: ['Not paid: run cancelled'], tone: 'default' }],
  ])('%s run, payee %j → %j', (status, overrides, expected) => {
    expect(payeeStanding(payee(overrides), status)).toEqual(expected);
  });
});

describe('markPaidText: what Mark paid will do', () => {
  it.each([
    [
      'two direct-deposit payees',
      [payee({ entryCount: 3 }), payee({ plumberId: 'p2', entryCount: 1 })],
      'This marks 4 rebates paid for 2 plumbers, creates their RCTIs and e-mails each a remittance advice. It cannot be undone.',
    ],
    [
      'one payee, one rebate',
      [payee({ entryCount: 1 })],
      'This marks 1 rebate paid for 1 plumber, creates their RCTIs and e-mails each a remittance advice. It cannot be undone.',
    ],
    [
      'a cheque payee and one who cannot be paid',
      [payee(), payee({ plumberId: 'p2', paymentMethod: 'cheque', entryCount: 1 }), payee({ plumberId: 'p3', payable: false, entryCount: 5 })],
      'This marks 3 rebates paid for 2 plumbers, creates their RCTIs and e-mails each a remittance advice. 1 plumber paid by cheque is not in the ABA file: post the cheques yourself. The rebates of 1 plumber who cannot be paid yet stay approved for a later run. It cannot be undone.',
    ],
    ['no one can be paid', [payee({ payable: false })], 'No one in this run can be paid now: fix the problems listed, or leave them out of the run.'],
  ])('%s', (_name, payees, text) => {
    expect(markPaidText({ payees })).toBe(text);
  });
});

describe('run arithmetic', () => {
  it.each([
    [[], { amountCents: 0, gstCents: 0, entryCount: 0 }],
    [[payee(), payee({ amountCents: 5_000, gstCents: 0, entryCount: 1 })], { amountCents: 16_000, gstCents: 1_000, entryCount: 3 }],
  ])('totals of %j', (payees, totals) => {
    expect(payeeTotals(payees)).toEqual(totals);
  });

  it.each([
    ['p1', ['e2', 'e4']],
    ['p2', ['e1', 'e3', 'e4']],
    ['nobody', ['e1', 'e2', 'e3', 'e4']],
  ])('leaving %s out keeps %j', (plumberId, kept) => {
    const run = { entries: [entry('e1', 'p1'), entry('e2', 'p2'), entry('e3', 'p1'), entry('e4', 'p3')] };
    expect(entryIdsWithout(run, plumberId)).toEqual(kept);
  });

  const now = new Date('2026-11-21T00:00:00Z');
  it.each([
    [null, false],
    ['2026-11-22T00:00:00Z', true],
    ['2026-11-21T00:00:00Z', false],
    ['2026-11-20T23:00:00Z', false],
  ])('held until %j: %s', (heldUntil, held) => {
    expect(isHeld(heldUntil, now)).toBe(held);
  });
});
