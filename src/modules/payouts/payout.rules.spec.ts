import type { PayeeReason, PaymentMethod } from '@relining/contracts/payout-rules';
import { endOfDayIn, inAbaFile, paidWhenMarked, planRun, rctiNumber, runNumber, runWarnings, type RunPayee } from './payout.rules.js';

const payee = (plumberId: string, overrides: Partial<RunPayee> = {}): RunPayee => ({
  plumberId,
  name: `Plumber ${plumberId}`,
  paymentMethod: 'direct_deposit',
  postalAddress: null,
  reasons: [],
  ...overrides,
});

const entry = (entryId: string, plumberId: string, amountCents: number) => ({ entryId, plumberId, amountCents });

describe('planRun: who goes into a new payout run', () => {
  it.each<[string, RunPayee | undefined, number[], 'in' | string[]]>([
    ['can be paid', payee('p'), [8_000, 40_000], 'in'],
    ['paid by cheque with an address', payee('p', { paymentMethod: 'cheque', postalAddress: '1 Main St, Perth WA 6000' }), [8_000], 'in'],
    ['no ABN (47% withholding)', payee('p', { reasons: ['no_abn'] }), [8_000], ['no_abn']],
    ['RCTI agreement not accepted', payee('p', { reasons: ['no_rcti'] }), [8_000], ['no_rcti']],
    ['held after a change of bank details', payee('p', { reasons: ['bank_change_hold'] }), [8_000], ['bank_change_hold']],
    ['a refund adjustment settled against earnings', payee('p'), [8_000, -8_000], ['nothing_to_pay']],
    ['more refunded than earned', payee('p'), [-40_000, 8_000], ['nothing_to_pay']],
    ['several reasons, in order', payee('p', { reasons: ['no_abn', 'no_rcti'] }), [-8_000], ['no_abn', 'no_rcti', 'nothing_to_pay']],
    ['no account details at all', undefined, [8_000], ['no_abn', 'no_rcti', 'no_bank_details']],
  ])('%s', (_case, who, amounts, expected) => {
    const plan = planRun(
      amounts.map((amount, index) => entry(`e${index}`, 'p', amount)),
      new Map(who ? [['p', who]] : []),
    );
    if (expected === 'in') {
      expect(plan.excluded).toEqual([]);
      expect(plan.included).toEqual([{ plumberId: 'p', entryIds: amounts.map((_, index) => `e${index}`), totalCents: amounts.reduce((a, b) => a + b, 0) }]);
    } else {
      expect(plan.included).toEqual([]);
      expect(plan.excluded).toEqual([expect.objectContaining({ plumberId: 'p', reasons: expected, entryCount: amounts.length })]);
    }
  });

  it('groups entries per plumber and keeps the others in', () => {
    const plan = planRun(
      [entry('a1', 'a', 8_000), entry('b1', 'b', 8_000), entry('a2', 'a', 40_000)],
      new Map([
        ['a', payee('a')],
        ['b', payee('b', { reasons: ['no_abn'] })],
      ]),
    );
    expect(plan.included).toEqual([{ plumberId: 'a', entryIds: ['a1', 'a2'], totalCents: 48_000 }]);
    expect(plan.excluded.map((left) => left.plumberId)).toEqual(['b']);
  });
});

describe('paidWhenMarked: who a run pays when it is marked paid', () => {
  const none = { downloaded: false, plumberIds: new Set<string>() };
  const fileWith = (...ids: string[]) => ({ downloaded: true, plumberIds: new Set(ids) });
  it.each<[string, PaymentMethod | null, PayeeReason[], typeof none, boolean]>([
    ['direct deposit, no file downloaded, payable', 'direct_deposit', [], none, true],
    ['direct deposit, no file downloaded, held', 'direct_deposit', ['bank_change_hold'], none, false],
    ['direct deposit, in the file', 'direct_deposit', [], fileWith('p'), true],
    ['direct deposit, in the file, held since (the bank already paid)', 'direct_deposit', ['bank_change_hold'], fileWith('p'), true],
    ['direct deposit, left out of the file', 'direct_deposit', [], fileWith('other'), false],
    ['cheque, payable', 'cheque', [], fileWith('other'), true],
    ['cheque, no address', 'cheque', ['no_postal_address'], none, false],
    ['no method', null, [], none, false],
  ])('%s', (_case, paymentMethod, reasons, file, expected) => {
    expect(paidWhenMarked(payee('p', { paymentMethod, reasons }), file)).toBe(expected);
  });
});

describe('inAbaFile', () => {
  it.each<[PaymentMethod | null, PayeeReason[], boolean]>([
    ['direct_deposit', [], true],
    ['direct_deposit', ['bank_change_hold'], false],
    ['cheque', [], false],
    [null, [], false],
  ])('%s with %j → %s', (paymentMethod, reasons, expected) => {
    expect(inAbaFile(payee('p', { paymentMethod, reasons }))).toBe(expected);
  });
});

describe('runWarnings', () => {
  it('lists who was left out, then what stops a payee now, then cheque payees', () => {
    const warnings = runWarnings(
      [{ plumberId: 'x', plumberName: 'Xavier', amountCents: 8_000, entryCount: 1, reasons: ['no_abn'] }],
      [
        payee('h', { name: 'Hana', reasons: ['bank_change_hold'] }),
        payee('c', { name: 'Chris', paymentMethod: 'cheque', postalAddress: 'PO Box 1, Hobart TAS 7000' }),
        payee('ok'),
      ],
    );
    expect(warnings).toEqual([
      { plumberId: 'x', plumberName: 'Xavier', code: 'no_abn', text: 'No ABN: 47% withholding applies', excluded: true },
      { plumberId: 'h', plumberName: 'Hana', code: 'bank_change_hold', text: 'Bank details changed in the last 48 hours', excluded: false },
      { plumberId: 'c', plumberName: 'Chris', code: 'cheque', text: 'Paid by cheque: post it to PO Box 1, Hobart TAS 7000', excluded: false },
    ]);
  });
});

describe('numbers', () => {
  it.each([
    [1, 'PR-0001', 'RCTI-000001'],
    [123, 'PR-0123', 'RCTI-000123'],
    [12345, 'PR-12345', 'RCTI-012345'],
  ])('%i → %s, %s', (number, run, rcti) => {
    expect(runNumber(number)).toBe(run);
    expect(rctiNumber(number)).toBe(rcti);
  });
});

describe('endOfDayIn', () => {
  it.each([
    ['2026-11-26', 'Australia/Melbourne', '2026-11-26T13:00:00.000Z'],
    ['2026-06-30', 'Australia/Perth', '2026-06-30T16:00:00.000Z'],
    ['2026-12-31', 'Australia/Sydney', '2026-12-31T13:00:00.000Z'],
  ])('%s in %s ends at %s', (day, zone, iso) => {
    expect(endOfDayIn(day, zone)?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '26/11/2026', '', '2026-13-01'])('refuses %j', (day) => {
    expect(endOfDayIn(day, 'Australia/Melbourne')).toBeNull();
  });
});
