import {
  GRADE_MEANINGS,
  OBSERVATION_CODES,
  PIPE_MATERIALS,
  recommendationText,
  type Grade,
  type Observation,
  type PipeSection,
} from '@relining/contracts/inspection-report';
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
 * The PDF of a published inspection report (issue 17): what the homeowner keeps and forwards to an
 * insurer or a council. A4, built-in Helvetica (nothing downloaded, nothing read from the machine's
 * fonts, so every server instance prints the same file), laid out in this order: the company header,
 * the job, the summary, a table of the sections with their grades, each section with its
 * observations and photos and its recommendation, then 'What this means' for every grade the report
 * uses. Every page carries the job number and 'Page X of Y'.
 */

export interface ReportPdfInput {
  company: { name: string; phone?: string | null; email?: string | null; abn?: string | null; website?: string | null };
  job: { jobNumber: string; customerName: string; address: string | null };
  version: number;
  /** Printed as a date in the report's time zone (Australia/Sydney unless told), e.g. '26 November 2026'. */
  publishedAt: Date;
  summary: string;
  sections: PipeSection[];
  /** Photos by id (JPEG buffers, already resized to ~800 px wide): the observations' photoIds point here. */
  photos: ReadonlyMap<string, { jpeg: Buffer; width: number; height: number }>;
}

export interface ReportPdfOptions {
  /** false writes the page streams uncompressed, so tests can read the text; default true. */
  compress?: boolean;
  /** The zone the publication date is printed in; default 'Australia/Sydney'. */
  timeZone?: string;
}

/** Grades 1–2 read green, 3 amber, 4–5 red: text colour and the tint behind it. */
const GRADE_COLOUR: Record<Grade, { text: string; tint: string }> = {
  1: { text: '#15803d', tint: '#dcfce7' },
  2: { text: '#15803d', tint: '#dcfce7' },
  3: { text: '#b45309', tint: '#fef3c7' },
  4: { text: '#b91c1c', tint: '#fee2e2' },
  5: { text: '#b91c1c', tint: '#fee2e2' },
};

/** Photos sit two to a row beside the observation they illustrate, never taller than this. */
const PHOTO_GAP = 10;
const PHOTO_MAX_HEIGHT = 260;
/** An observation's distance is printed in a narrow column; its text and photos to the right. */
const DISTANCE_COLUMN = 58;

const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export async function renderReportPdf(input: ReportPdfInput, options: ReportPdfOptions = {}): Promise<Buffer> {
  const { doc, finished } = createPdfDocument({
    compress: options.compress,
    info: {
      Title: `Inspection report ${input.job.jobNumber}`,
      Author: input.company.name,
      Subject: input.job.address ? `Inspection report for ${input.job.address}` : `Inspection report for ${input.job.customerName}`,
      Creator: input.company.name,
      // The publication, not the moment of rendering: a regenerated PDF says the same.
      CreationDate: input.publishedAt,
    },
  });

  const writer = new ReportWriter(doc);
  writer.header(input, options.timeZone ?? DEFAULT_TIME_ZONE);
  writer.summary(input.summary);
  if (input.sections.length > 0) {
    writer.sectionsTable(input.sections);
    input.sections.forEach((section, index) => writer.sectionDetail(section, index, input.sections.length, input.photos));
    writer.gradeMeanings(input.sections);
  }
  writer.footers(input);
  doc.end();
  return finished;
}

