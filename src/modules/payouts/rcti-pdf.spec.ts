import { pdfInfo, pdfPageCount, pdfText } from '../../../test/support/report-pdf-fixtures.js';
import { renderRctiPdf, type RctiLine, type RctiPdfInput } from './rcti-pdf.js';

const DECLARATION =
  'The recipient and the supplier declare that this agreement applies to supplies to which this tax invoice relates. The recipient can issue tax invoices in respect of these supplies. The supplier will not issue tax invoices in respect of these supplies.';
const GST_ACKNOWLEDGEMENT = 'The supplier acknowledges that it is registered for GST and that it will notify the recipient if it ceases to be registered.';
const NOT_REGISTERED = 'The supplier is not registered for GST: no GST is payable';

function rctiLine(overrides: Partial<RctiLine> = {}): RctiLine {
  return {
    refNumber: 'REF-10042',
    description: 'Clean & View referral rebate',
    milestoneAt: new Date('2026-11-02T01:00:00Z'),
    amountCents: 8_000,
    ...overrides,
  };
}

function rctiInput(overrides: Partial<RctiPdfInput> = {}): RctiPdfInput {
  return {
    rctiNumber: 'RCTI-000123',
    issuedAt: new Date('2026-11-25T22:30:00Z'), // 26 November in Sydney
    runNumber: 'PR-0001',
    recipient: {
      name: 'Pipe Relining Australia',
      abn: '12345678901',
      address: '1 Example Road, Toowong QLD 4066',
      email: 'accounts@example.com.au',
      phone: null,
    },
    supplier: { name: 'Sam Plumber', businessName: 'Sam’s Plumbing Pty Ltd', abn: '51824753556', gstRegistered: true, email: 'sam@example.com.au' },
    lines: [
      rctiLine(),
      rctiLine({ refNumber: 'REF-10057', description: 'Reline referral rebate', milestoneAt: new Date('2026-11-20T03:00:00Z'), amountCents: 40_000 }),
      rctiLine({ refNumber: 'REF-10061', description: 'Adjustment', milestoneAt: null, amountCents: -1_250 }),
    ],
    totalCents: 46_750,
    gstCents: 4_250,
    payment: { method: 'direct_deposit', bankDetails: 'BSB 062-***, account ****678', postalAddress: null },
    ...overrides,
  };
}

/** Renders uncompressed, so the text can be read back. */
const render = (input: RctiPdfInput) => renderRctiPdf(input, { compress: false });

describe('renderRctiPdf', () => {
  it('writes a complete PDF, compressed by default', async () => {
    const sut = await renderRctiPdf(rctiInput());

    expect(sut.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sut.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    expect(sut.toString('latin1')).toContain('/FlateDecode');
  });

  it('names the invoice, its number and date, the run, both parties and their ABNs, and each referral', async () => {
    const sut = pdfText(await render(rctiInput()));

    for (const expected of [
      'Recipient Created Tax Invoice',
      'RCTI-000123',
      'Date of issue'.toUpperCase(),
      '26 November 2026',
      'PR-0001',
      'Pipe Relining Australia',
      'ABN 12 345 678 901',
      '1 Example Road, Toowong QLD 4066',
      'Sam’s Plumbing Pty Ltd',
      'Sam Plumber',
      'ABN 51 824 753 556',
      'REF-10042 Clean & View referral rebate 2 Nov 2026 $80.00',
      'REF-10057 Reline referral rebate 20 Nov 2026 $400.00',
      'REF-10061 Adjustment – -$12.50',
      'Paid by Direct deposit',
      'Paid to BSB 062-***, account ****678',
    ]) {
      expect(sut).toContain(expected);
    }
    // The reader is a real check: text that is not on the invoice is not found.
    expect(sut).not.toContain('REF-99999');
    expect(sut).not.toContain('No ABN quoted');
  });

  it('for a GST-registered supplier: the total including GST, the GST, and the whole declaration', async () => {
    const sut = pdfText(await render(rctiInput()));

    expect(sut).toContain('Total (inc. GST) $467.50');
    expect(sut).toContain('GST included $42.50');
    expect(sut).toContain(`${DECLARATION} ${GST_ACKNOWLEDGEMENT}`);
    expect(sut).not.toContain(NOT_REGISTERED);
  });

  it('for a supplier not registered for GST: the total, no GST payable, and the declaration without the registration', async () => {
    const input = rctiInput({
      supplier: { name: 'Jo Tradie', businessName: null, abn: null, gstRegistered: false, email: 'jo@example.com.au' },
      gstCents: 0,
    });
    const sut = pdfText(await render(input));

    expect(sut).toContain('Jo Tradie');
    expect(sut).toContain('No ABN quoted');
    expect(sut).toContain('Total $467.50');
    expect(sut).toContain(NOT_REGISTERED);
    expect(sut).toContain(DECLARATION);
    expect(sut).not.toContain('GST included');
    expect(sut).not.toContain('Total (inc. GST)');
    expect(sut).not.toContain(GST_ACKNOWLEDGEMENT);
  });

  it('says a cheque was posted, and where', async () => {
    const sut = pdfText(await render(rctiInput({ payment: { method: 'cheque', bankDetails: null, postalAddress: 'PO Box 12, Geelong VIC 3220' } })));

    expect(sut).toContain('Paid by Cheque');
    expect(sut).toContain('Posted to PO Box 12, Geelong VIC 3220');
    expect(sut).not.toContain('Paid to');
  });

  it('prints dates in the zone it is given', async () => {
    // 14:30 UTC on 25 November is 1:30 am on the 26th in Sydney and still 10:30 pm on the 25th in Perth.
    const input = rctiInput({ issuedAt: new Date('2026-11-25T14:30:00Z') });
    const sydney = pdfText(await render(input));
    const perth = pdfText(await renderRctiPdf(input, { compress: false, timeZone: 'Australia/Perth' }));

    expect(sydney).toContain('26 November 2026');
    expect(perth).toContain('25 November 2026');
    expect(perth).not.toContain('26 November 2026');
  });

  it('sets the title and author', async () => {
    const sut = await render(rctiInput());

    expect(pdfInfo(sut, 'Title')).toBe('Recipient Created Tax Invoice RCTI-000123');
    expect(pdfInfo(sut, 'Author')).toBe('Pipe Relining Australia');
  });

  it('fits a short invoice on one page, numbered', async () => {
    const pdf = await render(rctiInput());

    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('RCTI-000123 · Recipient Created Tax Invoice · Payout run PR-0001 Page 1 of 1');
  });

  it('flows 60 lines onto further pages, repeating the header row and numbering every page', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      rctiLine({
        refNumber: `REF-${20_000 + index}`,
        // Every seventh description wraps.
        description: index % 7 === 0 ? 'Reline referral rebate for the second stage of a long job with a very long description' : 'Reline referral rebate',
      }),
    );
    const pdf = await render(rctiInput({ lines, totalCents: 480_000, gstCents: 43_636 }));
    const pages = pdfPageCount(pdf);
    const sut = pdfText(pdf);

    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page += 1) expect(sut).toContain(`Page ${page} of ${pages}`);
    expect(sut.match(/REFERRAL DESCRIPTION DATE AMOUNT/g)?.length).toBe(pages);
    for (const line of lines) expect(sut).toContain(line.refNumber);
    expect(sut).toContain(GST_ACKNOWLEDGEMENT);
  });

  it('prints what Helvetica cannot as near as it can', async () => {
    const sut = pdfText(await render(rctiInput({ supplier: { ...rctiInput().supplier, businessName: 'Ngāti Drains 🚽' } })));

    expect(sut).toContain('Ngati Drains ?');
  });
});
