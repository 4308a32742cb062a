// `node bench/payout-files.mjs` (issue 18, performance): the files of a payout run for 5,000 plumbers.
// In this process, from the built renderers:
//  - the ABA file: 20,000 approved rebate entries (4 per plumber, in due-date order, as the ledger
//    hands them over) grouped by plumber and summed in cents, as the payout service does, then
//    written with buildAbaFile; RUNS times after WARMUP untimed runs. Budget: p95 ≤ 5,000 ms. The
//    file is read back and its totals checked to the cent;
//  - the RCTIs: one PDF of 4 lines per plumber, 5,000 in a row, compressed as stored. Budget: 12 ms
//    a PDF, the 5,000 in ≤ 60 s.
//
// It imports the built server (dist/src/modules/payouts/*.js): run `npm run build:server` first. It
// waits for a quiet machine (bench/uploads' rule) before the timing and reports the other work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReport, machineCpu, median, percentile, quietMachine, root, timeRuns } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const PLUMBERS = Number(process.env.PLUMBERS ?? 5_000);
const ENTRIES_PER_PLUMBER = 4;
const ABA_BUDGET_MS = 5_000;
/** 60 s for the RCTIs of 5,000 plumbers. */
const RCTI_BUDGET_MS = 12;

const built = (name) => path.join(root, `dist/src/modules/payouts/${name}.js`);
for (const name of ['aba-file', 'rcti-pdf']) {
  if (!existsSync(built(name))) {
    console.error(`payout-files: ${path.relative(root, built(name))} is missing: run \`npm run build:server\` first`);
    process.exit(2);
  }
}
const { buildAbaFile, parseAbaFile } = await import(pathToFileURL(built('aba-file')).href);
const { renderRctiPdf } = await import(pathToFileURL(built('rcti-pdf')).href);

const report = createReport('payout-files');
const entryCount = PLUMBERS * ENTRIES_PER_PLUMBER;
console.log(`payout-files: ${PLUMBERS.toLocaleString('en-AU')} plumbers, ${entryCount.toLocaleString('en-AU')} entries`);

// The plumbers, with bank details as typed (some BSBs with a space, some names with accents).
const FIRST = ['Alex', 'Sam', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Zoë', 'Seán', 'Quinn', 'Drew'];
const LAST = ['Nguyen', 'Smith', 'O’Brien', 'Brown', 'Jones', 'Taylor', 'Wilson', 'Martin', 'Lee', 'Müller'];
const plumbers = Array.from({ length: PLUMBERS }, (_, index) => {
  const name = `${FIRST[index % FIRST.length]} ${LAST[Math.floor(index / FIRST.length) % LAST.length]}`;
  return {
    id: `plumber-${index}`,
    name,
    businessName: index % 3 === 0 ? `${name} Plumbing Pty Ltd` : null,
    abn: '51824753556',
    gstRegistered: index % 2 === 0,
    email: `plumber${index}@example.com.au`,
    bsb: index % 2 ? `0${String(62_000 + (index % 900)).padStart(5, '0')}` : `062 ${String(index % 1000).padStart(3, '0')}`,
    accountNumber: String(10_000_000 + index),
    accountName: name,
  };
});
// Cent amounts a float of dollars gets wrong, beside the referral fees.
const AMOUNTS = [8_000, 40_000, 29, 57, 115, 12_345, 8_001, 39_999];
const KINDS = [
  { kind: 'cleanview', description: 'Clean & View referral rebate' },
  { kind: 'reline', description: 'Reline referral rebate' },
];
// The entries in due-date order: each plumber's four are spread through the list.
const entries = Array.from({ length: entryCount }, (_, index) => {
  const plumber = plumbers[index % PLUMBERS];
  return {
    id: `entry-${index}`,
    plumberId: plumber.id,
    refNumber: `REF-${100_000 + index}`,
    ...KINDS[index % KINDS.length],
    amountCents: AMOUNTS[index % AMOUNTS.length],
    dueAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000),
  };
});
const expectedTotal = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
const settings = {
  bankMnemonic: 'CBA',
  bsb: '062-000',
  accountNumber: '12345678',
  accountName: 'Pipe Relining Australia',
  apcaUserId: '301500',
  remitterName: 'PIPE RELINING',
  balancingRecord: true,
};
const byId = new Map(plumbers.map((plumber) => [plumber.id, plumber]));

