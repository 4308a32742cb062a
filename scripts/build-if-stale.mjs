// Builds whatever part of the product is missing or older than its sources (server, public site,
// staff console). Used by `npm start` and the command-line tools, so they work on a fresh clone.
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

function builtAt(file) {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

const TARGETS = [
  {
    name: 'server',
    script: 'build:server',
    // tsc --incremental leaves unchanged outputs untouched, so a stamp records when it last ran.
    output: 'dist/.build-stamp',
    sources: ['src', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'],
  },
  {
    name: 'public site',
    script: 'build --workspace=public-site',
    output: 'public-site/dist/routes.json',
    sources: ['public-site', 'src/contracts', 'scripts/precompress.mjs'],
  },
  {
    name: 'staff console',
    script: 'build --workspace=admin-ui',
    output: 'admin-ui/dist/index.html',
    sources: ['admin-ui', 'src/contracts', 'scripts/precompress.mjs'],
  },
];

/** @param {string[]} names which parts: 'server', 'public site', 'staff console' */
export function buildIfStale(names = TARGETS.map((target) => target.name)) {
  for (const target of TARGETS.filter((candidate) => names.includes(candidate.name))) {
    const built = builtAt(target.output);
    if (built && built >= newest(target.sources)) continue;
    console.error(`Building the ${target.name} (${built ? 'sources changed' : 'not built yet'})...`);
    const result = spawnSync(npm, ['run', ...target.script.split(' ')], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    if (result.status !== 0) {
      console.error(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}


