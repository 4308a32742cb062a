import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The contract is written once (docs/adr/0025-contracts-package-and-one-client.md): the front ends
 * reach the server's side only through the workspace package @relining/contracts, and the package is
 * pure TypeScript that imports nothing but itself, so Node, both Vite builds and the server can load it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function filesUnder(relative: string): string[] {
  return readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist'
      ? []
      : entry.isDirectory()
        ? filesUnder(path.posix.join(relative, entry.name))
        : SOURCE.test(entry.name)
          ? [path.posix.join(relative, entry.name)]
          : [],
  );
}

/** Every module a file names: static and dynamic imports, and re-exports. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
}

const escapes = (file: string, specifier: string, home: string) =>
  specifier.startsWith('.') && !path.resolve(root, path.dirname(file), specifier).startsWith(path.join(root, home) + path.sep);

describe('the contracts package is the one way between the server and the front ends', () => {
  const frontEnds = ['admin-ui', 'public-site'].flatMap((home) =>
    ['src', 'scripts', 'vite.config.ts'].flatMap((part) => {
      try {
        return part.endsWith('.ts') ? [`${home}/${part}`] : filesUnder(`${home}/${part}`);
      } catch {
        return [];
      }
    }),
  );
  const contracts = filesUnder('packages/contracts/src').filter((file) => !/\.spec\.ts$/.test(file));

  it('looks at both front ends and the package', () => {
    expect(frontEnds.length).toBeGreaterThan(100);
    expect(contracts.length).toBeGreaterThan(20);
    expect(frontEnds.some((file) => specifiersOf(readFileSync(path.join(root, file), 'utf8')).some((name) => name.startsWith('@relining/contracts/')))).toBe(
      true,
    );
  });

  it('no front-end file imports a path outside its own workspace (the server, the tests, the package by path)', () => {
    const outside = frontEnds.flatMap((file) => {
      const home = file.split('/')[0]!;
      const text = readFileSync(path.join(root, file), 'utf8');
      return specifiersOf(text)
        .filter((specifier) => escapes(file, specifier, home))
        .map((specifier) => `${file}: ${specifier}`);
    });
    // Build scripts may share the repository's own build helpers (scripts/precompress.mjs).
    expect(outside.filter((line) => !line.endsWith('/scripts/precompress.mjs'))).toEqual([]);
  });

  it('the package imports nothing but its own modules (no Nest, React, Node or server code)', () => {
    const foreign = contracts.flatMap((file) =>
      specifiersOf(readFileSync(path.join(root, file), 'utf8'))
        .filter((specifier) => !specifier.startsWith('.') || escapes(file, specifier, 'packages/contracts/src'))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(foreign).toEqual([]);
  });
});
