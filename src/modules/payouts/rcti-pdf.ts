import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@relining/contracts/api/payouts';
import { dateFormat } from '@relining/contracts/date-format';
import { formatCents } from '@relining/contracts/quote-rules';
import { formatAbn } from '@relining/contracts/site-content';
import {
  BOTTOM,
  COLOUR,
  CONTENT_WIDTH,
  createPdfDocument,
  drawLetterhead,
  drawPageFooters,
  FONT,
  MARGIN,
  PdfFlow,
  printable,
  type Doc,
} from '../../common/pdf/pdf-document.js';

/**
 * The recipient-created tax invoice (RCTI) of one plumber in one payout run (issue 18): the company
 * (the recipient of the referrals) issues it, the plumber (the supplier) keeps it instead of
 * invoicing. It carries what the ATO asks of an RCTI: the words 'Recipient Created Tax Invoice', the
 * recipient's and the supplier's names and ABNs, the date of issue, what was supplied and its price,
 * the GST (or that there is none), and the parties' declaration. A4 in the product's letterhead,
 * colours and footers (common/pdf), as the inspection report prints.
 *
 * A run pays thousands of plumbers at once, so this is kept lean: text and rules only, nothing read
 * from disk, the only measuring done where a line may wrap.
 */

export interface RctiPdfInput {
  /** 'RCTI-000123' */
  rctiNumber: string;
  issuedAt: Date;
  /** 'PR-0001' */
  runNumber: string;
  /** The company. */
  recipient: { name: string; abn: string; address?: string | null; email?: string | null; phone?: string | null };
  /** The plumber. */
  supplier: { name: string; businessName: string | null; abn: string | null; gstRegistered: boolean; email: string };
  lines: RctiLine[];
  /** The sum of the lines' amounts, GST included when the supplier is registered. */
  totalCents: number;
  /** rctiGstCents(totalCents, gstRegistered): one eleventh of the total, or 0. */
  gstCents: number;
  payment: {
    method: PaymentMethod;
    /** Already masked: 'BSB 062-***, account ****678'. */
    bankDetails: string | null;
    postalAddress: string | null;
  };
}

export interface RctiLine {
  refNumber: string;
  /** 'Clean & View referral rebate', 'Reline referral rebate', 'Adjustment' */
  description: string;
  /** When the referral reached the milestone the rebate is for. */
  milestoneAt?: Date | null;
  /** Negative for an adjustment. */
  amountCents: number;
}

export interface RctiPdfOptions {
  /** false writes the page streams uncompressed, so tests can read the text; default true. */
  compress?: boolean;
  /** The zone dates are printed in; default 'Australia/Sydney'. */
  timeZone?: string;
}

const TITLE = 'Recipient Created Tax Invoice';
const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/**
 * The written agreement the ATO requires on an RCTI (or in the agreement it refers to), word for
 * word. The last sentence is the supplier's GST registration: it is left out for a plumber who is
 * not registered, whose RCTI then says no GST is payable.
 */
const DECLARATION = [
  'The recipient and the supplier declare that this agreement applies to supplies to which this tax invoice relates.',
  'The recipient can issue tax invoices in respect of these supplies.',
  'The supplier will not issue tax invoices in respect of these supplies.',
] as const;
const GST_ACKNOWLEDGEMENT = 'The supplier acknowledges that it is registered for GST and that it will notify the recipient if it ceases to be registered.';
const NOT_REGISTERED = 'The supplier is not registered for GST: no GST is payable';

export async function renderRctiPdf(input: RctiPdfInput, options: RctiPdfOptions = {}): Promise<Buffer> {
  const supplierName = input.supplier.businessName?.trim() || input.supplier.name;
  const { doc, finished } = createPdfDocument({
    compress: options.compress,
    info: {
      Title: `${TITLE} ${input.rctiNumber}`,
      Author: input.recipient.name,
      Subject: `Referral rebates paid to ${supplierName} in payout run ${input.runNumber}`,
      Creator: input.recipient.name,
      // The date of issue, not the moment of rendering: a regenerated RCTI says the same.
      CreationDate: input.issuedAt,
    },
  });

  const writer = new RctiWriter(doc, options.timeZone ?? DEFAULT_TIME_ZONE);
  writer.header(input);
  writer.parties(input);
  writer.linesTable(input.lines);
  writer.totals(input);
  writer.payment(input.payment);
  writer.declaration(input.supplier.gstRegistered);
  drawPageFooters(doc, printable(`${input.rctiNumber} · ${TITLE} · Payout run ${input.runNumber}`));
  doc.end();
  return finished;
}

