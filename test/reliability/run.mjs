// `npm run test:reliability`: the load and fault scenarios of RELIABILITY.md, each against the real
// product (`npm start`, production build) on a PostgreSQL server this runner owns, with a local SMTP
// peer. Prints each figure with PASS/FAIL; exit code 1 if any check fails.
//
//   npm run test:reliability                      full runs (60 s of load, SMTP down 60 s, …; about 8 minutes)
//   npm run test:reliability -- --short           the CI version (15 s of load, SMTP down 15 s, …; about 3 minutes)
//   npm run test:reliability -- saturation sigkill   only those scenarios (RELIABILITY_SHORT=1 also means --short;
//                                                 RELIABILITY_PORT_BASE moves its ports from 3400-3490)
import { createReport, ensureBuilt, loadBookableDays, machine } from '../../bench/lib.mjs';
import { startCluster } from './lib.mjs';
import { pgRestart } from './pg-restart.mjs';
import { saturation } from './saturation.mjs';
import { smtpOutage } from './smtp-outage.mjs';
import { sigkill } from './sigkill.mjs';
import { twoInstances } from './two-instances.mjs';

const SCENARIOS = {
  saturation: ['60 s of bookings and referrals at saturation: nothing lost, nothing extra', saturation],
  'smtp-outage': ['the SMTP peer down for a minute mid-run', smtpOutage],
  'pg-restart': ['PostgreSQL restarted under load', pgRestart],
  'two-instances': ['two server instances on one database: e-mails and scheduled jobs once', twoInstances],
  sigkill: ['the server killed (SIGKILL) while sending', sigkill],
};
// Ports from RELIABILITY_PORT_BASE (3400): the PostgreSQL server at +90, then one or two per scenario.
// Another base lets a second runner (a CI checkout) work on the same machine.
const BASE = Number(process.env.RELIABILITY_PORT_BASE ?? 3400);
const PORTS = { postgres: BASE + 90, saturation: BASE + 1, smtpOutage: BASE + 2, pgRestart: BASE + 3, twoA: BASE + 4, twoB: BASE + 5, sigkill: BASE + 6 };

const args = process.argv.slice(2);
const short = args.includes('--short') || ['1', 'true'].includes(process.env.RELIABILITY_SHORT ?? '');
const chosen = args.filter((arg) => !arg.startsWith('--'));
const unknown = chosen.filter((name) => !(name in SCENARIOS));
if (unknown.length > 0) {
  console.error(`unknown scenario(s): ${unknown.join(', ')} (choose from ${Object.keys(SCENARIOS).join(', ')})`);
  process.exit(2);
}
const names = chosen.length > 0 ? chosen : Object.keys(SCENARIOS);

ensureBuilt();
// Every booking the scenarios send is bookable (issue 16): open days of its state, past the notice.
await loadBookableDays();
const info = machine();
console.log(`Reliability (${short ? 'short' : 'full'} mode) on ${info.cpu}, ${info.memoryGiB} GiB, Node ${info.node}, ${info.date}\n`);
const cluster = await startCluster(PORTS.postgres);
const summary = [];
try {
  for (const name of names) {
    const [title, scenario] = SCENARIOS[name];
    console.log(`── ${name}: ${title}`);
    const report = createReport(`reliability-${name}`);
    const started = performance.now();
    let passed;
    try {
      await scenario({ cluster, report, short, ports: PORTS });
      passed = report.finish({ mode: short ? 'short' : 'full' });
    } catch (error) {
      console.error(error);
      report.check(`${name} ran to the end`, 'error', '', '<=', 0);
      passed = report.finish({ mode: short ? 'short' : 'full', error: String(error?.stack ?? error) });
    }
    if (!cluster.running) await cluster.start(); // a scenario that failed half-way leaves it as it was
    summary.push({ name, passed, seconds: Math.round((performance.now() - started) / 1000) });
    console.log();
  }
} finally {
  await cluster.stop().catch(() => undefined);
}

console.log('── summary');
for (const { name, passed, seconds } of summary) console.log(`  ${passed ? 'PASS' : 'FAIL'}  ${name.padEnd(16)} ${seconds} s`);
const failed = summary.filter((item) => !item.passed).length;
console.log(failed === 0 ? 'Every scenario passes.' : `${failed} scenario(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
