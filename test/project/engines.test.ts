import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};

/**
 * `npm install` on a supported Node prints no engine warnings: every Node version the product
 * declares (from the lowest it accepts) satisfies the engines of every installed package.
 */
describe('declared Node engines', () => {
  const lowest = semver.minVersion(manifest.engines.node)!.version;
  // What npm installs here: platform packages for other systems (sharp's win32 build…) are skipped, as npm does.
  const fits = (allowed: string[] | undefined, actual: string): boolean =>
    !allowed || (allowed.some((entry) => !entry.startsWith('!')) ? allowed.includes(actual) : !allowed.includes(`!${actual}`));
  const installed = Object.entries(lock.packages).filter(
    ([name, meta]) => name.includes('node_modules/') && fits(meta.os, process.platform) && fits(meta.cpu, process.arch),
  );

  it('is Node 24 LTS or newer', () => {
    expect(semver.satisfies('24.11.0', manifest.engines.node)).toBe(true);
    expect(semver.satisfies('20.20.2', manifest.engines.node)).toBe(false);
  });

  it.each(['24.11.0', '24.21.0', lowest])('Node %s satisfies every installed package', (version) => {
    const refused = installed
      .filter(([, meta]) => meta.engines && !Array.isArray(meta.engines) && meta.engines.node)
      .filter(([, meta]) => !semver.satisfies(version, (meta.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, meta]) => `${name.replace(/^.*node_modules\//, '')} needs node ${(meta.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