/** Lays the report out top to bottom, keeping its own cursor `y` and starting a page where something would not fit. */
class ReportWriter extends PdfFlow {
  header(input: ReportPdfInput, timeZone: string) {
    const { doc } = this;
    const { company, job } = input;
    const contacts = [company.phone, company.email, company.website, company.abn ? `ABN ${company.abn}` : null]
      .filter((line): line is string => Boolean(line && line.trim()))
      .map(printable);

    this.y = drawLetterhead(doc, this.y, printable(company.name), contacts);

    // Title, with the version as a pill on the right.
    this.font(FONT.bold, 24, COLOUR.ink);
    doc.text('Inspection report', MARGIN.left, this.y, { lineBreak: false });
    const version = `Version ${input.version}`;
    this.font(FONT.bold, 9, COLOUR.navy);
    const pillWidth = doc.widthOfString(version) + 18;
    const pillX = MARGIN.left + CONTENT_WIDTH - pillWidth;
    doc
      .roundedRect(pillX, this.y + 5, pillWidth, 18, 9)
      .lineWidth(1)
      .stroke(COLOUR.navy);
    this.font(FONT.bold, 9, COLOUR.navy);
    doc.text(version, pillX, this.y + 10, { width: pillWidth, align: 'center', lineBreak: false });
    this.y += 40;

    // The job, in a light box: two columns of label and value.
    const date = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(input.publishedAt);
    const left: Array<[string, string]> = [
      ['Job number', job.jobNumber],
      ['Customer', job.customerName],
    ];
    const right: Array<[string, string]> = [['Date', date]];
    if (job.address && job.address.trim()) right.push(['Address', job.address]);
    const padding = 12;
    const columnWidth = (CONTENT_WIDTH - padding * 3) / 2;
    const columnHeight = (fields: Array<[string, string]>) =>
      fields.reduce((sum, [, value]) => sum + 12 + this.measure(printable(value), FONT.bold, 10.5, columnWidth) + 8, 0) - 8;
    const boxHeight = Math.max(columnHeight(left), columnHeight(right)) + padding * 2;
    doc.roundedRect(MARGIN.left, this.y, CONTENT_WIDTH, boxHeight, 6).fillAndStroke(COLOUR.surface, COLOUR.line);
    const drawFields = (fields: Array<[string, string]>, x: number) => {
      let fieldY = this.y + padding;
      for (const [label, value] of fields) {
        this.font(FONT.bold, 7.5, COLOUR.muted);
        doc.text(label.toUpperCase(), x, fieldY, { width: columnWidth, characterSpacing: 0.6, lineBreak: false });
        this.font(FONT.bold, 10.5, COLOUR.ink);
        doc.text(printable(value), x, fieldY + 12, { width: columnWidth });
        fieldY = doc.y + 8;
      }
    };
    drawFields(left, MARGIN.left + padding);
    drawFields(right, MARGIN.left + padding * 2 + columnWidth);
    this.y += boxHeight + 26;
  }

  summary(summary: string) {
    const text = printable(summary).trim();
    if (!text) return;
    this.heading('Summary', 60);
    this.font(FONT.regular, 10.5, COLOUR.ink);
    // A long summary flows onto the next pages by itself (pdfkit breaks pages inside a paragraph).
    this.doc.text(text, MARGIN.left, this.y, { width: CONTENT_WIDTH, lineGap: 3 });
    this.y = this.doc.y + 24;
  }

  sectionsTable(sections: PipeSection[]) {
    const { doc } = this;
    // Widths chosen so the longest grade ('2 – Slight obstruction') stays on one line, with room to
    // spare for a viewer that draws Helvetica with a wider stand-in.
    const columns = [
      { title: '#', width: 20 },
      { title: 'Section', width: 86 },
      { title: 'Material', width: 54 },
      { title: 'Diameter', width: 40 },
      { title: 'Length', width: 34 },
      { title: 'Structural grade', width: 97 },
      { title: 'Service grade', width: 97 },
      { title: 'Recommendation', width: CONTENT_WIDTH - 20 - 86 - 54 - 40 - 34 - 97 - 97 },
    ] as const;
    const pad = 4;
    const size = 8;
    const gradeSize = 7.5;
    const headerHeight = 20;
    const isGradeColumn = (column: number) => column === 5 || column === 6;
    const cellWidth = (column: number) => columns[column]!.width - pad * 2 - (isGradeColumn(column) ? 6 : 0);

    const drawHeaderRow = () => {
      doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, headerHeight).fill(COLOUR.navy);
      let x = MARGIN.left;
      this.font(FONT.bold, 7, COLOUR.white);
      for (const column of columns) {
        doc.text(column.title, x + pad, this.y + 7, { lineBreak: false });
        x += column.width;
      }
      this.y += headerHeight;
    };

