import { dateFormat } from '@relining/contracts/date-format';
import { normalAccountNumber, normalBsb } from '@relining/contracts/payout-rules';
import type { PayoutBankSettings } from '@relining/contracts/api/payouts';
import ABA from 'aba-generator';

/**
 * The payout run's bank file (issue 18): an ABA (Cemtex, APCA direct entry) file of credits that
 * staff upload to the business's internet banking, which pays every plumber in one batch. Written
 * with aba-generator; this module owns what the library leaves to its caller:
 *
 * - amounts: the library takes dollars and sums them as floating point; we keep integer cents, hand
 *   it cents / 100 (exact once multiplied back and rounded, for any amount a 10-digit field holds)
 *   and give it the footer's totals worked out in cents, so no sum of 20,000 entries can drift;
 * - text: only a plain subset of the bank character set, cut to each field's width, so an account
 *   name with an accent, an emoji or a line break cannot shift the fixed-width columns;
 * - the processing date: the day in the business's zone, not the server's;
 * - line ends: every record ends with CR LF, the last one too (the banks' specifications end each
 *   record so; the library only puts CR LF between records);
 * - the last guard: a payment with a bad BSB, account or amount is refused, never written.
 */

export interface AbaPayment {
  /** Six digits, written any way ('062-000', '062 000', '062000'). */
  bsb: string;
  accountNumber: string;
  accountName: string;
  /** A positive whole number of cents. */
  amountCents: number;
  /** What the plumber's statement shows (up to 18 characters): the RCTI number, or 'PR-0001 REBATES'. */
  reference: string;
}

export interface AbaFileInput {
  settings: PayoutBankSettings;
  processingDate: Date;
  /** The processing date is the calendar day of `processingDate` in this zone (TZ_DISPLAY). */
  timeZone: string;
  /** The file's description (up to 12 characters), e.g. 'REBATES'. */
  description: string;
  payments: readonly AbaPayment[];
}

/** APCA direct entry transaction codes. */
const CREDIT = 50;
const DEBIT = 13;

/** Field widths of the APCA layout (the library cuts longer text, but after its own padding). */
const WIDTH = { userName: 26, description: 12, accountTitle: 32, reference: 18, remitter: 16 } as const;

/** The most a 10-digit amount field holds: $99,999,999.99 in cents. */
const MAX_AMOUNT_CENTS = 9_999_999_999;
/** The type 7 record counts the type 1 records in six digits. */
const MAX_RECORDS = 999_999;

export function buildAbaFile(input: AbaFileInput): string {
  const { settings } = input;
  const own = ownAccount(settings);
  const description = requiredText(input.description, WIDTH.description, 'the description');
  const remitter = requiredText(settings.remitterName, WIDTH.remitter, "the business's remitter name");
  if (input.payments.length === 0) throw new Error('ABA file: there is no payment to write');

  let creditCents = 0;
  const records: AbaTransaction[] = input.payments.map((payment, index) => {
    const which = `payment ${index + 1}`;
    const bsb = normalBsb(payment.bsb);
    if (!bsb) throw new Error(`ABA file: ${which} has no valid BSB`);
    const account = normalAccountNumber(payment.accountNumber);
    if (!account) throw new Error(`ABA file: ${which} has no valid account number`);
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0 || payment.amountCents > MAX_AMOUNT_CENTS) {
      throw new Error(`ABA file: ${which} has an amount that cannot be paid (${payment.amountCents} cents)`);
    }
    creditCents += payment.amountCents;
    return {
      bsb,
      account,
      transactionCode: CREDIT,
      amount: payment.amountCents / 100,
      accountTitle: requiredText(payment.accountName, WIDTH.accountTitle, `${which}'s account name`),
      reference: abaText(payment.reference, WIDTH.reference),
      traceBsb: own.bsb,
      traceAccount: own.account,
      remitter,
    };
  });

  // Some banks take only a self-balancing file: one debit from the business's own account for the
  // total of the credits, so the file nets to zero.
  const debitCents = settings.balancingRecord ? creditCents : 0;
  if (settings.balancingRecord) {
    records.push({
      bsb: own.bsb,
      account: own.account,
      transactionCode: DEBIT,
      amount: debitCents / 100,
      accountTitle: own.title,
      reference: description,
      traceBsb: own.bsb,
      traceAccount: own.account,
      remitter,
    });
  }
  if (creditCents > MAX_AMOUNT_CENTS) throw new Error('ABA file: the total is more than one file can hold; split the run');
  if (records.length > MAX_RECORDS) throw new Error('ABA file: more payments than one file can hold; split the run');

  const aba = new ABA({
    header: {
      bank: own.bankMnemonic,
      user: own.userName,
      userNumber: Number(own.apcaUserId),
      description,
      // A six-character string is written as it is: the day in the business's zone, not the server's.
      date: ddmmyy(input.processingDate, input.timeZone),
    },
    footer: {
      netTotal: dollars(Math.abs(creditCents - debitCents)),
      creditTotal: dollars(creditCents),
      debitTotal: dollars(debitCents),
      numberOfTransactions: String(records.length),
    },
  });
  return `${aba.generate(records)}\r\n`;
}

type AbaTransaction = Parameters<ABA['generate']>[0][number];

