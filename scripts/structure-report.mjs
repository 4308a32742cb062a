// Structure report: lines per folder of the server (and the contracts package), cross-module imports
// (folder → folder, non-test code), two-folder cycles, infrastructure importing a module, files over
// 300 lines. Usage: `node scripts/structure-report.mjs [checkout]` (issue 13's before/after figures).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist', '.data'].includes(name)) return [];
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
const group = (file) => {
  if (file.startsWith(contracts)) return 'contracts';
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (rel[0] === 'modules') return `modules/${rel[1]}`;
  return rel.length > 1 ? rel[0] : 'src (root files)';
};
const contracts = path.join(root, 'packages', 'contracts', 'src');
const files = [...walk(path.join(root, 'src')), ...(existsSync(contracts) ? walk(contracts) : [])];
const lines = {};
const code = {};
const edges = new Map();
const big = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const n = text.split('\n').length;
  const g = group(file);
  const spec = /\.spec\.ts$/.test(file);
  lines[g] = (lines[g] ?? 0) + n;
  if (!spec) code[g] = (code[g] ?? 0) + n;
  if (n > 300) big.push([path.relative(root, file), n]);
  if (!spec)
    for (const [, spec2] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = group(path.resolve(path.dirname(file), spec2));
      if (target !== g && !target.startsWith('..')) {
        const key = `${g} → ${target}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
}
console.log('## Lines per folder (all / without specs)');
for (const g of Object.keys(lines).sort()) console.log(`${g.padEnd(28)} ${String(lines[g]).padStart(6)} ${String(code[g] ?? 0).padStart(6)}`);
const moduleEdges = [...edges].filter(([k]) => k.split(' → ').every((s) => s.startsWith('modules/')));
console.log(`\n## Cross-module imports: ${moduleEdges.reduce((s, [, n]) => s + n, 0)} import lines over ${moduleEdges.length} folder pairs`);
for (const [k, n] of moduleEdges.sort()) console.log(`${k}  (${n})`);
const infra = [...edges].filter(([k]) => /^(common|database|config) → modules\//.test(k));
console.log(`\n## common/database/config importing a module: ${infra.length}`);
for (const [k, n] of infra) console.log(`${k} (${n})`);
const pairs = new Set(moduleEdges.map(([k]) => k));
const cycles = [...pairs].filter((k) => {
  const [a, b] = k.split(' → ');
  return a < b && pairs.has(`${b} → ${a}`);
});
console.log(`\n## Two-folder cycles between modules: ${cycles.length}`);
for (const c of cycles) console.log(c.replace('→', '↔'));
console.log(`\n## Files over 300 lines: ${big.length}`);
for (const [f, n] of big.sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)} ${f}`);
