// `npm run audit` (run by .ci/run): the production dependencies against npm's advisory database.
// Fails (exit 1) when any advisory of high or critical severity applies, listing them.
//
// npm's advisory service is a POST to the registry. Where the network refuses it (some sandboxes
// allow only GET: "405 Method Not Allowed"), nothing can be known about advisories: the script says
// so loudly and exits 0, unless AUDIT_REQUIRED=1 (then it exits 2) — a network policy alone should
// not block every change, but a place that can reach the service should set AUDIT_REQUIRED=1.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = undefined;
}

const vulnerabilities = report?.metadata?.vulnerabilities;
if (!vulnerabilities) {
  const reason = report?.message ?? report?.error?.summary ?? (result.stderr || 'no answer').trim().split('\n').pop();
  console.error(`npm audit could not reach the advisory service: ${reason}`);
  console.error('No advisory was checked. Run `npm audit --omit=dev` where the registry accepts it.');
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 2 : 0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((entry) => entry.severity === 'high' || entry.severity === 'critical');
const counts = Object.entries(vulnerabilities)
  .filter(([severity, count]) => severity !== 'total' && count > 0)
  .map(([severity, count]) => `${count} ${severity}`);
console.log(`npm audit (production dependencies): ${counts.length ? counts.join(', ') : 'no advisories'}`);
for (const entry of serious) {
  const via = entry.via.map((item) => (typeof item === 'string' ? item : `${item.title} (${item.url})`)).join('; ');
  console.error(`  ${entry.severity.toUpperCase()} ${entry.name} ${entry.range}: ${via}${entry.fixAvailable ? ' — a fix is available' : ''}`);
}
process.exit(serious.length > 0 ? 1 : 0);
