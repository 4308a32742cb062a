// Builds whatever part of the product is missing or older than its sources (the server with the
// shared package @relining/contracts, the public site, the staff console). Used by `npm start` and
// the command-line tools, so they work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newest(entries) {
  let latest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) {
        if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
        visit(path.join(target, entry));
      }
    } else if (stat.mtimeMs > latest) latest = stat.mtimeMs;
  };
  for (const entry of entries) visit(path.join(root, entry));
  return latest;
}

/** When every output was last written: 0 when one is missing. */
function builtAt(files) {
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) return 0;
    oldest = Math.min(oldest, statSync(full).mtimeMs);
  }
  return oldest;
}

/** The shared package as its consumers read it (not its README). */
const CONTRACTS = ['packages/contracts/src', 'packages/contracts/package.json', 'packages/contracts/tsconfig.json', 'packages/contracts/tsconfig.build.json'];

const TARGETS = [
  {
    name: 'server',
    // Builds @relining/contracts first: at run time the server loads it from packages/contracts/dist.
    script: 'build:server',
    // tsc --incremental leaves unchanged outputs untouched, so stamps record when it last ran.
    outputs: ['dist/.build-stamp', 'packages/contracts/dist/.build-stamp'],
    sources: ['src', ...CONTRACTS, 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'],
  },
  {
    name: 'public site',
    script: 'build --workspace=public-site',
    outputs: ['public-site/dist/routes.json'],
    sources: ['public-site', ...CONTRACTS, 'scripts/precompress.mjs'],
  },
  {
    name: 'staff console',
    script: 'build --workspace=admin-ui',
    outputs: ['admin-ui/dist/index.html'],
    sources: ['admin-ui', ...CONTRACTS, 'scripts/precompress.mjs'],
  },
];

/** @param {string[]} names which parts: 'server', 'public site', 'staff console' */
export function buildIfStale(names = TARGETS.map((target) => target.name)) {
  for (const target of TARGETS.filter((candidate) => names.includes(candidate.name))) {
    const built = builtAt(target.outputs);
    if (built && built >= newest(target.sources)) continue;
    console.error(`Building the ${target.name} (${built ? 'sources changed' : 'not built yet'})...`);
    const result = spawnSync(npm, ['run', ...target.script.split(' ')], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    if (result.status !== 0) {
      console.error(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}
