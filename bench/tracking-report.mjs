// Issue 17 "Performance and proof": a job's inspection report with 20 photos, on the customer's
// tracking page. Against `npm start` (production build, embedded PostgreSQL, disk storage):
//   1. staff upload 20 photos (3000×2000 JPEG, as a phone takes them) to a job: each photo's variants
//      (five widths × AVIF/WebP/JPEG) are made once, at upload; the time per upload is printed;
//   2. a report of 5 sections with 4 observations each (one photo per observation) is saved and
//      published: publishing renders the PDF (pdfkit, photos resized for print) and stores it;
//      budget: PDF generated ≤ 3 s (the publish request's time, PDF included), and the stored PDF
//      served in ≤ 200 ms;
//   3. a quote is published, the page is unlocked with the postcode (its cookie sent with every
//      request by Lighthouse's extraHeaders), and Lighthouse 12 (mobile emulation, simulated
//      throttling, Debian's Chromium) loads /job-status/{code} three times: budgets LCP ≤ 2.5 s and
//      performance ≥ 90 (medians);
//   4. the storage folder is counted before and after the page loads and every variant is fetched
//      twice: no file is made per request (variants generated once).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { adminSession, createReport, ensureBuilt, median, percentile, startProduct } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const PORT = 3321;
const PHOTOS = Number(process.env.PHOTOS ?? 20);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

