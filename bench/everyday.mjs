// Issue 7 §5 "Everyday": `npm start` on an existing build to a healthy /api/health (≤ 5 s, median of
// RUNS restarts on an existing data folder; the very first start on an empty folder, which also
// creates the embedded database, is reported beside it), and the whole `npm test` (≤ 4 minutes).
import { spawnSync } from 'node:child_process';
import { createReport, ensureBuilt, median, root, startProduct } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
ensureBuilt();
const report = createReport('everyday');

const firstStarts = [];
const restarts = [];
for (let run = 0; run < RUNS; run += 1) {
  const fresh = await startProduct({ name: 'everyday', port: 3304, fresh: true });
  firstStarts.push(fresh.readyMs);
  await fresh.stop();
  const again = await startProduct({ name: 'everyday', port: 3304 });
  restarts.push(again.readyMs);
  await again.stop();
}
report.check(`npm start to healthy, existing data (median of ${RUNS})`, median(restarts) / 1000, 's', '<=', 5);
report.check(`npm start to healthy, first start on an empty folder (median of ${RUNS})`, median(firstStarts) / 1000, 's', '<=', 5);

const started = performance.now();
const test = spawnSync('npm', ['test', '--', '--silent'], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
const seconds = (performance.now() - started) / 1000;
const summary = /Tests:\s+(.+)/.exec(`${test.stdout}\n${test.stderr}`)?.[1] ?? 'no summary';
report.check('npm test (every unit and API test)', seconds, 's', '<=', 240);
report.check('npm test passed', test.status === 0 ? 1 : 0, '', '>=', 1);
report.note(`npm test: ${summary}`);
report.finish();
