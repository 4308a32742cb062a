// `npm run bench`: every benchmark in turn (one at a time: they share two cores), then one table of
// every figure beside its budget. Exit code 1 if any budget failed. `npm run bench -- api mail` runs
// only those.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { machine, resultsDir, root } from './lib.mjs';

const ALL = [
  'everyday',
  'lighthouse',
  'console',
  'api',
  'scale',
  'exports',
  'availability',
  'tracking-report',
  'report-pdf',
  'payout-files',
  'payout-run',
  'mail',
  'uploads',
];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')} (choose from ${ALL.join(', ')})`);
  process.exit(2);
}

const info = machine();
console.log(`Benchmarks on ${info.cpu}, ${info.memoryGiB} GiB, Node ${info.node}, ${info.date}\n`);
const summary = [];
for (const name of chosen) {
  console.log(`── ${name} ${'─'.repeat(70 - name.length)}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join('bench', `${name}.mjs`)], { cwd: root, stdio: 'inherit' });
  let rows;
  try {
    rows = JSON.parse(readFileSync(path.join(resultsDir, `${name}.json`), 'utf8')).rows;
  } catch {
    rows = [{ name: `${name} did not report`, value: 'error', unit: '', op: null, limit: null, pass: false }];
  }
  if (run.status !== 0 && !rows.some((row) => row.pass === false))
    rows.push({ name: `${name} exited with ${run.status}`, value: 'error', unit: '', op: null, limit: null, pass: false });
  summary.push({ name, rows, seconds: Math.round((Date.now() - started) / 1000) });
  console.log();
}

console.log('── summary ' + '─'.repeat(64));
let failed = 0;
for (const { name, rows, seconds } of summary) {
  console.log(`${name} (${seconds} s)`);
  for (const row of rows) {
    if (row.pass === false) failed += 1;
    const status = row.pass === null ? '     ' : row.pass ? 'PASS ' : 'FAIL ';
    const figure = typeof row.value === 'number' ? `${+row.value.toFixed(2)}${row.unit ? ` ${row.unit}` : ''}` : String(row.value);
    console.log(`  ${status} ${row.name.padEnd(58)} ${figure.padStart(14)}  ${row.op ? `${row.op} ${row.limit}${row.unit ? ` ${row.unit}` : ''}` : ''}`);
  }
}
console.log(failed === 0 ? '\nEvery budget passes.' : `\n${failed} budget(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
