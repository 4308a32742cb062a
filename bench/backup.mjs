// `node bench/backup.mjs` (issue 8, backups): `npm run db:backup` and `npm run db:restore` on the database
// bench/scale.mjs seeds (1,000,000 bookings, 1,000,000 referrals from 5,000 plumbers, 200,000 jobs).
// Times both commands and their peak memory (/usr/bin/time), as an operator runs them: on the embedded
// database, which each command starts itself.
//
// The source is a copy of `.data/bench-scale` (run `npm run bench:scale` once first; it must not be
// running), kept in `.data/bench-backup` between runs (`--fresh` copies it again). The restore goes into
// a new, empty data folder, `.data/bench-backup-restore`, every run.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createReport, ensureBuilt, root } from './lib.mjs';

const FRESH = process.argv.includes('--fresh');
const SCALE = path.join(root, '.data', 'bench-scale');
const SOURCE = path.join(root, '.data', 'bench-backup');
const TARGET = path.join(root, '.data', 'bench-backup-restore');
const FILE = path.join(root, '.data', 'bench-backup-files', 'scale.backup.gz');
// Budgets: streamed in bounded memory whatever the table sizes; an hour-long restore would not be a plan.
const PEAK_RSS_MIB = 300;
const BACKUP_SECONDS = 600;
const RESTORE_SECONDS = 1800;

function isRunning(dataDir) {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `node scripts/cli.mjs <tool> …` under /usr/bin/time: wall seconds and peak RSS (MiB). */
function timed(tool, args, dataDir) {
  const timeFile = path.join(root, '.data', 'bench-backup-files', `${tool}.time`);
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const run = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %M', process.execPath, 'scripts/cli.mjs', tool, ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  if (run.status !== 0) {
    throw new Error(`${tool} exited with ${run.status}`);
  }
  const [seconds, kib] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { seconds, peakMiB: Math.round(kib / 1024) };
}

if (!existsSync(path.join(SCALE, 'scale-seed.json')) && !existsSync(path.join(SOURCE, 'pg'))) {
  console.error('No seeded database: run `npm run bench:scale` once (it seeds .data/bench-scale), then this.');
  process.exit(2);
}
ensureBuilt();
const report = createReport('backup');
if (FRESH || !existsSync(path.join(SOURCE, 'pg', 'PG_VERSION'))) {
  if (isRunning(SCALE)) throw new Error('.data/bench-scale is running: wait for bench:scale to finish.');
  rmSync(SOURCE, { recursive: true, force: true });
  mkdirSync(SOURCE, { recursive: true });
  console.log('copying .data/bench-scale (a stopped cluster) to .data/bench-backup ...');
  cpSync(path.join(SCALE, 'pg'), path.join(SOURCE, 'pg'), { recursive: true, preserveTimestamps: true });
  cpSync(path.join(SCALE, 'pg-password'), path.join(SOURCE, 'pg-password'));
  spawnSync('chown', ['-R', '--reference', path.join(SCALE, 'pg'), path.join(SOURCE, 'pg')]);
}
if (isRunning(SOURCE)) throw new Error('.data/bench-backup is running: stop it first.');

rmSync(path.dirname(FILE), { recursive: true, force: true });
mkdirSync(path.dirname(FILE), { recursive: true });
console.log('db:backup ...');
const backup = timed('db-backup', ['--file', FILE], SOURCE);
const size = statSync(FILE).size;
report.check('db:backup, 2.2 million rows (wall, incl. starting PostgreSQL)', backup.seconds, 's', '<=', BACKUP_SECONDS);
report.check('db:backup peak RSS', backup.peakMiB, 'MiB', '<=', PEAK_RSS_MIB);
report.check('backup file size', +(size / 2 ** 20).toFixed(1), 'MiB');

rmSync(TARGET, { recursive: true, force: true });
console.log('db:restore into an empty data folder ...');
const restore = timed('db-restore', ['--file', FILE], TARGET);
report.check('db:restore (wall, incl. initdb, file check, load, re-check)', restore.seconds, 's', '<=', RESTORE_SECONDS);
report.check('db:restore peak RSS', restore.peakMiB, 'MiB', '<=', PEAK_RSS_MIB);
report.note('the restore re-reads every table and compares row counts and checksums with the backup before it commits');
report.finish();
rmSync(TARGET, { recursive: true, force: true });
rmSync(path.dirname(FILE), { recursive: true, force: true });
