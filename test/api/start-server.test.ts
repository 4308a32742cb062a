import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { __resetOutOfContextForTests } from 'nestjs-pino/internal/PinoLogger.js';
import { chooseLogFormat, createLogStream } from '../../src/common/logging/log-output.js';
import { startServer, type RunningServer } from '../../src/start-server.js';
import { REPO_ROOT } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

describe('chooseLogFormat', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['auto', undefined, 'json'], // a pipe or a file has no isTTY
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s, stdout a terminal: %s → %s', (setting, isTTY, expected) => {
    expect(chooseLogFormat(setting, isTTY)).toBe(expected);
  });
});

describe('createLogStream', () => {
  const entry = {
    level: 30,
    time: Date.UTC(2026, 10, 25, 1, 2, 3),
    pid: 1,
    hostname: 'h',
    context: 'Bootstrap',
    port: 3233,
    msg: 'Ready on http://localhost:3233',
  };

  it('writes a readable line for a person, with the context and the details, no JSON braces around it', () => {
    const lines: string[] = [];
    createLogStream('pretty', { write: (text) => lines.push(text) }).write(`${JSON.stringify(entry)}\n`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[?\d{2}:\d{2}:\d{2}\]? INFO.*\[Bootstrap\] Ready on http:\/\/localhost:3233 \{"port":3233\}\n$/);
  });

  it('writes a request as method, path, status and time', () => {
    const lines: string[] = [];
    const request = {
      level: 30,
      time: 0,
      correlationId: 'c',
      req: { method: 'GET', path: '/api/health' },
      res: { statusCode: 200 },
      responseTime: 4,
      msg: 'request completed',
    };
    createLogStream('pretty', { write: (text) => lines.push(text) }).write(`${JSON.stringify(request)}\n`);
    expect(lines[0]).toMatch(/INFO.*GET \/api\/health 200 \(4 ms\)\n$/);
  });

  it("leaves Nest's start-up chatter (modules loaded, routes mapped) out of the terminal", () => {
    const lines: string[] = [];
    const stream = createLogStream('pretty', { write: (text) => lines.push(text) });
    for (const context of ['InstanceLoader', 'RoutesResolver', 'RouterExplorer'])
      stream.write(`${JSON.stringify({ ...entry, context, msg: 'Mapped {/api/health, GET} route' })}\n`);
    expect(lines).toEqual([]);
  });

  it('leaves JSON as it is for machines', () => {
    const lines: string[] = [];
    createLogStream('json', { write: (text) => lines.push(text) }).write(`${JSON.stringify(entry)}\n`);
    expect(lines).toEqual([`${JSON.stringify(entry)}\n`]);
  });
});

/** A stand-in for stdout (or a terminal) that keeps what was written, in order. */
class Capture {
  readonly chunks: string[] = [];
  constructor(readonly isTTY: boolean) {}
  write(text: string): boolean {
    this.chunks.push(text);
    return true;
  }
  get text(): string {
    return this.chunks.join('');
  }
}

/**
 * `npm start` at a terminal: readable log lines, and the demo passwords framed at the very end of
 * start-up, after the 'Ready' line; never in the log lines (JSON for a file or a collector).
 */
describe('npm start: what the terminal shows', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'relining-start-'));
    database = await createTestDatabase();
    __resetOutOfContextForTests(); // nestjs-pino keeps one logger per process: each start needs its own
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_BASE_URL: 'http://localhost:3233',
      PUBLIC_SITE_DIR: path.join(REPO_ROOT, 'test/fixtures/public-site'),
      ADMIN_UI_DIR: path.join(REPO_ROOT, 'test/fixtures/admin-ui'),
      ...extra,
    };
  }

  function passwordsIn(text: string): [string, string] {
    const admin = /admin@example\.com\.au {2}\/ {2}(\S+)/.exec(text)?.[1];
    const plumber = /plumber@example\.com\.au {2}\/ {2}(\S+)/.exec(text)?.[1];
    if (!admin || !plumber) throw new Error(`no demo accounts in:\n${text}`);
    return [admin, plumber];
  }

  it('at a terminal: readable lines, then the demo accounts in a frame, last', async () => {
    const terminal = new Capture(true);
    server = await startServer(env(), { stdout: terminal });
    const text = terminal.text;
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]); // no JSON at a terminal
    const ready = lines.findIndex((line) => / INFO.*\[Bootstrap\] Ready on http:\/\/localhost:\d+/.test(line));
    expect(ready).toBeGreaterThanOrEqual(0);

    // The frame is the last thing written, after every log line.
    const frame = terminal.chunks.at(-1)!;
    expect(frame).toMatch(/^\n╔═+╗\n║ {2}Demo accounts: the passwords are shown only now +║\n/);
    expect(frame.trimEnd()).toMatch(/╚═+╝$/);
    expect(text.endsWith(frame)).toBe(true);
    expect(text.indexOf(frame)).toBeGreaterThan(text.indexOf('Ready on'));
    expect(frame).toContain('║  Staff console   http://localhost:3233/admin');
    const [admin, plumber] = passwordsIn(frame);
    // The passwords are written once, in the frame only.
    expect(text.split(admin)).toHaveLength(2);
    expect(text.split(plumber)).toHaveLength(2);

    // A later start shows no accounts (they exist already).
    await server.stop();
    __resetOutOfContextForTests();
    const again = new Capture(true);
    server = await startServer(env(), { stdout: again });
    expect(again.text).toContain('Ready on');
    expect(again.text).not.toContain('Demo accounts');
  });

  it('stdout sent to a file from a terminal: JSON lines in the file, the demo accounts on the terminal only', async () => {
    const file = new Capture(false);
    const terminal = new Capture(true);
    server = await startServer(env(), { stdout: file, openTerminal: () => terminal });
    const lines = file.text.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg.startsWith('Ready on http://localhost:'))).toBe(true);
    const [admin, plumber] = passwordsIn(terminal.text);
    expect(file.text).not.toContain(admin);
    expect(file.text).not.toContain(plumber);
    expect(file.text).not.toContain('Demo accounts: the passwords');
  });

  it('no terminal at all (a service): the passwords go to a file only this user can read, and only its name to the log', async () => {
    const logs = new Capture(false);
    server = await startServer(env(), { stdout: logs, openTerminal: () => undefined });
    const saved = path.join(dataDir, 'demo-accounts.txt');
    const [admin, plumber] = passwordsIn(await readFile(saved, 'utf8'));
    expect((await stat(saved)).mode & 0o777).toBe(0o600);
    expect(logs.text).not.toContain(admin);
    expect(logs.text).not.toContain(plumber);
    expect(logs.text).toContain(`their one-time passwords on, so they are in ${saved}`);
  });
});
