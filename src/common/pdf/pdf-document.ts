import PDFDocument from 'pdfkit';

/**
 * What every PDF the product prints shares (the inspection report of issue 17, the RCTIs of issue
 * 18): A4 in built-in Helvetica (nothing downloaded, nothing read from the machine's fonts, so every
 * server instance prints the same file) with its glyph widths written out, the product's colours, the
 * company letterhead, 'Page X of Y' footers, and text made printable in Helvetica's encoding.
 */

export type Doc = PDFKit.PDFDocument;

/** The product's colours (the public site's navy and orange, its ink, muted text, lines and surfaces). */
export const COLOUR = {
  navy: '#0b3b66',
  orange: '#c2410c',
  orangeSoft: '#fff7ed',
  ink: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  surface: '#f8fafc',
  white: '#ffffff',
} as const;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

/** A4 in points, with room at the bottom for the footer. */
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 50, left: 50, right: 50, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** Where content stops: below it is the footer. */
export const BOTTOM = PAGE.height - MARGIN.bottom;

export interface PdfDocumentOptions {
  /** false writes the page streams uncompressed, so tests can read the text; default true. */
  compress?: boolean;
  info: PDFKit.DocumentInfo;
}

/**
 * An A4 document with every page kept until the end (the footers need the page count), Helvetica
 * with its widths, and the bytes it writes collected: `finished` resolves after `doc.end()`.
 */
export function createPdfDocument(options: PdfDocumentOptions): { doc: Doc; finished: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margins: MARGIN, bufferPages: true, compress: options.compress ?? true, info: options.info });
  withGlyphWidths(doc);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finished };
}

export function setFont(doc: Doc, name: string, size: number, colour: string): void {
  doc.font(name).fontSize(size).fillColor(colour);
}

/**
 * The company's name on the left, its contact lines right-aligned beside it, and the orange rule
 * below: the top of a document's first page. Answers where the content below starts.
 */
export function drawLetterhead(doc: Doc, y: number, name: string, contacts: readonly string[]): number {
  const contactWidth = 200;
  setFont(doc, FONT.regular, 8.5, COLOUR.muted);
  let contactY = y;
  for (const line of contacts) {
    doc.text(line, MARGIN.left + CONTENT_WIDTH - contactWidth, contactY, { width: contactWidth, align: 'right', lineBreak: true });
    contactY = doc.y + 1;
  }
  setFont(doc, FONT.bold, 17, COLOUR.navy);
  doc.text(name, MARGIN.left, y, { width: CONTENT_WIDTH - contactWidth - 16 });
  const ruleY = Math.max(doc.y, contactY) + 10;
  doc.rect(MARGIN.left, ruleY, CONTENT_WIDTH, 2.5).fill(COLOUR.orange);
  return ruleY + 22;
}

/** `left` and 'Page X of Y' at the foot of every page, once the number of pages is known. */
export function drawPageFooters(doc: Doc, left: string): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing inside the bottom margin must not make pdfkit start another page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const lineY = PAGE.height - 44;
    doc
      .moveTo(MARGIN.left, lineY)
      .lineTo(MARGIN.left + CONTENT_WIDTH, lineY)
      .lineWidth(0.5)
      .stroke(COLOUR.line);
    setFont(doc, FONT.regular, 8, COLOUR.muted);
    doc.text(left, MARGIN.left, lineY + 9, { lineBreak: false });
    const page = `Page ${index + 1} of ${range.count}`;
    doc.text(page, MARGIN.left + CONTENT_WIDTH - doc.widthOfString(page), lineY + 9, { lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** What withGlyphWidths reaches inside pdfkit 0.20's standard fonts (not in its public types). */
interface StandardFontInternals {
  name: string;
  dictionary: { data: Record<string, unknown>; end(): void };
  font: { characterToGlyph(code: number): string; widthOfGlyph(glyph: string): number };
  embed(): void;
}

/** The /Widths of each font, worked out once per process (the same for every document). */
const glyphWidths = new Map<string, number[]>();

/**
 * pdfkit writes Helvetica without glyph widths, so a viewer that lacks Helvetica (Chromium on a
 * Linux desktop draws DejaVu Sans, some 15% wider) spaces the words its own way and runs them into
 * what was placed beside them (the drawn arrows). With /Widths (1,000ths of an em for the WinAnsi
 * codes, from pdfkit's own metrics, as PDF 1.5 asks of every font), every viewer advances each
 * character exactly as measured here.
 */
function withGlyphWidths(doc: Doc) {
  for (const name of Object.values(FONT)) {
    doc.font(name);
    const font = (doc as unknown as { _font: StandardFontInternals })._font;
    let widths = glyphWidths.get(name);
    if (!widths) {
      widths = Array.from({ length: 256 - 32 }, (_, index) => Math.round(font.font.widthOfGlyph(font.font.characterToGlyph(index + 32))));
      glyphWidths.set(name, widths);
    }
    const fontWidths = widths;
    font.embed = () => {
      font.dictionary.data = {
        Type: 'Font',
        BaseFont: font.name,
        Subtype: 'Type1',
        Encoding: 'WinAnsiEncoding',
        FirstChar: 32,
        LastChar: 255,
        Widths: fontWidths,
      };
      font.dictionary.end();
    };
  }
}

/** The characters beyond Latin-1 that Helvetica's WinAnsi encoding prints (curly quotes, dashes, €, …). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022,
  0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);
const REPLACEMENTS: Record<string, string> = { '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '≈': '~', '−': '-', '‐': '-', '‑': '-' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/**
 * Text as Helvetica can print it: staff type on tablets, and a character outside its encoding would
 * come out as garbage. Accents are kept where WinAnsi has them and dropped where it does not
 * ('ā' → 'a'), a few symbols are spelled out, tabs and odd spaces become spaces, anything else '?'.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    if (char === '\n' || isWinAnsi(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(char)) continue;
    else {
      const replacement = REPLACEMENTS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      out += replacement && [...replacement].every(isWinAnsi) ? replacement : '?';
    }
  }
  return out;
}

/**
 * A document written top to bottom: the current height on the page (`y`), a new page when what comes
 * next would not fit, and the shared ways of choosing a font, measuring text and writing a section
 * heading. The report and the RCTI writers extend it.
 */
export abstract class PdfFlow {
  protected y: number = MARGIN.top;

  constructor(protected readonly doc: Doc) {}

  /** A section heading kept with at least `keepWithNext` points of what follows it. */
  protected heading(text: string, keepWithNext: number, size = 14, gap = 24) {
    this.ensureSpace(gap + keepWithNext);
    this.font(FONT.bold, size, COLOUR.navy);
    this.doc.text(text, MARGIN.left, this.y, { lineBreak: false });
    this.y += gap;
  }

  protected ensureSpace(height: number) {
    if (this.y + height > BOTTOM && this.y > MARGIN.top) this.newPage();
  }

  protected newPage() {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  protected font(name: string, size: number, colour: string) {
    setFont(this.doc, name, size, colour);
  }

  protected measure(text: string, font: string, size: number, width: number, lineGap = 0) {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text, { width, lineGap });
  }
}