    this.heading('Pipe sections', headerHeight + 40);
    drawHeaderRow();
    sections.forEach((section, index) => {
      const cells = [
        String(index + 1),
        null, // the route, drawn with its arrow
        PIPE_MATERIALS[section.material],
        `${formatNumber(section.diameterMm)} mm`,
        `${formatNumber(section.lengthM)} m`,
        gradeText('structural', section.structuralGrade),
        gradeText('service', section.serviceGrade),
        recommendationText(section.recommendation),
      ];
      const heights = cells.map((cell, column) =>
        cell === null
          ? this.routeHeight(section.from, section.to, FONT.bold, size, cellWidth(column))
          : isGradeColumn(column)
            ? this.measure(cell, FONT.bold, gradeSize, cellWidth(column))
            : this.measure(cell, FONT.regular, size, cellWidth(column)),
      );
      const rowHeight = Math.max(...heights) + 14;

      if (this.y + rowHeight > BOTTOM) {
        this.newPage();
        drawHeaderRow();
      }
      if (index % 2 === 1) doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, rowHeight).fill(COLOUR.surface);
      let x = MARGIN.left;
      const cellY = this.y + 7;
      cells.forEach((cell, column) => {
        const width = columns[column]!.width;
        if (cell === null) {
          this.drawRoute(section.from, section.to, x + pad, cellY, cellWidth(column), FONT.bold, size, COLOUR.ink);
        } else if (isGradeColumn(column)) {
          const grade = column === 5 ? section.structuralGrade : section.serviceGrade;
          doc.roundedRect(x + pad - 1, cellY - 4, width - pad * 2 + 2, heights[column]! + 7, 3).fill(GRADE_COLOUR[grade].tint);
          this.font(FONT.bold, gradeSize, GRADE_COLOUR[grade].text);
          doc.text(cell, x + pad + 3, cellY + 0.5, { width: cellWidth(column) });
        } else {
          this.font(column === 0 ? FONT.bold : FONT.regular, size, column === 0 ? COLOUR.muted : COLOUR.ink);
          doc.text(cell, x + pad, cellY, { width: cellWidth(column) });
        }
        x += width;
      });
      this.y += rowHeight;
      doc
        .moveTo(MARGIN.left, this.y)
        .lineTo(MARGIN.left + CONTENT_WIDTH, this.y)
        .lineWidth(0.5)
        .stroke(COLOUR.line);
    });
    this.y += 28;
  }

  sectionDetail(section: PipeSection, index: number, count: number, photos: ReportPdfInput['photos']) {
    const { doc } = this;
    const routeSize = 13.5;
    const routeHeight = this.routeHeight(section.from, section.to, FONT.bold, routeSize, CONTENT_WIDTH);
    // The heading stays with its facts, its grades and the first observation (with its first photos).
    const plans = section.observations.map((observation) => this.observationPlan(observation, photos));
    this.ensureSpace(12 + routeHeight + 3 + 19 + 46 + 17 + (plans[0]?.leadHeight ?? 30));

    this.font(FONT.bold, 7.5, COLOUR.orange);
    doc.text(`SECTION ${index + 1} OF ${count}`, MARGIN.left, this.y, { characterSpacing: 0.8, lineBreak: false });
    this.y += 12;
    this.drawRoute(section.from, section.to, MARGIN.left, this.y, CONTENT_WIDTH, FONT.bold, routeSize, COLOUR.navy);
    this.y += routeHeight + 3;
    this.font(FONT.regular, 9.5, COLOUR.muted);
    const facts = `${PIPE_MATERIALS[section.material]} · ${formatNumber(section.diameterMm)} mm diameter · ${formatNumber(section.lengthM)} m long`;
    doc.text(facts, MARGIN.left, this.y, { width: CONTENT_WIDTH });
    this.y = doc.y + 8;

    // The two grades as tinted tiles: what is graded above, the grade below (each its own line, so
    // no word is placed after another's measured width).
    const tileWidth = 150;
    const tileHeight = 32;
    (['structural', 'service'] as const).forEach((kind, position) => {
      const grade = kind === 'structural' ? section.structuralGrade : section.serviceGrade;
      const x = MARGIN.left + position * (tileWidth + 8);
      doc.roundedRect(x, this.y, tileWidth, tileHeight, 4).fill(GRADE_COLOUR[grade].tint);
      this.font(FONT.bold, 6.5, COLOUR.muted);
      doc.text(kind === 'structural' ? 'STRUCTURAL GRADE' : 'SERVICE GRADE', x + 9, this.y + 6, { characterSpacing: 0.6, lineBreak: false });
      this.font(FONT.bold, 10, GRADE_COLOUR[grade].text);
      doc.text(gradeText(kind, grade), x + 9, this.y + 16, { lineBreak: false });
    });
    this.y += tileHeight + 14;

    this.font(FONT.bold, 10.5, COLOUR.ink);
    doc.text('Observations', MARGIN.left, this.y, { lineBreak: false });
    this.y += 17;
    if (section.observations.length === 0) {
      this.font(FONT.regular, 9.5, COLOUR.muted);
      doc.text('Nothing to report along this section.', MARGIN.left, this.y, { width: CONTENT_WIDTH });
      this.y = doc.y + 10;
    }
    for (const plan of plans) this.observation(plan);

    this.recommendation(section);
    this.y += 12;
    if (index < count - 1 && this.y + 30 < BOTTOM) {
      doc
        .moveTo(MARGIN.left, this.y)
        .lineTo(MARGIN.left + CONTENT_WIDTH, this.y)
        .lineWidth(0.75)
        .stroke(COLOUR.line);
      this.y += 22;
    }
  }

  /** An observation measured before it is drawn: its note, its photos two to a row, and what must stay together. */
  private observationPlan(observation: Observation, photos: ReportPdfInput['photos']) {
    const textWidth = CONTENT_WIDTH - DISTANCE_COLUMN;
    const note = printable(observation.note ?? '').trim();
    const noteHeight = note ? this.measure(note, FONT.regular, 9.5, textWidth, 2) + 2 : 0;
    const slotWidth = (textWidth - PHOTO_GAP) / 2;
    const rows: PhotoRow[] = [];
    (observation.photoIds ?? [])
      .map((id) => photos.get(id))
      .filter((photo) => photo !== undefined)
      .forEach((photo, position) => {
        if (position % 2 === 0) rows.push([]);
        rows[rows.length - 1]!.push({ jpeg: photo.jpeg, ...fit(photo.width, photo.height, slotWidth, PHOTO_MAX_HEIGHT) });
      });
    const firstRow = rows[0] ? 4 + rowHeight(rows[0]) : 0;
    // The code line, the note and the first photos start on one page; a note too long for that
    // keeps only its first lines with the code and runs on to the next page.
    const leadHeight = 14 + (noteHeight <= 120 ? noteHeight + firstRow : 40);
    return { observation, note, rows, slotWidth, textWidth, leadHeight };
  }

  private observation({ observation, note, rows, slotWidth, textWidth, leadHeight }: ReturnType<ReportWriter['observationPlan']>) {
    const { doc } = this;
    const textX = MARGIN.left + DISTANCE_COLUMN;
    this.ensureSpace(leadHeight);

    this.font(FONT.bold, 9.5, COLOUR.muted);
    doc.text(`${formatNumber(observation.distanceM)} m`, MARGIN.left, this.y, { width: DISTANCE_COLUMN - 8, lineBreak: false });
    this.font(FONT.bold, 10, COLOUR.ink);
    doc.text(OBSERVATION_CODES[observation.code], textX, this.y, { width: textWidth, lineBreak: false });
    this.y += 14;
    if (note) {
      this.font(FONT.regular, 9.5, COLOUR.ink);
      doc.text(note, textX, this.y, { width: textWidth, lineGap: 2 });
      this.y = doc.y + 2;
    }
    this.y += 4;

    for (const row of rows) {
      const height = rowHeight(row);
      // A row of photos never splits over a page: it starts a new one when it does not fit.
      this.ensureSpace(height);
      row.forEach((cell, position) => {
        const x = textX + position * (slotWidth + PHOTO_GAP);
        doc.image(cell.jpeg, x, this.y, { width: cell.width, height: cell.height });
        doc.rect(x, this.y, cell.width, cell.height).lineWidth(0.5).stroke(COLOUR.line);
      });
      this.y += height + PHOTO_GAP;
    }
    this.y += 6;
  }

  private recommendation(section: PipeSection) {
    const { doc } = this;
    const text = recommendationText(section.recommendation);
    const height = 34;
    this.ensureSpace(height);
    doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, height).fill(COLOUR.orangeSoft);
    doc.rect(MARGIN.left, this.y, 3, height).fill(COLOUR.orange);
    this.font(FONT.bold, 7.5, COLOUR.orange);
    doc.text('RECOMMENDATION', MARGIN.left + 14, this.y + 7, { characterSpacing: 0.8, lineBreak: false });
    this.font(FONT.bold, 11, COLOUR.ink);
    doc.text(text, MARGIN.left + 14, this.y + 18, { width: CONTENT_WIDTH - 28, lineBreak: false });
    this.y += height;
  }

  /** 'What this means': for each grade the report uses, the words a homeowner reads, structural then service. */
  gradeMeanings(sections: PipeSection[]) {
    const { doc } = this;
    const used = {
      structural: [...new Set(sections.map((section) => section.structuralGrade))].sort((a, b) => a - b),
      service: [...new Set(sections.map((section) => section.serviceGrade))].sort((a, b) => a - b),
    };
    this.y += 8;
    this.heading('What this means', 120);
    this.font(FONT.regular, 10, COLOUR.muted);
    doc.text(
      'Each section has two grades from 1 (best) to 5 (worst): a structural grade for the condition of the pipe itself, and a service grade for how well it flows.',
      MARGIN.left,
      this.y,
      { width: CONTENT_WIDTH, lineGap: 2 },
    );
    this.y = doc.y + 14;
    const badgeWidth = 132;
    for (const kind of ['structural', 'service'] as const) {
      this.ensureSpace(18 + 26);
      this.font(FONT.bold, 10.5, COLOUR.ink);
      doc.text(kind === 'structural' ? 'Structural grades' : 'Service grades', MARGIN.left, this.y, { lineBreak: false });
      this.y += 18;
      for (const grade of used[kind]) {
        const label = gradeText(kind, grade);
        const meaning = GRADE_MEANINGS[kind][grade].meaning;
        const meaningWidth = CONTENT_WIDTH - badgeWidth - 12;
        const height = Math.max(18, this.measure(meaning, FONT.regular, 10, meaningWidth, 2) + 4);
        this.ensureSpace(height + 6);
        doc.roundedRect(MARGIN.left, this.y, badgeWidth, 18, 4).fill(GRADE_COLOUR[grade].tint);
        this.font(FONT.bold, 9, GRADE_COLOUR[grade].text);
        doc.text(label, MARGIN.left + 8, this.y + 5, { width: badgeWidth - 12, lineBreak: false });
        this.font(FONT.regular, 10, COLOUR.ink);
        doc.text(meaning, MARGIN.left + badgeWidth + 12, this.y + 4, { width: meaningWidth, lineGap: 2 });
        this.y += height + 6;
      }
      this.y += 10;
    }
  }

  /** The job number and 'Page X of Y' at the foot of every page, once the number of pages is known. */
  footers(input: ReportPdfInput) {
    drawPageFooters(this.doc, printable(`${input.job.jobNumber} · Inspection report · Version ${input.version}`));
  }

  /** The lines of 'From → To' within a width: words wrap, the arrow is a word of its own. */
  private routeLines(from: string, to: string, font: string, size: number, width: number) {
    const { doc } = this;
    doc.font(font).fontSize(size);
    const space = doc.widthOfString(' ') * 1.4;
    const arrowWidth = size * 1.05;
    const words = (text: string) =>
      printable(text)
        .split(/\s+/)
        .filter(Boolean)
        .flatMap((word) => splitToWidth(doc, word, width));
    const tokens: Array<{ arrow: true; width: number } | { arrow: false; text: string; width: number }> = [
      ...words(from).map((text) => ({ arrow: false as const, text, width: doc.widthOfString(text) })),
      { arrow: true as const, width: arrowWidth },
      ...words(to).map((text) => ({ arrow: false as const, text, width: doc.widthOfString(text) })),
    ];
    const lines: Array<typeof tokens> = [[]];
    let used = 0;
    for (const token of tokens) {
      const line = lines[lines.length - 1]!;
      const needed = (line.length ? space : 0) + token.width;
      if (line.length && used + needed > width) {
        lines.push([token]);
        used = token.width;
      } else {
        line.push(token);
        used += needed;
      }
    }
    return { lines, space, lineHeight: doc.currentLineHeight(true) + 1 };
  }

  private routeHeight(from: string, to: string, font: string, size: number, width: number) {
    const { lines, lineHeight } = this.routeLines(from, to, font, size, width);
    return lines.length * lineHeight;
  }

  /**
   * 'Boundary trap → Kitchen junction'. Helvetica has no arrow (its encoding is WinAnsi), so the
   * arrow is drawn, and marked with the text it stands for, so copying the heading gives the arrow.
   */
  private drawRoute(from: string, to: string, x: number, y: number, width: number, font: string, size: number, colour: string) {
    const { doc } = this;
    const { lines, space, lineHeight } = this.routeLines(from, to, font, size, width);
    lines.forEach((line, lineIndex) => {
      const lineY = y + lineIndex * lineHeight;
      let cursor = x;
      let run: string[] = [];
      const flush = () => {
        if (run.length === 0) return;
        const text = run.join(' ');
        this.font(font, size, colour);
        doc.text(text, cursor, lineY, { lineBreak: false });
        cursor += doc.widthOfString(text) + space;
        run = [];
      };
      for (const token of line) {
        if (!token.arrow) {
          run.push(token.text);
          continue;
        }
        flush();
        const middle = lineY + size * 0.45;
        const head = size * 0.3;
        doc.markContent('Span', { actual: '→' });
        doc
          .moveTo(cursor + size * 0.08, middle)
          .lineTo(cursor + token.width - head * 0.8, middle)
          .lineWidth(size * 0.09)
          .stroke(colour);
        doc
          .moveTo(cursor + token.width - head * 1.3, middle - head * 0.75)
          .lineTo(cursor + token.width, middle)
          .lineTo(cursor + token.width - head * 1.3, middle + head * 0.75)
          .closePath()
          .fill(colour);
        doc.endMarkedContent();
        cursor += token.width + space;
      }
      flush();
    });
  }
}

/** '4 – Serious damage': a grade and its label, as the table, the badges and 'What this means' print it. */
function gradeText(kind: 'structural' | 'service', grade: Grade): string {
  return `${grade} – ${GRADE_MEANINGS[kind][grade].label}`;
}

function formatNumber(value: number): string {
  return value.toLocaleString('en-AU', { maximumFractionDigits: 1 });
}

type PhotoRow = Array<{ jpeg: Buffer; width: number; height: number }>;

function rowHeight(row: PhotoRow): number {
  return Math.max(...row.map((cell) => cell.height));
}

/** The largest size within a box that keeps the photo's shape. */
function fit(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / width, maxHeight / height);
  return { width: width * scale, height: height * scale };
}

/** A word wider than the column (a long reference with no spaces) is cut into pieces that fit. */
function splitToWidth(doc: Doc, word: string, width: number): string[] {
  if (doc.widthOfString(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && doc.widthOfString(piece + char) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
