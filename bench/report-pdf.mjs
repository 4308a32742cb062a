// `node bench/report-pdf.mjs` (issue 17, performance): the PDF of a published inspection report is
// generated in ≤ 3 s. Renders, in this process, a report of 10 pipe sections with 20 photos (800×600
// JPEGs made by sharp, two to an observation's row, as the product stores them resized) RUNS times
// after WARMUP untimed runs, and prints the median and p95 and the PDF's size. Budget: p95 ≤ 3,000 ms.
//
// It imports the built server (dist/src/modules/inspections/report-pdf.js): run `npm run build:server`
// first. It waits for a quiet machine (bench/uploads' rule) before the timing and reports the other work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createReport, machineCpu, median, percentile, quietMachine, root, timeRuns } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const PHOTOS = 20;
const SECTIONS = 10;
const BUDGET_MS = 3_000;

const built = path.join(root, 'dist/src/modules/inspections/report-pdf.js');
if (!existsSync(built)) {
  console.error(`report-pdf: ${path.relative(root, built)} is missing: run \`npm run build:server\` first`);
  process.exit(2);
}
const { renderReportPdf } = await import(pathToFileURL(built).href);

const report = createReport('report-pdf');
console.log(`report-pdf: ${SECTIONS} sections, ${PHOTOS} photos of 800×600, ${RUNS} renders after ${WARMUP} untimed`);

// Photos that weigh what a phone's photo does once resized (noise does not compress away).
const photos = new Map();
for (let index = 0; index < PHOTOS; index += 1) {
  const jpeg = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 60 + index * 7, g: 90, b: 120 }, noise: { type: 'gaussian', mean: 110, sigma: 30 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  photos.set(`photo-${index + 1}`, { jpeg, width: 800, height: 600 });
}
const ids = [...photos.keys()];
const codes = ['root_intrusion', 'crack', 'fracture', 'displaced_joint', 'deformation', 'infiltration'];
const sections = Array.from({ length: SECTIONS }, (_, index) => ({
  from: `Inspection opening ${index + 1}`,
  to: `Junction ${index + 1}`,
  material: index % 2 ? 'pvc' : 'vitrified_clay',
  diameterMm: 100 + (index % 3) * 50,
  lengthM: 12.5,
  structuralGrade: (index % 5) + 1,
  serviceGrade: ((index + 2) % 5) + 1,
  recommendation: index % 3 === 0 ? { kind: 'reline', metres: 12.5 } : { kind: index % 3 === 1 ? 'clean' : 'monitor' },
  observations: [
    {
      distanceM: 2.4,
      code: codes[index % codes.length],
      note: 'Fine roots through the joint, about a fifth of the bore.',
      photoIds: ids.slice(index * 2, index * 2 + 1),
    },
    {
      distanceM: 7.8,
      code: codes[(index + 1) % codes.length],
      note: 'Joint displaced by about 10 mm; the camera passes.',
      photoIds: ids.slice(index * 2 + 1, index * 2 + 2),
    },
  ],
}));
const input = {
  company: { name: 'Pipe Relining Australia', phone: '1300 747 354', email: 'info@pipereliningaustralia.com.au', abn: null, website: null },
  job: { jobNumber: 'JOB-1042', customerName: 'Alex Homeowner', address: '12 Example Street, Toowong QLD 4066' },
  version: 1,
  publishedAt: new Date(),
  summary: 'The sewer line from the boundary trap to the kitchen has root intrusion and a displaced joint. '.repeat(8),
  sections,
  photos,
};

await quietMachine(report, [], (before, after, elapsed) => (after.busy - before.busy - (after.ours - before.ours)) / elapsed);
const before = machineCpu([], [process.pid]);
const started = performance.now();
let size = 0;
const durations = await timeRuns(
  async () => {
    size = (await renderReportPdf(input)).length;
  },
  { runs: RUNS, warmup: WARMUP },
);
const after = machineCpu([], [process.pid]);
const otherCores = (after.busy - before.busy - (after.ours - before.ours)) / (performance.now() - started);

report.check('PDF render, median', Math.round(median(durations)), 'ms');
report.check('PDF render, p95', Math.round(percentile(durations, 95)), 'ms', '<=', BUDGET_MS);
report.check('PDF size', Math.round(size / 1024), 'KiB');
report.note(`other work on the machine during the timing: ${otherCores.toFixed(2)} cores`);
report.finish({ runs: RUNS, sections: SECTIONS, photos: PHOTOS });
