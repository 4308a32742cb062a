import type { PayoutBankSettings } from '@relining/contracts/api/payouts';
import { abaText, buildAbaFile, parseAbaFile, type AbaFileInput, type AbaPayment } from './aba-file.js';

const SETTINGS: PayoutBankSettings = {
  bankMnemonic: 'cba',
  bsb: '062-000',
  accountNumber: '12345678',
  accountName: 'Pipe Relining Australia',
  apcaUserId: '301500',
  remitterName: 'PIPE RELINING',
  balancingRecord: false,
};

function payment(overrides: Partial<AbaPayment> = {}): AbaPayment {
  return { bsb: '083-004', accountNumber: '987654321', accountName: 'Sam Plumber', amountCents: 48_000, reference: 'RCTI-000123', ...overrides };
}

function abaInput(overrides: Partial<AbaFileInput> = {}): AbaFileInput {
  return {
    settings: SETTINGS,
    processingDate: new Date('2026-11-25T22:30:00Z'), // 26 November in Sydney
    timeZone: 'Australia/Sydney',
    description: 'REBATES',
    payments: [
      payment(),
      payment({ bsb: '732 001', accountNumber: '004567', accountName: 'Alex Drains Pty Ltd', amountCents: 12_050, reference: 'RCTI-000124' }),
    ],
    ...overrides,
  };
}

