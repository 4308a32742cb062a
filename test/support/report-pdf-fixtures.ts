import type { PipeSection } from '@relining/contracts/inspection-report';
import sharp from 'sharp';
import type { ReportPdfInput } from '../../src/modules/inspections/report-pdf.js';

/**
 * Inspection reports for the PDF tests: a factory with overrides, photos made by sharp, and a reader
 * of the text and pages of an uncompressed PDF (`renderReportPdf(input, { compress: false })`).
 */

export const REPORT_COMPANY: ReportPdfInput['company'] = {
  name: 'Pipe Relining Australia',
  phone: '1300 747 354',
  email: 'info@pipereliningaustralia.com.au',
  abn: '12 345 678 901',
  website: 'pipereliningaustralia.com.au',
};

export function pipeSection(overrides: Partial<PipeSection> = {}): PipeSection {
  return {
    from: 'Boundary trap',
    to: 'Kitchen junction',
    material: 'vitrified_clay',
    diameterMm: 100,
    lengthM: 12.5,
    observations: [
      { distanceM: 2.4, code: 'root_intrusion', note: 'Fine roots through the joint, about a fifth of the bore.' },
      { distanceM: 7.8, code: 'displaced_joint', note: 'Joint displaced by about 10 mm; the camera passes.' },
    ],
    structuralGrade: 4,
    serviceGrade: 3,
    recommendation: { kind: 'reline', metres: 12.5 },
    ...overrides,
  };
}

export function reportPdfInput(overrides: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return {
    company: REPORT_COMPANY,
    job: { jobNumber: 'JOB-1042', customerName: 'Alex Homeowner', address: '12 Example Street, Toowong QLD 4066' },
    version: 2,
    publishedAt: new Date('2026-11-25T22:30:00Z'), // 26 November in Sydney
    summary: 'The sewer line from the boundary trap to the kitchen has root intrusion and a displaced joint.',
    sections: [pipeSection()],
    photos: new Map(),
    ...overrides,
  };
}

/** `count` distinct JPEG photos of width×height (noise, so they weigh what a real photo does), by id 'photo-N'. */
export async function reportPhotos(count: number, width = 800, height = 600): Promise<Map<string, { jpeg: Buffer; width: number; height: number }>> {
  const photos = new Map<string, { jpeg: Buffer; width: number; height: number }>();
  for (let index = 0; index < count; index += 1) {
    const jpeg = await sharp({
      create: { width, height, channels: 3, background: { r: 60 + index * 7, g: 90, b: 120 }, noise: { type: 'gaussian', mean: 110, sigma: 30 } },
    })
      .jpeg({ quality: 75 })
      .toBuffer();
    photos.set(`photo-${index + 1}`, { jpeg, width, height });
  }
  return photos;
}

/** The page objects of a PDF (`/Type /Page`, not the `/Type /Pages` tree). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

/** A text piece drawn on a page, with the fill colour it was drawn in ('0.72 0.1 0.1' as pdfkit writes it). */
export interface PdfTextRun {
  text: string;
  fill: string | null;
}

/**
 * The text drawn on the pages of an uncompressed PDF written by pdfkit with its standard fonts, in
 * drawing order: the hex strings of every TJ/Tj (WinAnsi bytes) and the ActualText of marked content
 * (the drawn arrows), each with the fill colour at that point.
 */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const raw = pdf.toString('latin1');
  const runs: PdfTextRun[] = [];
  const streamPattern = /<<((?:(?!>>\s*stream)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const dictionary = match[1]!;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = match.index + match[0].length;
    streamPattern.lastIndex = start + (Number.isFinite(length) ? length : 0);
    if (/\/Subtype \/Image|\/Filter/.test(dictionary)) continue; // images and compressed streams
    const content = raw.slice(start, start + length);
    let fill: string | null = null;
    const operators = /([\d. ]+) scn|\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let operator = operators.exec(content); operator; operator = operators.exec(content)) {
      if (operator[1] !== undefined) fill = operator[1].trim();
      else if (operator[2] !== undefined) runs.push({ text: literalString(operator[2]), fill });
      else if (operator[3] !== undefined) runs.push({ text: [...operator[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => winAnsi(hex[1]!)).join(''), fill });
      else runs.push({ text: winAnsi(operator[4]!), fill });
    }
  }
  return runs;
}

/** All the text of the pages, one space between pieces (see pdfTextRuns). */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf)
    .map((run) => run.text)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** A colour as pdfkit writes it in an `scn` operator: '#b91c1c' → '0.7254901960784313 0.10980392156862745 0.10980392156862745'. */
export function pdfColour(hex: string): string {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).join(' ');
}

/** A string of the document information dictionary (Title, Author …), which pdfkit writes as objects of their own. */
export function pdfInfo(pdf: Buffer, key: string): string | undefined {
  const raw = pdf.toString('latin1');
  const reference = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  const value = reference ? new RegExp(`\\n${reference} 0 obj\\s*\\(((?:\\\\[\\s\\S]|[^\\\\)])*)\\)`).exec(raw)?.[1] : undefined;
  return value === undefined ? undefined : literalString(value);
}

const WIN_ANSI_HIGH: Record<number, string> = { 0x96: '–', 0x97: '—', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x85: '…', 0x80: '€' };

function winAnsi(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  return [...bytes].map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');
}

/** A PDF literal string: backslash escapes undone, UTF-16BE when it starts with the byte-order mark. */
function literalString(escaped: string): string {
  const bytes = escaped.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, code: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return named[code] ?? code;
  });
  const buffer = Buffer.from(bytes, 'latin1');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return buffer.subarray(2).swap16().toString('utf16le');
  return bytes;
}
