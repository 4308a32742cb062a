import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder-level import graph of the server (DESIGN §2): module imports point one way (referrals →
 * rebates), never round a cycle, and common/ and database/ import no module. ESLint checks the second
 * rule as well (eslint.config.js, import-x/no-restricted-paths); the cycles are checked here, over the
 * whole graph at once, because import-x/no-cycle is too slow to run on every lint. Tests (*.spec.ts)
 * are not runtime dependencies and are left out.
 */
const root = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(root, 'src/modules');

/** Every import, re-export, side-effect import and literal dynamic import of a file: its specifiers. */
const IMPORT = [
  /^\s*(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]+?\s+from\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function importsOf(source: string): string[] {
  return IMPORT.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name))
    .map((name) => path.join(directory, name));
}

/** The file a relative specifier names (`./x.js` is ./x.ts, as TypeScript resolves it); undefined for packages. */
function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), `${target}.ts`, path.join(target, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('.ts')) ?? target;
}

/** The module folder (src/modules/<name>) a path lies in, or undefined. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

type Graph = Map<string, Map<string, string>>; // module → module it imports → one file that does

function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const name of readdirSync(MODULES)) graph.set(name, new Map());
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file)!;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const resolved = resolveImport(file, specifier);
      const to = resolved && moduleOf(resolved);
      if (to && to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, path.relative(root, file));
    }
  }
  return graph;
}

/** Every elementary cycle's first sighting, as `a → b → a` with the file behind each edge. */
function findCycles(graph: Graph): string[] {
  const cycles: string[] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...stack.slice(stack.indexOf(next)), next];
        const key = [...loop.slice(0, -1)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          const edges = loop.slice(0, -1).map((from, index) => `${from} → ${loop[index + 1]} (${graph.get(from)!.get(loop[index + 1]!)})`);
          cycles.push(edges.join(', '));
        }
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts`]))]));

describe('architecture: the import graph', () => {
  it('reads every kind of import statement', () => {
    const source = [
      "import { a } from '../a/a.js';",
      "import type { B } from '../b/b.js';",
      'import {\n  c,\n  type D,\n} from "../c/c.js";',
      "export { e } from '../e/e.js';",
      "export * from '../f/f.js';",
      "import '../g/g.js';",
      "const h = await import('../h/h.js');",
      "const text = 'not an import from here';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['../a/a.js', '../b/b.js', '../c/c.js', '../e/e.js', '../f/f.js', '../g/g.js', '../h/h.js']);
  });

  it('finds a cycle when there is one, and none when the imports point one way', () => {
    expect(findCycles(graphOf({ referrals: ['rebates', 'users'], rebates: ['users'], users: [] }))).toEqual([]);
    expect(findCycles(graphOf({ referrals: ['rebates'], rebates: ['users'], users: ['referrals'] }))).toEqual([
      'rebates → users (rebates/x.ts), users → referrals (users/x.ts), referrals → rebates (referrals/x.ts)',
    ]);
  });

  it('has no import cycle between the module folders of src/modules', () => {
    const graph = moduleGraph();
    // The graph is really read: a known one-way dependency is in it.
    expect(graph.get('referrals')?.has('rebates')).toBe(true);
    expect(findCycles(graph)).toEqual([]);
  });

  it.each(['common', 'database'])('src/%s imports no module', (folder) => {
    const offending = sourceFiles(path.join(root, 'src', folder)).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => {
          const resolved = resolveImport(file, specifier);
          return resolved !== undefined && moduleOf(resolved) !== undefined;
        })
        .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