/** The record's text from `from` to `to`, 1-based and inclusive, as the APCA specification numbers positions. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
const linesOf = (file: string) => file.split('\r\n').slice(0, -1);

describe('buildAbaFile', () => {
  it('writes records of exactly 120 characters, each ended by CR LF (the last one too), and nothing else', () => {
    const sut = buildAbaFile(abaInput());

    expect(sut.endsWith('\r\n')).toBe(true);
    expect(sut.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(sut);
    expect(lines.map((line) => line.length)).toEqual([120, 120, 120, 120]);
    expect(lines.map((line) => line[0])).toEqual(['0', '1', '1', '7']);
    expect(sut).toMatch(/^[\x20-\x7e\r\n]*$/);
  });

  describe('the descriptive record (type 0)', () => {
    const header = linesOf(buildAbaFile(abaInput()))[0]!;

    it.each([
      ['record type', 1, 1, '0'],
      ['blank', 2, 18, ' '.repeat(17)],
      ['reel sequence number', 19, 20, '01'],
      ["the bank's mnemonic, in capitals", 21, 23, 'CBA'],
      ['blank', 24, 30, ' '.repeat(7)],
      ["user name: the business's account name, left-justified", 31, 56, 'Pipe Relining Australia   '],
      ['APCA user id', 57, 62, '301500'],
      ['description, left-justified', 63, 74, 'REBATES     '],
      ['processing date, DDMMYY in the zone', 75, 80, '261126'],
      ['blank', 81, 120, ' '.repeat(40)],
    ])('%s at %i–%i', (_field, from, to, expected) => {
      expect(at(header, from, to)).toBe(expected);
    });

    it.each([
      // 14:30 UTC is 01:30 the next day in Sydney (daylight time) and 22:30 the same day in Perth.
      ['2026-11-25T14:30:00Z', 'Australia/Sydney', '261126'],
      ['2026-11-25T14:30:00Z', 'Australia/Perth', '251126'],
      ['2027-01-04T23:00:00Z', 'Australia/Melbourne', '050127'],
    ])('processing date %s in %s is %s', (instant, timeZone, expected) => {
      const sut = buildAbaFile(abaInput({ processingDate: new Date(instant), timeZone }));

      expect(parseAbaFile(sut).header.processingDate).toBe(expected);
    });

    it('pads a short APCA user id with zeros', () => {
      const sut = buildAbaFile(abaInput({ settings: { ...SETTINGS, apcaUserId: '000042' } }));

      expect(parseAbaFile(sut).header.userId).toBe('000042');
    });
  });

  describe('a detail record (type 1)', () => {
    const detail = linesOf(buildAbaFile(abaInput()))[2]!;

    it.each([
      ['record type', 1, 1, '1'],
      ['BSB as NNN-NNN', 2, 8, '732-001'],
      ['account number, right-justified, blank-filled', 9, 17, '   004567'],
      ['indicator (none)', 18, 18, ' '],
      ['transaction code 50 (credit)', 19, 20, '50'],
      ['amount in cents, zero-filled', 21, 30, '0000012050'],
      ['account title, left-justified', 31, 62, 'Alex Drains Pty Ltd'.padEnd(32)],
      ['lodgement reference', 63, 80, 'RCTI-000124'.padEnd(18)],
      ["trace BSB: the business's", 81, 87, '062-000'],
      ["trace account: the business's, right-justified", 88, 96, ' 12345678'],
      ['remitter name', 97, 112, 'PIPE RELINING   '],
      ['withholding amount (none)', 113, 120, '00000000'],
    ])('%s at %i–%i', (_field, from, to, expected) => {
      expect(at(detail, from, to)).toBe(expected);
    });

    it.each([
      ['062-000', '062-000'],
      ['062000', '062-000'],
      ['062 000', '062-000'],
      [' 062 - 000 ', '062-000'],
    ])('writes the BSB %j as %s', (bsb, expected) => {
      const sut = parseAbaFile(buildAbaFile(abaInput({ payments: [payment({ bsb })] })));

      expect(sut.records[0]!.bsb).toBe(expected);
    });

    it('writes an account number typed with spaces as its digits', () => {
      const sut = parseAbaFile(buildAbaFile(abaInput({ payments: [payment({ accountNumber: '1234 5678' })] })));

      expect(sut.records[0]!.accountNumber).toBe('12345678');
    });
  });

  describe('the file total record (type 7)', () => {
    it.each([
      ['record type', 1, 1, '7'],
      ['BSB filler', 2, 8, '999-999'],
      ['blank', 9, 20, ' '.repeat(12)],
      ['net total', 21, 30, '0000060050'],
      ['credit total', 31, 40, '0000060050'],
      ['debit total', 41, 50, '0000000000'],
      ['blank', 51, 74, ' '.repeat(24)],
      ['count of type 1 records', 75, 80, '000002'],
      ['blank', 81, 120, ' '.repeat(40)],
    ])('%s at %i–%i', (_field, from, to, expected) => {
      const footer = linesOf(buildAbaFile(abaInput())).at(-1)!;

      expect(at(footer, from, to)).toBe(expected);
    });

    it('totals the detail records and counts them', () => {
      const payments = [29, 57, 115, 48_000, 24_000, 1].map((amountCents, index) => payment({ amountCents, reference: `RCTI-00010${index}` }));
      const sut = parseAbaFile(buildAbaFile(abaInput({ payments })));

      const sum = sut.records.reduce((total, record) => total + record.amountCents, 0);
      expect(sut.footer).toEqual({ bsb: '999-999', netTotalCents: sum, creditTotalCents: sum, debitTotalCents: 0, count: 6 });
      expect(sum).toBe(72_202);
    });
  });

  describe('with a balancing record', () => {
    const balanced = abaInput({ settings: { ...SETTINGS, balancingRecord: true } });

    it("ends the details with one debit (code 13) of the total from the business's own account, so the file nets to zero", () => {
      const sut = parseAbaFile(buildAbaFile(balanced));

      expect(sut.records).toHaveLength(3);
      expect(sut.records.at(-1)).toEqual({
        type: '1',
        bsb: '062-000',
        accountNumber: '12345678',
        indicator: ' ',
        transactionCode: 13,
        amountCents: 60_050,
        accountTitle: 'Pipe Relining Australia',
        reference: 'REBATES',
        traceBsb: '062-000',
        traceAccountNumber: '12345678',
        remitterName: 'PIPE RELINING',
        withholdingCents: 0,
      });
      expect(sut.footer).toEqual({ bsb: '999-999', netTotalCents: 0, creditTotalCents: 60_050, debitTotalCents: 60_050, count: 3 });
    });

    it('keeps every record 120 characters', () => {
      expect(linesOf(buildAbaFile(balanced)).every((line) => line.length === 120)).toBe(true);
    });
  });

  describe('text a bank file cannot hold', () => {
    it.each([
      ['Zoë Müller-Lüdenscheidt', 'Zoe Muller-Ludenscheidt'],
      ['Seán O’Brien & Søn', "Sean O'Brien & Son"],
      ['Straße – Plumbing', 'Strasse - Plumbing'],
      ['Best Drains 🚽🔧 Pty Ltd', 'Best Drains Pty Ltd'],
      ['Line\r\nbreak\tand tab', 'Line break and tab'],
      ['"Quoted" <name>; #1 @ 100%', 'Quoted name 1 100'],
      ['Ｆｕｌｌｗｉｄｔｈ', 'Fullwidth'],
      ['A very long account name that goes past thirty-two characters', 'A very long account name that go'],
      ['Abcdefghij Abcdefghij Abcdefghi Abc', 'Abcdefghij Abcdefghij Abcdefghi'],
    ])('account name %j is written %j', (accountName, expected) => {
      const file = buildAbaFile(abaInput({ payments: [payment({ accountName })] }));
      const sut = parseAbaFile(file);

      expect(sut.records[0]!.accountTitle).toBe(expected);
      expect(linesOf(file).every((line) => line.length === 120)).toBe(true);
    });

    it('cuts the reference to 18 characters and the remitter to 16, and cleans them the same way', () => {
      const file = buildAbaFile(
        abaInput({
          settings: { ...SETTINGS, remitterName: 'Pipe Relining Australia Pty Ltd' },
          payments: [payment({ reference: 'PR-0001 REBATES — November 2026' })],
        }),
      );
      const sut = parseAbaFile(file);

      expect(sut.records[0]!.reference).toBe('PR-0001 REBATES -');
      expect(sut.records[0]!.remitterName).toBe('Pipe Relining Au');
    });

    it('cuts the user name to 26 characters and the description to 12', () => {
      const sut = parseAbaFile(
        buildAbaFile(abaInput({ settings: { ...SETTINGS, accountName: 'Pipe Relining Australia Pty Ltd' }, description: 'REBATES NOVEMBER' })),
      );

      expect(sut.header.userName).toBe('Pipe Relining Australia Pt');
      expect(sut.header.description).toBe('REBATES NOVE');
    });
  });

  describe('amounts', () => {
    // Each is a sum of cents a float of dollars gets wrong (0.29 * 100 is 28.999…, 0.1 + 0.2 is 0.300…04).
    it.each([1, 29, 57, 115, 1_005, 2_675, 80_285, 123_456_789, 9_999_999_999])('%i cents are written as exactly that many', (amountCents) => {
      const sut = parseAbaFile(buildAbaFile(abaInput({ payments: [payment({ amountCents })] })));

      expect(sut.records[0]!.amountCents).toBe(amountCents);
      expect(sut.footer.creditTotalCents).toBe(amountCents);
      expect(sut.footer.netTotalCents).toBe(amountCents);
    });

    it('totals a run of 20,000 payments exactly', () => {
      // Amounts whose dollars are not exact in binary, and a few large ones.
      const tricky = [29, 57, 115, 10, 20, 30, 1_005, 48_000, 24_001, 33_333, 99_999, 7];
      const payments = Array.from({ length: 20_000 }, (_, index) =>
        payment({ amountCents: tricky[index % tricky.length]! + (index % 97) * 101, reference: `RCTI-${String(index).padStart(6, '0')}` }),
      );
      const expected = payments.reduce((total, each) => total + each.amountCents, 0);
      const file = buildAbaFile(abaInput({ payments, settings: { ...SETTINGS, balancingRecord: true } }));
      const sut = parseAbaFile(file);

      expect(sut.records).toHaveLength(20_001);
      expect(sut.records.slice(0, -1).map((record) => record.amountCents)).toEqual(payments.map((each) => each.amountCents));
      expect(sut.footer).toEqual({ bsb: '999-999', netTotalCents: 0, creditTotalCents: expected, debitTotalCents: expected, count: 20_001 });
      expect(sut.records.at(-1)!.amountCents).toBe(expected);
    });
  });

  describe('refuses what must not reach a bank', () => {
    it.each<[string, Partial<AbaPayment>]>([
      ['a BSB of five digits', { bsb: '06200' }],
      ['a BSB with letters', { bsb: '062-00A' }],
      ['an account number of five digits', { accountNumber: '12345' }],
      ['an account number of ten digits', { accountNumber: '1234567890' }],
      ['an account number with letters', { accountNumber: '12345X78' }],
      ['an amount of nothing', { amountCents: 0 }],
      ['a negative amount', { amountCents: -100 }],
      ['a fraction of a cent', { amountCents: 100.5 }],
      ['an amount that is not a number', { amountCents: Number.NaN }],
      ['an amount wider than the field', { amountCents: 10_000_000_000 }],
      ['an account name with nothing printable', { accountName: '王伟 🚽' }],
    ])('%s', (_case, overrides) => {
      expect(() => buildAbaFile(abaInput({ payments: [payment(), payment(overrides)] }))).toThrow(/^ABA file: payment 2\b/);
    });

    it.each<[string, Partial<PayoutBankSettings>]>([
      ['a bank of two letters', { bankMnemonic: 'CB' }],
      ['a business BSB that is not six digits', { bsb: '06200' }],
      ['a business account number that is not 6 to 9 digits', { accountNumber: '123' }],
      ['an APCA user id that is not six digits', { apcaUserId: '12345' }],
      ['a blank account name', { accountName: '  ' }],
      ['a blank remitter name', { remitterName: '' }],
    ])("the business's settings with %s", (_case, overrides) => {
      expect(() => buildAbaFile(abaInput({ settings: { ...SETTINGS, ...overrides } }))).toThrow(/^ABA file: /);
    });

    it('a file with no payment, or a blank description', () => {
      expect(() => buildAbaFile(abaInput({ payments: [] }))).toThrow('ABA file: there is no payment to write');
      expect(() => buildAbaFile(abaInput({ description: ' ' }))).toThrow(/^ABA file: the description/);
    });

    it('a total wider than the totals field', () => {
      const payments = [payment({ amountCents: 9_000_000_000 }), payment({ amountCents: 1_000_000_000 })];

      expect(() => buildAbaFile(abaInput({ payments }))).toThrow(/split the run/);
    });
  });
});

describe('abaText', () => {
  it.each<[string, number, string]>([
    ['Plain Name', 32, 'Plain Name'],
    ['  padded   out  ', 32, 'padded out'],
    ['Ångström', 32, 'Angstrom'],
    ['Ølstykke Æble Łódź', 32, 'Olstykke AEble Lodz'],
    ['王伟', 32, ''],
    ['abcdefghij klm', 11, 'abcdefghij'],
  ])('%j in %i characters is %j', (text, width, expected) => {
    expect(abaText(text, width)).toBe(expected);
  });
});

describe('parseAbaFile', () => {
  it.each([
    ['a short record', (file: string) => file.replace('REBATES ', 'REBATES')],
    ['no totals record', (file: string) => file.split('\r\n').slice(0, -2).join('\r\n')],
    ['an amount with a space', (file: string) => file.replace('0000012050', '000001205 ')],
  ])('refuses a file with %s', (_case, spoil) => {
    expect(() => parseAbaFile(spoil(buildAbaFile(abaInput())))).toThrow();
  });
});