ensureBuilt();
const report = createReport('tracking-report');
const product = await startProduct({ name: 'tracking-report', port: PORT, fresh: true });
let chrome;
try {
  const admin = await adminSession(product);
  const call = async (method, url, body, headers = {}) => {
    const response = await fetch(`${product.url}${url}`, {
      method,
      headers: { ...admin.auth, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.headers.get('content-type')?.includes('json') ? response.json() : response.arrayBuffer();
  };

  const job = await call('POST', '/api/admin/jobs', {
    jobNumber: 'JOB-9017',
    customerName: 'Robin Homeowner',
    customerEmail: 'robin.homeowner@example.com.au',
    customerPhone: '0412 345 678',
    address: '12 Smith St, Parramatta NSW 2150',
    notify: false,
  });

  // 1. Photos: distinct content each (a gradient and noise), 3000×2000 JPEG.
  const uploadTimes = [];
  const photoIds = [];
  for (let index = 0; index < PHOTOS; index += 1) {
    const noise = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7 + index * 31 + ((i / 600) | 0)) % 256;
    const jpeg = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
      .resize(3000, 2000)
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([jpeg], { type: 'image/jpeg' }), `pipe-${index + 1}.jpg`);
    const started = performance.now();
    const [photo] = await call('POST', `/api/admin/jobs/${job.id}/photos`, form);
    uploadTimes.push(performance.now() - started);
    photoIds.push(photo.id);
  }
  report.check(`photo upload (3000×2000, variants made) median`, Math.round(median(uploadTimes)), 'ms');
  report.check(`photo upload p95`, Math.round(percentile(uploadTimes, 95)), 'ms');

  // 2. The report and its PDF.
  const codes = ['root_intrusion', 'crack', 'displaced_joint', 'fracture'];
  const sections = Array.from({ length: 5 }, (_, s) => ({
    from: s === 0 ? 'Boundary trap' : `Junction ${s}`,
    to: `Junction ${s + 1}`,
    material: 'vitrified_clay',
    diameterMm: 100,
    lengthM: 12,
    junctions: 1,
    structuralGrade: 4,
    serviceGrade: 3,
    recommendation: { kind: 'reline', metres: 12 },
    observations: codes.map((code, o) => ({
      distanceM: 2 + o * 2.5,
      code,
      note: 'Seen on the CCTV footage at this distance.',
      photoIds: photoIds.slice(s * 4 + o, s * 4 + o + 1),
    })),
  }));
  await call('PUT', `/api/admin/jobs/${job.id}/report`, {
    summary: 'Tree roots have entered the clay sewer line at several joints, with cracking along two sections. Relining is recommended.',
    sections,
  });
  const publishStarted = performance.now();
  await call('POST', `/api/admin/jobs/${job.id}/report/publish`);
  const publishMs = performance.now() - publishStarted;
  report.check('publish report with 20 photos (PDF rendered and stored)', Math.round(publishMs), 'ms', '<=', 3000);
  const pdfTimes = [];
  let pdfBytes = 0;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const pdf = await call('GET', `/api/admin/jobs/${job.id}/report.pdf`);
    pdfTimes.push(performance.now() - started);
    pdfBytes = pdf.byteLength;
  }
  report.check('stored PDF served (median of 5)', Math.round(median(pdfTimes)), 'ms', '<=', 200);
  report.check('PDF size', Math.round(pdfBytes / 1000), 'KB');

  // 3. The quote, the unlock, Lighthouse.
  const quote = await call('GET', `/api/admin/jobs/${job.id}/quote`);
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await call('PUT', `/api/admin/jobs/${job.id}/quote`, { lines: quote.proposedLines, validUntil });
  await call('POST', `/api/admin/jobs/${job.id}/quote/publish`);
  const unlock = await fetch(`${product.url}/api/job-status/${job.trackingCode}/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ postcode: '2150' }),
  });
  if (unlock.status !== 204) throw new Error(`unlock: ${unlock.status} ${await unlock.text()}`);
  const cookie = unlock.headers.get('set-cookie').split(';')[0];

  const storageDir = path.join(product.dataDir, 'uploads', 'job-photos', job.id);
  const filesBefore = countFiles(storageDir);
  report.check('stored photo files (variants + originals) after upload', filesBefore, 'files');

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless', ...CHROMIUM_ARGS] });
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(`${product.url}/job-status/${job.trackingCode}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: cookie },
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const figures = {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      images: (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Image').length,
    };
    console.log(
      `  run ${run + 1}: perf ${figures.performance} a11y ${figures.accessibility} LCP ${Math.round(figures.lcp)} ms CLS ${figures.cls.toFixed(3)} images loaded ${figures.images}`,
    );
    runs.push(figures);
  }
  chrome.kill();
  chrome = undefined;
  const pick = (key) => median(runs.map((run) => run[key]));
  report.check('tracking page after unlock: Lighthouse performance (mobile, median)', pick('performance'), '', '>=', 90);
  report.check('tracking page after unlock: LCP (mobile, median)', Math.round(pick('lcp')), 'ms', '<=', 2500);
  report.check('tracking page after unlock: CLS (median)', Number(pick('cls').toFixed(3)), '', '<=', 0.1);
  report.check('tracking page after unlock: images loaded on first view (lazy gallery)', pick('images'), 'requests');
  report.check('tracking page after unlock: accessibility', pick('accessibility'), '', '>=', 90);

  // 4. Variants once: fetch every served file twice; nothing new is stored.
  const pub = await (await fetch(`${product.url}/api/job-status/${job.trackingCode}/report`, { headers: { cookie } })).json();
  let fetched = 0;
  for (const photo of pub.photos) {
    for (const width of photo.widths) {
      for (const ext of ['avif', 'webp', 'jpg']) {
        for (let twice = 0; twice < 2; twice += 1) {
          const response = await fetch(`${product.url}/api/job-status/${job.trackingCode}/photos/${photo.id}/${width}.${ext}`, { headers: { cookie } });
          if (!response.ok) throw new Error(`variant ${width}.${ext}: ${response.status}`);
          await response.arrayBuffer();
          fetched += 1;
        }
      }
    }
  }
  report.check(`files made by ${fetched} variant requests and ${RUNS} page loads`, countFiles(storageDir) - filesBefore, 'files', '=', 0);
} finally {
  chrome?.kill();
  await product.stop();
}
report.finish();

function countFiles(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    count += entry.isDirectory() ? countFiles(full) : statSync(full).isFile() ? 1 : 0;
  }
  return count;
}