/** A column of the lines table; `align` right for amounts. */
interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Lays the RCTI out top to bottom, keeping its own cursor `y` and starting a page where something would not fit. */
class RctiWriter extends PdfFlow {
  private readonly longDate: Intl.DateTimeFormat;
  private readonly shortDate: Intl.DateTimeFormat;

  constructor(doc: Doc, timeZone: string) {
    super(doc);
    this.longDate = dateFormat('en-AU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
    this.shortDate = dateFormat('en-AU', { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  }

  /** The company's letterhead, the title with the RCTI number beside it, and the invoice's facts. */
  header(input: RctiPdfInput) {
    const { doc } = this;
    const { recipient } = input;
    const contacts = [`ABN ${formatAbn(recipient.abn)}`, recipient.phone, recipient.email]
      .filter((line): line is string => Boolean(line && line.trim()))
      .map(printable);
    this.y = drawLetterhead(doc, this.y, printable(recipient.name), contacts);

    this.font(FONT.bold, 22, COLOUR.ink);
    doc.text(TITLE, MARGIN.left, this.y, { lineBreak: false });
    const number = printable(input.rctiNumber);
    this.font(FONT.bold, 9, COLOUR.navy);
    const pillWidth = doc.widthOfString(number) + 18;
    const pillX = MARGIN.left + CONTENT_WIDTH - pillWidth;
    doc
      .roundedRect(pillX, this.y + 3, pillWidth, 18, 9)
      .lineWidth(1)
      .stroke(COLOUR.navy);
    doc.text(number, pillX, this.y + 8, { width: pillWidth, align: 'center', lineBreak: false });
    this.y += 38;

    // The facts in a light box, three across.
    const facts: Array<[string, string]> = [
      ['RCTI number', number],
      ['Date of issue', this.longDate.format(input.issuedAt)],
      ['Payout run', printable(input.runNumber)],
    ];
    const padding = 12;
    const columnWidth = (CONTENT_WIDTH - padding * (facts.length + 1)) / facts.length;
    const boxHeight = 12 + 14 + padding * 2;
    doc.roundedRect(MARGIN.left, this.y, CONTENT_WIDTH, boxHeight, 6).fillAndStroke(COLOUR.surface, COLOUR.line);
    facts.forEach(([label, value], index) => {
      const x = MARGIN.left + padding + index * (columnWidth + padding);
      this.label(label, x, this.y + padding, columnWidth);
      this.font(FONT.bold, 10.5, COLOUR.ink);
      doc.text(value, x, this.y + padding + 12, { width: columnWidth, lineBreak: false });
    });
    this.y += boxHeight + 18;
  }

  /** The recipient and the supplier side by side: who they are, their ABNs and, for the supplier, GST. */
  parties(input: RctiPdfInput) {
    const { doc } = this;
    const { recipient, supplier } = input;
    const gap = 16;
    const cardWidth = (CONTENT_WIDTH - gap) / 2;
    const padding = 12;
    const textWidth = cardWidth - padding * 2;
    const business = supplier.businessName?.trim();
    const cards: Array<{ label: string; name: string; details: string[] }> = [
      {
        label: 'Recipient',
        name: printable(recipient.name),
        details: [`ABN ${formatAbn(recipient.abn)}`, recipient.address ?? ''].filter((line) => line.trim()).map(printable),
      },
      {
        label: 'Supplier',
        name: printable(business || supplier.name),
        details: [
          business ? supplier.name : '',
          supplier.abn ? `ABN ${formatAbn(supplier.abn)}` : 'No ABN quoted',
          supplier.gstRegistered ? 'Registered for GST' : 'Not registered for GST',
          supplier.email,
        ]
          .filter((line) => line.trim())
          .map(printable),
      },
    ];
    const heights = cards.map(
      (card) =>
        12 +
        this.measure(card.name, FONT.bold, 11, textWidth) +
        4 +
        card.details.reduce((sum, line) => sum + this.measure(line, FONT.regular, 9.5, textWidth) + 2, 0),
    );
    const cardHeight = Math.max(...heights) + padding * 2;
    cards.forEach((card, index) => {
      const x = MARGIN.left + index * (cardWidth + gap);
      doc.roundedRect(x, this.y, cardWidth, cardHeight, 6).lineWidth(0.75).stroke(COLOUR.line);
      doc.rect(x, this.y + 8, 3, cardHeight - 16).fill(index === 0 ? COLOUR.navy : COLOUR.orange);
      this.label(card.label, x + padding, this.y + padding, textWidth);
      this.font(FONT.bold, 11, COLOUR.ink);
      doc.text(card.name, x + padding, this.y + padding + 12, { width: textWidth });
      let lineY = doc.y + 4;
      this.font(FONT.regular, 9.5, COLOUR.muted);
      for (const line of card.details) {
        doc.text(line, x + padding, lineY, { width: textWidth });
        lineY = doc.y + 2;
      }
    });
    this.y += cardHeight + 26;
  }

  /** One row a referral rebate (or adjustment): its reference, what it is, when it was earned, the amount. */
  linesTable(lines: RctiLine[]) {
    const { doc } = this;
    const columns: Column[] = [
      { title: 'Referral', width: 96, align: 'left' },
      { title: 'Description', width: CONTENT_WIDTH - 96 - 84 - 90, align: 'left' },
      { title: 'Date', width: 84, align: 'left' },
      { title: 'Amount', width: 90, align: 'right' },
    ];
    const pad = 6;
    const size = 9;
    const headerHeight = 20;
    const descriptionWidth = columns[1]!.width - pad * 2;

    const drawHeaderRow = () => {
      doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, headerHeight).fill(COLOUR.navy);
      this.font(FONT.bold, 7.5, COLOUR.white);
      let x = MARGIN.left;
      for (const column of columns) {
        doc.text(column.title.toUpperCase(), x + pad, this.y + 7, {
          width: column.width - pad * 2,
          align: column.align,
          characterSpacing: 0.5,
          lineBreak: false,
        });
        x += column.width;
      }
      this.y += headerHeight;
    };

    this.heading('Referral rebates', headerHeight + 24, 13, 22);
    drawHeaderRow();
    this.font(FONT.regular, size, COLOUR.ink);
    const singleLine = doc.currentLineHeight(true);
    lines.forEach((line, index) => {
      const cells = [
        printable(line.refNumber),
        printable(line.description),
        line.milestoneAt ? this.shortDate.format(line.milestoneAt) : '–',
        formatCents(line.amountCents),
      ];
      // Most descriptions fit on one line: measure the wrapped height only for those that do not.
      doc.font(FONT.regular).fontSize(size);
      const descriptionHeight = doc.widthOfString(cells[1]!) <= descriptionWidth ? singleLine : doc.heightOfString(cells[1]!, { width: descriptionWidth });
      const rowHeight = descriptionHeight + 12;
      if (this.y + rowHeight > BOTTOM) {
        this.newPage();
        drawHeaderRow();
      }
      if (index % 2 === 1) doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, rowHeight).fill(COLOUR.surface);
      let x = MARGIN.left;
      cells.forEach((cell, column) => {
        const { width, align } = columns[column]!;
        const wraps = column === 1 && descriptionHeight > singleLine;
        this.font(column === 0 || column === 3 ? FONT.bold : FONT.regular, size, column === 2 ? COLOUR.muted : COLOUR.ink);
        doc.text(cell, x + pad, this.y + 6, { width: width - pad * 2, align, lineBreak: wraps });
        x += width;
      });
      this.y += rowHeight;
      doc
        .moveTo(MARGIN.left, this.y)
        .lineTo(MARGIN.left + CONTENT_WIDTH, this.y)
        .lineWidth(0.5)
        .stroke(COLOUR.line);
    });
    this.y += 14;
  }

  /**
   * The total and its GST, right-aligned under the amounts: 'Total (inc. GST)' and 'GST included'
   * for a GST-registered supplier; 'Total' and the words saying no GST is payable otherwise.
   */
  totals(input: RctiPdfInput) {
    const { doc } = this;
    const registered = input.supplier.gstRegistered;
    const width = 250;
    const x = MARGIN.left + CONTENT_WIDTH - width;
    const rows: Array<[string, string, boolean]> = registered
      ? [
          ['Total (inc. GST)', formatCents(input.totalCents), true],
          ['GST included', formatCents(input.gstCents), false],
        ]
      : [['Total', formatCents(input.totalCents), true]];
    const rowHeight = 22;
    this.ensureSpace(rows.length * rowHeight + (registered ? 0 : 24) + 8);
    for (const [label, value, strong] of rows) {
      if (strong) {
        doc.rect(x, this.y, width, rowHeight).fill(COLOUR.orangeSoft);
        doc.rect(x, this.y, 3, rowHeight).fill(COLOUR.orange);
      }
      this.font(strong ? FONT.bold : FONT.regular, strong ? 11 : 9.5, strong ? COLOUR.ink : COLOUR.muted);
      const textY = this.y + (strong ? 6.5 : 7);
      doc.text(label, x + 12, textY, { lineBreak: false });
      doc.text(value, x + 12, textY, { width: width - 24, align: 'right', lineBreak: false });
      this.y += rowHeight;
    }
    if (!registered) {
      this.y += 6;
      this.font(FONT.regular, 9.5, COLOUR.muted);
      doc.text(NOT_REGISTERED, MARGIN.left, this.y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
      this.y += 14;
    }
    this.y += 20;
  }

  /** How the plumber was paid: the method, and the masked account or the address the cheque went to. */
  payment(payment: RctiPdfInput['payment']) {
    const { doc } = this;
    const rows: Array<[string, string]> = [['Paid by', PAYMENT_METHOD_LABELS[payment.method]]];
    if (payment.method === 'direct_deposit' && payment.bankDetails) rows.push(['Paid to', printable(payment.bankDetails)]);
    if (payment.method === 'cheque' && payment.postalAddress) rows.push(['Posted to', printable(payment.postalAddress)]);
    const labelWidth = 80;
    const valueWidth = CONTENT_WIDTH - labelWidth;
    const height = rows.reduce((sum, [, value]) => sum + this.measure(value, FONT.regular, 10, valueWidth) + 4, 0);
    this.heading('Payment', height, 13, 22);
    for (const [label, value] of rows) {
      this.font(FONT.bold, 10, COLOUR.muted);
      doc.text(label, MARGIN.left, this.y, { width: labelWidth, lineBreak: false });
      this.font(FONT.regular, 10, COLOUR.ink);
      doc.text(value, MARGIN.left + labelWidth, this.y, { width: valueWidth });
      this.y = doc.y + 4;
    }
    this.y += 18;
  }

  /** The parties' declaration, in a tinted box. */
  declaration(gstRegistered: boolean) {
    const { doc } = this;
    const text = [...DECLARATION, ...(gstRegistered ? [GST_ACKNOWLEDGEMENT] : [])].join(' ');
    const padding = 12;
    const textWidth = CONTENT_WIDTH - padding * 2 - 3;
    const textHeight = this.measure(text, FONT.regular, 9, textWidth, 2);
    const height = 12 + textHeight + padding * 2;
    this.ensureSpace(height);
    doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, height).fill(COLOUR.surface);
    doc.rect(MARGIN.left, this.y, 3, height).fill(COLOUR.navy);
    this.label('Declaration', MARGIN.left + padding + 3, this.y + padding, textWidth);
    this.font(FONT.regular, 9, COLOUR.ink);
    doc.text(text, MARGIN.left + padding + 3, this.y + padding + 12, { width: textWidth, lineGap: 2 });
    this.y += height;
  }

  /** A small capitalised label above a value. */
  private label(text: string, x: number, y: number, width: number) {
    this.font(FONT.bold, 7.5, COLOUR.muted);
    this.doc.text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6, lineBreak: false });
  }
}