/** What the payout service does with a run's entries: one payment per plumber, the cents summed, an RCTI number each. */
function payeesOf(runEntries) {
  const payees = new Map();
  for (const entry of runEntries) {
    let payee = payees.get(entry.plumberId);
    if (!payee) {
      payee = { plumber: byId.get(entry.plumberId), amountCents: 0, entries: [] };
      payees.set(entry.plumberId, payee);
    }
    payee.amountCents += entry.amountCents;
    payee.entries.push(entry);
  }
  return [...payees.values()].map((payee, index) => ({ ...payee, rctiNumber: `RCTI-${String(index + 1).padStart(6, '0')}` }));
}

function abaFile() {
  const payments = payeesOf(entries).map((payee) => ({
    bsb: payee.plumber.bsb,
    accountNumber: payee.plumber.accountNumber,
    accountName: payee.plumber.accountName,
    amountCents: payee.amountCents,
    reference: payee.rctiNumber,
  }));
  return buildAbaFile({ settings, processingDate: new Date(), timeZone: 'Australia/Melbourne', description: 'REBATES', payments });
}

function rctiInput(payee, issuedAt) {
  const { plumber } = payee;
  const gstCents = plumber.gstRegistered ? Math.round(payee.amountCents / 11) : 0;
  return {
    rctiNumber: payee.rctiNumber,
    issuedAt,
    runNumber: 'PR-0001',
    recipient: {
      name: 'Pipe Relining Australia',
      abn: '12345678901',
      address: '1 Example Road, Toowong QLD 4066',
      email: 'accounts@example.com.au',
      phone: null,
    },
    supplier: { name: plumber.name, businessName: plumber.businessName, abn: plumber.abn, gstRegistered: plumber.gstRegistered, email: plumber.email },
    lines: payee.entries.map((entry) => ({
      refNumber: entry.refNumber,
      description: entry.description,
      milestoneAt: entry.dueAt,
      amountCents: entry.amountCents,
    })),
    totalCents: payee.amountCents,
    gstCents,
    payment: { method: 'direct_deposit', bankDetails: 'BSB 062-***, account ****678', postalAddress: null },
  };
}

await quietMachine(report, [], (before, after, elapsed) => (after.busy - before.busy - (after.ours - before.ours)) / elapsed);
const before = machineCpu([], [process.pid]);
const started = performance.now();

// The ABA file.
let file = '';
const abaDurations = await timeRuns(
  () => {
    file = abaFile();
  },
  { runs: RUNS, warmup: WARMUP },
);
const contents = parseAbaFile(file);
report.check('ABA file: group 20,000 entries and write 5,000 credits, median', Math.round(median(abaDurations)), 'ms');
report.check('ABA file: same, p95', Math.round(percentile(abaDurations, 95)), 'ms', '<=', ABA_BUDGET_MS);
report.check('ABA file: credit records (+1 balancing debit)', contents.records.length - 1, '', '=', PLUMBERS);
report.check("ABA file: credit total minus the entries' sum", contents.footer.creditTotalCents - expectedTotal, 'cents', '=', 0);
report.check('ABA file: net total (self-balancing)', contents.footer.netTotalCents, 'cents', '=', 0);
report.check('ABA file size', Math.round(Buffer.byteLength(file) / 1024), 'KiB');

// The RCTIs, one after another on one core, as a run's job renders them.
const payees = payeesOf(entries);
const issuedAt = new Date();
for (const payee of payees.slice(0, 50)) await renderRctiPdf(rctiInput(payee, issuedAt)); // warm-up, untimed
let bytes = 0;
let pages = 0;
const rctiStarted = performance.now();
for (const payee of payees) {
  const pdf = await renderRctiPdf(rctiInput(payee, issuedAt));
  bytes += pdf.length;
  if (pages === 0) pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}
const rctiMs = performance.now() - rctiStarted;
const after = machineCpu([], [process.pid]);
const otherCores = (after.busy - before.busy - (after.ours - before.ours)) / (performance.now() - started);

report.check(
  `RCTIs: ${payees.length.toLocaleString('en-AU')} PDFs of ${ENTRIES_PER_PLUMBER} lines, in all`,
  Math.round(rctiMs),
  'ms',
  '<=',
  RCTI_BUDGET_MS * payees.length,
);
report.check('RCTIs: per PDF', +(rctiMs / payees.length).toFixed(2), 'ms', '<=', RCTI_BUDGET_MS);
report.check('RCTI size, average', +(bytes / payees.length / 1024).toFixed(1), 'KiB');
report.check('RCTIs, all', Math.round(bytes / 1024 / 1024), 'MiB');
report.note(`an RCTI of ${ENTRIES_PER_PLUMBER} lines is ${pages} page(s)`);
report.note(`other work on the machine during the timing: ${otherCores.toFixed(2)} cores`);
report.finish({ runs: RUNS, plumbers: PLUMBERS, entries: entryCount });