/** Cents as the library's dollars ('1234.57'): it multiplies by 100 and rounds, which gives the cents back exactly. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The business's account, as the header, the trace fields and the balancing record write it. */
function ownAccount(settings: PayoutBankSettings) {
  const bankMnemonic = settings.bankMnemonic.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(bankMnemonic)) throw new Error("ABA file: the business's bank is not three letters");
  const bsb = normalBsb(settings.bsb);
  if (!bsb) throw new Error("ABA file: the business's BSB is not valid");
  const account = normalAccountNumber(settings.accountNumber);
  if (!account) throw new Error("ABA file: the business's account number is not valid");
  const apcaUserId = settings.apcaUserId.trim();
  if (!/^\d{6}$/.test(apcaUserId)) throw new Error('ABA file: the APCA user id is not six digits');
  return {
    bankMnemonic,
    bsb,
    account,
    apcaUserId,
    userName: requiredText(settings.accountName, WIDTH.userName, "the business's account name"),
    title: requiredText(settings.accountName, WIDTH.accountTitle, "the business's account name"),
  };
}

/** 'DDMMYY' of the calendar day the instant falls on in the zone. */
function ddmmyy(instant: Date, timeZone: string): string {
  const parts = dateFormat('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')}${part('month')}${part('year')}`;
}

/**
 * Letters and digits, the space and a few punctuation marks: a plain subset of the direct entry
 * character set that every bank's file check passes ('O'Brien & Sons (NSW) Pty. Ltd.', 'A/C 2').
 */
const ABA_CHARACTER = /[A-Za-z0-9 &'()+,\-./]/;
/** Letters that lose nothing by being spelled in ASCII, which Unicode decomposition does not split. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '´': "'",
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
};

/**
 * Text as an ABA field can hold it, at most `width` characters: accents dropped ('Zoë' → 'Zoe'),
 * curly quotes and dashes made plain, anything else outside the character set (emoji, line breaks,
 * tabs, other scripts) a space; runs of spaces made one, and the ends trimmed.
 */
export function abaText(text: string, width: number): string {
  let out = '';
  for (const char of text.normalize('NFKD')) {
    if (/\p{M}/u.test(char)) continue;
    const plain = SPELLED[char] ?? char;
    out += [...plain].every((letter) => ABA_CHARACTER.test(letter)) ? plain : ' ';
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, width).trimEnd();
}

/** A field the layout says must not be blank (a name, the description): refused when nothing printable is left. */
function requiredText(text: string, width: number, what: string): string {
  const clean = abaText(text, width);
  if (!clean) throw new Error(`ABA file: ${what} has nothing an ABA file can hold`);
  return clean;
}

/** A type 1 record as read back. */
export interface AbaDetailRecord {
  type: '1';
  /** 'NNN-NNN' */
  bsb: string;
  accountNumber: string;
  /** ' ', or N, W, X, Y (withholding indicators). */
  indicator: string;
  transactionCode: number;
  amountCents: number;
  accountTitle: string;
  reference: string;
  traceBsb: string;
  traceAccountNumber: string;
  remitterName: string;
  withholdingCents: number;
}

export interface AbaFileContents {
  header: { reelSequence: string; bank: string; userName: string; userId: string; description: string; processingDate: string };
  records: AbaDetailRecord[];
  footer: { bsb: string; netTotalCents: number; creditTotalCents: number; debitTotalCents: number; count: number };
}

/**
 * Reads an ABA file back by the APCA positions (1-based, inclusive, as the specification lists
 * them), independently of the writer: what the tests check the written file against. Refuses a file
 * whose records are not 120 characters, or not one header, detail records and one totals record.
 */
export function parseAbaFile(text: string): AbaFileContents {
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, index) => {
    if (line.length !== 120) throw new Error(`ABA record ${index + 1} is ${line.length} characters long, not 120`);
  });
  const first = lines[0];
  const last = lines.at(-1);
  if (lines.length < 2 || !first?.startsWith('0') || !last?.startsWith('7'))
    throw new Error('An ABA file starts with a type 0 record and ends with a type 7 record');
  const field = (line: string, from: number, to: number) => line.slice(from - 1, to);
  const cents = (line: string, from: number, to: number) => {
    const digits = field(line, from, to);
    if (!/^\d+$/.test(digits)) throw new Error(`ABA amount is not digits: ${JSON.stringify(digits)}`);
    return Number(digits);
  };

  const records = lines.slice(1, -1).map((line): AbaDetailRecord => {
    if (!line.startsWith('1')) throw new Error(`ABA detail record of type ${line[0]}`);
    return {
      type: '1',
      bsb: field(line, 2, 8),
      accountNumber: field(line, 9, 17).trim(),
      indicator: field(line, 18, 18),
      transactionCode: Number(field(line, 19, 20)),
      amountCents: cents(line, 21, 30),
      accountTitle: field(line, 31, 62).trimEnd(),
      reference: field(line, 63, 80).trimEnd(),
      traceBsb: field(line, 81, 87),
      traceAccountNumber: field(line, 88, 96).trim(),
      remitterName: field(line, 97, 112).trimEnd(),
      withholdingCents: cents(line, 113, 120),
    };
  });
  return {
    header: {
      reelSequence: field(first, 19, 20),
      bank: field(first, 21, 23),
      userName: field(first, 31, 56).trimEnd(),
      userId: field(first, 57, 62),
      description: field(first, 63, 74).trimEnd(),
      processingDate: field(first, 75, 80),
    },
    records,
    footer: {
      bsb: field(last, 2, 8),
      netTotalCents: cents(last, 21, 30),
      creditTotalCents: cents(last, 31, 40),
      debitTotalCents: cents(last, 41, 50),
      count: Number(field(last, 75, 80)),
    },
  };
}
