import { GRADE_MEANINGS } from '@relining/contracts/inspection-report';
import {
  pdfColour,
  pdfInfo,
  pdfPageCount,
  pdfText,
  pdfTextRuns,
  pipeSection,
  reportPdfInput,
  reportPhotos,
} from '../../../test/support/report-pdf-fixtures.js';
import { renderReportPdf, type ReportPdfInput } from './report-pdf.js';

/** Renders uncompressed, so the text can be read back. */
const render = (input: ReportPdfInput) => renderReportPdf(input, { compress: false });
const RED = '#b91c1c';
const AMBER = '#b45309';
const GREEN = '#15803d';

describe('renderReportPdf', () => {
  it('writes a complete PDF, compressed by default', async () => {
    const sut = await renderReportPdf(reportPdfInput());

    expect(sut.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sut.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    expect(sut.toString('latin1')).toContain('/FlateDecode');
  });

  it('names the company, the job, the customer, the address, the date, the version and each section as From → To', async () => {
    const sut = pdfText(await render(reportPdfInput()));

    for (const expected of [
      'Pipe Relining Australia',
      '1300 747 354',
      'info@pipereliningaustralia.com.au',
      'ABN 12 345 678 901',
      'pipereliningaustralia.com.au',
      'Inspection report',
      'JOB-1042',
      'Alex Homeowner',
      '12 Example Street, Toowong QLD 4066',
      '26 November 2026',
      'Version 2',
      'Boundary trap → Kitchen junction',
    ]) {
      expect(sut).toContain(expected);
    }
    // The reader is a real check: text that is not in the report is not found.
    expect(sut).not.toContain('Nowhere Street');
    expect(sut).not.toContain('Version 3');
  });

  it('prints the table, the observations, the recommendation, coloured grades and what each grade used means', async () => {
    const input = reportPdfInput({
      sections: [
        pipeSection(),
        pipeSection({
          from: 'Kitchen junction',
          to: 'Bathroom stack',
          material: 'pvc',
          diameterMm: 150,
          lengthM: 6,
          structuralGrade: 1,
          serviceGrade: 5,
          recommendation: { kind: 'clean' },
          observations: [],
        }),
      ],
    });
    const pdf = await render(input);
    const sut = pdfText(pdf);

    for (const expected of [
      'Summary',
      'The sewer line from the boundary trap to the kitchen has root intrusion and a displaced joint.',
      'Vitrified clay',
      '100 mm',
      '12.5 m',
      '4 – Serious damage',
      '3 – Partly blocked',
      '1 – Good',
      '5 – Blocked',
      'Reline 12.5 m',
      'Clean',
      '2.4 m Root intrusion Fine roots through the joint, about a fifth of the bore.',
      '7.8 m Displaced joint',
      'Nothing to report along this section.',
      'What this means',
      GRADE_MEANINGS.structural[4].meaning,
      GRADE_MEANINGS.structural[1].meaning,
      GRADE_MEANINGS.service[3].meaning,
      GRADE_MEANINGS.service[5].meaning,
    ]) {
      expect(sut).toContain(expected);
    }
    // Only the grades the report uses are explained.
    expect(sut).not.toContain(GRADE_MEANINGS.structural[2].meaning);
    expect(sut).not.toContain(GRADE_MEANINGS.service[1].meaning);
    // Grades 4–5 red, 3 amber, 1–2 green, wherever they are printed (the table and the badges).
    const runs = pdfTextRuns(pdf);
    for (const [text, colour] of [
      ['4 – Serious damage', RED],
      ['5 – Blocked', RED],
      ['3 – Partly blocked', AMBER],
      ['1 – Good', GREEN],
    ] as const) {
      const fills = runs.filter((run) => run.text === text).map((run) => run.fill);
      expect(fills.length).toBeGreaterThanOrEqual(3);
      expect(new Set(fills)).toEqual(new Set([pdfColour(colour)]));
    }
  });

  it('numbers every page and puts the job number in every footer', async () => {
    const sections = Array.from({ length: 8 }, (_, index) => pipeSection({ from: `Pit ${index + 1}`, to: `Pit ${index + 2}` }));
    const pdf = await render(reportPdfInput({ sections }));
    const pages = pdfPageCount(pdf);
    const sut = pdfText(pdf);

    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(sut).toContain(`Page ${page} of ${pages}`);
    expect(sut).not.toContain(`Page ${pages + 1} of`);
    expect(sut.match(/JOB-1042 · Inspection report · Version 2/g)?.length).toBe(pages);
  });

  it('gives Helvetica its glyph widths, so a viewer without it spaces the text as laid out', async () => {
    const sut = (await render(reportPdfInput())).toString('latin1');
    const fonts = [...sut.matchAll(/\/BaseFont \/(Helvetica(?:-Bold)?)[\s\S]*?\/Widths \[([^\]]*)\]/g)];

    expect(fonts.map((font) => font[1]).sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
    for (const [, name, widths] of fonts) {
      const values = widths!.trim().split(/\s+/).map(Number);
      expect(values).toHaveLength(224); // codes 32 to 255
      expect(values['A'.charCodeAt(0) - 32]).toBe(name === 'Helvetica' ? 667 : 722);
      expect(values[0x96 - 32]).toBe(556); // the en dash of '4 – Serious damage'
    }
  });

  it('sets the title and author', async () => {
    const sut = await render(reportPdfInput());

    expect(pdfInfo(sut, 'Title')).toBe('Inspection report JOB-1042');
    expect(pdfInfo(sut, 'Author')).toBe('Pipe Relining Australia');
  });

  it('with no sections, prints the summary alone on one page', async () => {
    const pdf = await render(reportPdfInput({ sections: [], summary: 'Clear line, nothing found.' }));
    const sut = pdfText(pdf);

    expect(pdfPageCount(pdf)).toBe(1);
    expect(sut).toContain('Clear line, nothing found.');
    expect(sut).not.toContain('Pipe sections');
    expect(sut).not.toContain('What this means');
  });

  it('leaves out the address and the contacts that are not given', async () => {
    const input = reportPdfInput({
      company: { name: 'Pipe Relining Australia', phone: '1300 747 354', email: null, abn: null },
      job: { jobNumber: 'JOB-7', customerName: 'Sam Client', address: null },
    });
    const sut = pdfText(await render(input));

    expect(sut).toContain('Sam Client');
    expect(sut).not.toContain('Address');
    expect(sut).not.toContain('ABN');
  });

  it('wraps long text and spreads 50 sections over pages', async () => {
    const long = 'The line sags between the pits and holds water, which slows the flow and lets solids settle. '.repeat(50);
    const sections = Array.from({ length: 50 }, (_, index) =>
      pipeSection({
        from: `Inspection opening number ${index + 1} beside the garage driveway`,
        to: `Junction ${index + 1}`,
        observations: [{ distanceM: 1, code: 'deformation', note: long.slice(0, 500) }],
      }),
    );
    const pdf = await render(reportPdfInput({ summary: long.slice(0, 5_000), sections }));
    const sut = pdfText(pdf);

    expect(pdfPageCount(pdf)).toBeGreaterThan(10);
    expect(sut).toContain('Inspection opening number 50 beside the garage driveway → Junction 50');
    expect(sut).toContain('SECTION 50 OF 50');
  });

  it('places photos after their observation, more photos taking more pages, in under the budget', async () => {
    const photos = await reportPhotos(20);
    const ids = [...photos.keys()];
    const sections = Array.from({ length: 10 }, (_, index) =>
      pipeSection({
        from: `Pit ${index + 1}`,
        to: `Pit ${index + 2}`,
        observations: [
          { distanceM: 1.5, code: 'crack', note: 'Longitudinal crack at the crown.', photoIds: ids.slice(index * 2, index * 2 + 1) },
          { distanceM: 4, code: 'infiltration', photoIds: ids.slice(index * 2 + 1, index * 2 + 2) },
        ],
      }),
    );
    const withoutPhotos = await render(reportPdfInput({ sections }));

    const started = performance.now();
    const sut = await renderReportPdf(reportPdfInput({ sections, photos }));
    const elapsed = performance.now() - started;
    console.log(`report PDF with 20 photos and 10 sections: ${elapsed.toFixed(0)} ms, ${(sut.length / 1024).toFixed(0)} KiB`);

    expect(elapsed).toBeLessThan(6_000); // the real budget (3 s) is measured by bench/report-pdf.mjs
    expect(pdfPageCount(sut)).toBeGreaterThan(pdfPageCount(withoutPhotos) + 2);
    expect(sut.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(20);
  });

  it('ignores a photo id with no photo', async () => {
    const sections = [pipeSection({ observations: [{ distanceM: 1, code: 'crack', photoIds: ['missing'] }] })];
    const sut = await render(reportPdfInput({ sections }));

    expect(sut.toString('latin1')).not.toContain('/Subtype /Image');
    expect(pdfText(sut)).toContain('1 m Crack');
  });
});
