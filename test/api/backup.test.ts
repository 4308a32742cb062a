import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { backupCommand, restoreCommand, type CliIo } from '../../src/cli/backup-cli.js';
import { BACKUP_MAGIC, decodeFrames, encodeFrame, Frame, type BackupHeader } from '../../src/database/backup/backup-format.js';
import { readBackup } from '../../src/database/backup/backup-reader.js';
import { DiskObjectStorage } from '../../src/common/storage/disk-storage.js';
import { createBackup } from '../../src/database/backup/backup.js';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { migrations } from '../../src/database/migrations/index.js';
import { createUser, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { nextFreeSlots } from '../support/booking-slots.js';
import { readAll, type ObjectStorage } from '../../src/common/storage/object-storage.js';
import { S3TestServer } from '../support/s3-server.js';
import { createTestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Real (decodable) 8×6 images: uploads are checked, and may be re-encoded, by the photo pipeline.
const JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCbAUQZ/9k=',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YSOHFTEMpAQAD4Y2YVC8mugAAAAASUVORK5CYII=',
  'base64',
);

interface Fingerprint {
  /** Each table: row count and md5 of its rows in a fixed order. */
  tables: Record<string, string>;
  sequences: Record<string, string>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's and sequence's contents, computed by PostgreSQL, independently of the backup code. */
function fingerprint(url: string): Promise<Fingerprint> {
  return withClient(url, async (client) => {
    await client.query(`SET TIME ZONE 'UTC'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relpersistence = 'p' ORDER BY 1`,
    );
    const result: Fingerprint = { tables: {}, sequences: {} };
    for (const { name } of tables) {
      const { rows } = await client.query(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM "${name}" t`);
      result.tables[name] = `${rows[0].n} ${rows[0].md5}`;
    }
    const { rows: sequences } = await client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY 1`,
    );
    for (const { name } of sequences) {
      const { rows } = await client.query(`SELECT last_value, is_called FROM "${name}"`);
      result.sequences[name] = `${rows[0].last_value} ${rows[0].is_called}`;
    }
    return result;
  });
}

/** The running totals recounted from the rows themselves, beside what the totals tables hold. */
function totals(url: string) {
  return withClient(url, async (client) => {
    const stored = await client.query(
      `SELECT status, cleanview_rebate_status, reline_rebate_status, referrals::int, cleanview_cents::int, reline_cents::int FROM referral_totals WHERE referrals <> 0 ORDER BY 1, 2, 3`,
    );
    const counted = await client.query(
      `SELECT status, cleanview_rebate_status, reline_rebate_status, count(*)::int AS referrals, sum(cleanview_rebate_amount_cents)::int AS cleanview_cents, sum(reline_rebate_amount_cents)::int AS reline_cents
       FROM referrals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const storedReferrers = await client.query(`SELECT referrer_key, referrals::int FROM referral_referrer_totals WHERE referrals <> 0 ORDER BY 1`);
    const countedReferrers = await client.query(
      `SELECT coalesce(plumber_id::text, lower(plumber_email)) AS referrer_key, count(*)::int AS referrals FROM referrals GROUP BY 1 ORDER BY 1`,
    );
    const storedBookings = await client.query(`SELECT status, bookings::int FROM booking_status_totals WHERE bookings <> 0 ORDER BY 1`);
    const countedBookings = await client.query(`SELECT status, count(*)::int AS bookings FROM bookings WHERE status <> 'new' GROUP BY 1 ORDER BY 1`);
    return {
      stored: { referrals: stored.rows, referrers: storedReferrers.rows, bookings: storedBookings.rows },
      counted: { referrals: counted.rows, referrers: countedReferrers.rows, bookings: countedBookings.rows },
    };
  });
}

/** Every object of a storage (an S3 bucket) by key, as filesUnder gives a folder's files. */
async function objectsIn(storage: ObjectStorage): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  for await (const key of storage.list())
    objects[key] = createHash('sha256')
      .update(await readAll(storage, key))
      .digest('hex');
  return objects;
}

async function filesUnder(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return files;
}

function captureIo(): CliIo & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', out: (text: string) => void (io.stdout += text), err: (text: string) => void (io.stderr += text) };
  return io;
}

/** A database with nothing in it (no schema), as an operator creates one for a restore on a new server. */
async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const name = `relining_test_empty_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Rewrites a backup file frame by frame (to make files from a newer version, or with a changed row). */
async function rewriteBackup(from: string, to: string, change: (type: string, payload: Buffer, index: number) => Buffer): Promise<void> {
  const frames: Buffer[] = [BACKUP_MAGIC];
  let index = 0;
  const bytes = gunzipSync(await readFile(from));
  for await (const frame of decodeFrames(
    (async function* () {
      yield bytes;
    })(),
  )) {
    frames.push(encodeFrame(frame.type, change(frame.type, frame.payload, index)));
    index += 1;
  }
  await writeFile(to, gzipSync(Buffer.concat(frames)));
}

describe('db:backup and db:restore', () => {
  let folder: string;
  let source: TestApp;
  let sourceDataDir: string;
  let backupFile: string;
  let sourcePrint: Fingerprint;
  let sourceFiles: Record<string, string>;
  let plumber: SignedIn;
  let photoUrl: string;
  let sourcePhoto: Buffer;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'relining-backup-'));
    await chmod(folder, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
    sourceDataDir = path.join(folder, 'source');
    source = await startTestApp({ env: { RATE_LIMITS: 'off', DATA_DIR: sourceDataDir } });
    const http = () => source.http();

    // Everything through the real API: accounts, bookings, enquiries, referrals with photos and history, jobs, edits.
    const admin = await signIn(source, await createUser(source.dataSource, { email: 'office@example.com.au', role: 'admin' }));
    plumber = await signIn(source, await createUser(source.dataSource, { email: 'alice@plumbing.com.au', fullName: 'Alice Plumber' }));
    await http()
      .post('/api/auth/register')
      .send({ email: 'sam@smithplumbing.com.au', password: PASSWORD, fullName: 'Sam Smith', businessName: 'Smith Plumbing', phone: '0400 111 222' })
      .expect(201);
    const booking = {
      name: 'Alex Citizen',
      email: 'alex@example.com.au',
      phone: '0400 123 456',
      suburb: 'Richmond VIC 3121',
      address: '12 Station Street',
      message: 'Blocked drain',
    };
    // Each booking its own free slot (issue 16).
    const slots = nextFreeSlots(3, { capacity: 1 });
    const bookings = [];
    for (const [index, name] of ['Alex Citizen', 'Bea Citizen', 'Cy Citizen'].entries())
      bookings.push(
        (
          await http()
            .post('/api/bookings')
            .send({ ...booking, ...slots[index], name })
            .expect(201)
        ).body,
      );
    const bookingIds = (await http().get('/api/admin/bookings').set(admin.auth).expect(200)).body.map((b: { id: string }) => b.id);
    await http().put(`/api/admin/bookings/${bookingIds[0]}`).set(admin.auth).send({ status: 'contacted' }).expect(200);
    await http()
      .post('/api/enquiries')
      .send({
        kind: 'corporate',
        organisationName: 'City of Example',
        contactPerson: 'Jordan Lee',
        email: 'jordan@example.gov.au',
        phone: '03 9000 0000',
        siteAddress: '1 Civic Drive',
        issueType: 'roots',
        quantity: '400 m',
        timing: 'planned',
        notes: 'Depot access',
      })
      .expect(201);

    const referral = {
      clientName: 'Chris Client',
      jobAddress: '4 Elm Street',
      suburb: 'Toowong',
      clientPhone: '0400 999 000',
      urgency: 'medium',
      description: 'Recurring blockage',
      serviceTypes: { cleanView: true, reline: true },
    };
    const first = (await http().post('/api/me/referrals').set(plumber.auth).send(referral).expect(201)).body;
    const second = (
      await http()
        .post('/api/me/referrals')
        .set(plumber.auth)
        .send({ ...referral, clientName: 'Dana Client', notes: 'Dog in yard\nback gate "blue"\ttab \\ slash' })
        .expect(201)
    ).body;
    const photos = (
      await http()
        .post(`/api/me/referrals/${first.id}/photos`)
        .set(plumber.auth)
        .attach('photos', JPEG, 'front.jpg')
        .attach('photos', PNG, 'back.png')
        .expect(201)
    ).body;
    photoUrl = `/api/me/referrals/${first.id}/photos/${photos[0].id}`;
    sourcePhoto = Buffer.from((await http().get(photoUrl).set(plumber.auth).expect(200)).body);
    await http()
      .post('/api/referrals/quick')
      .send({
        plumberName: 'Quinn Quick',
        plumberCompany: 'Quick Drains',
        plumberPhone: '0400 121 212',
        plumberEmail: 'quinn@quickdrains.com.au',
        ...referral,
        serviceTypes: undefined,
      })
      .expect(201);
    await http().put(`/api/admin/referrals/${first.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
    await http().put(`/api/admin/referrals/${first.id}`).set(admin.auth).send({ status: 'rebate_paid', staffNotes: 'Paid by transfer' }).expect(200);
    await http().put(`/api/admin/referrals/${second.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
    await http().post(`/api/admin/referrals/${second.id}/email`).set(admin.auth).send({ subject: 'Your referral', message: 'Thanks, Alice' }).expect(202);

    const job = (
      await http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-2001', customerName: 'Alex Citizen', customerEmail: 'alex@example.com.au', bookingId: bookings[0].id, referralId: first.id })
        .expect(201)
    ).body;
    await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'quoted', notify: true }).expect(200);
    await http()
      .put('/api/admin/email-templates/job_completed')
      .set(admin.auth)
      .send({ subject: 'Done: {jobId}', body: 'Hi {customerName}, all done. {trackingLink}' })
      .expect(200);
    await http().put('/api/admin/settings/email').set(admin.auth).send({ includeTrackingLink: false }).expect(200);

    backupFile = path.join(folder, 'populated.backup.gz');
    // While the server runs: the snapshot keeps the backup consistent.
    const io = captureIo();
    expect(await backupCommand(['--file', backupFile], { DATABASE_URL: source.databaseUrl, DATA_DIR: sourceDataDir }, io)).toBe(0);
    expect(io.stdout).toMatch(/Backed up the database at migration \w+: \d+ tables, \d+ rows; 2 uploaded files/);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600); // personal data and password hashes
    sourcePrint = await fingerprint(source.databaseUrl);
    sourceFiles = await filesUnder(path.join(sourceDataDir, 'uploads'));
    expect(Object.keys(sourceFiles)).toHaveLength(2);
    expect(Number(sourcePrint.tables.referral_events!.split(' ')[0])).toBeGreaterThan(3);
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores into an empty database: every table, sequence, running total and photo, and the app works on it', async () => {
    const target = await createEmptyDatabase();
    cleanups.push(target.drop);
    const targetDataDir = path.join(folder, 'fresh');
    const io = captureIo();
    expect(await restoreCommand(['--file', backupFile], { DATABASE_URL: target.url, DATA_DIR: targetDataDir }, io)).toBe(0);
    expect(io.stdout).toMatch(/Restored .* 2 uploaded files into/);
    expect(io.stdout).not.toMatch(/Replaced/);

    expect(await fingerprint(target.url)).toEqual(sourcePrint);
    expect(await filesUnder(path.join(targetDataDir, 'uploads'))).toEqual(sourceFiles);
    const restoredTotals = await totals(target.url);
    expect(restoredTotals.stored).toEqual(restoredTotals.counted);
    expect(restoredTotals.stored.referrals.length).toBeGreaterThan(1);

    const app = await startTestApp({ databaseUrl: target.url, env: { RATE_LIMITS: 'off', DATA_DIR: targetDataDir } });
    try {
      const again = await signIn(app, { email: 'alice@plumbing.com.au', password: PASSWORD });
      const mine = (await app.http().get('/api/me/referrals').set(again.auth).expect(200)).body;
      expect(mine.map((r: { clientName: string }) => r.clientName).sort()).toEqual(['Chris Client', 'Dana Client']);
      expect(Buffer.from((await app.http().get(photoUrl).set(again.auth).expect(200)).body).equals(sourcePhoto)).toBe(true);
      // Sequences and triggers carry on: the next Ref ID follows the last, and the totals count it.
      const next = (
        await app
          .http()
          .post('/api/me/referrals')
          .set(again.auth)
          .send({
            clientName: 'Eve',
            jobAddress: '1 A St',
            suburb: 'Toowong',
            clientPhone: '0400 000 111',
            urgency: 'low',
            description: 'Slow drain',
            serviceTypes: { cleanView: true, reline: false },
          })
          .expect(201)
      ).body;
      expect(next.refNumber).toBe('R-000004');
      // The ledger came back with the rows: the first referral's Clean & View paid (its reline still possible), the
      // second held as a repeat of the first (earning nothing), the third not yet earned.
      await app.http().get('/api/me/rebates/summary').set(again.auth).expect(200, { totalReferrals: 3, rebatePaid: 80, rebatePending: 0, potential: 880 });
      const after = await totals(target.url);
      expect(after.stored).toEqual(after.counted);
    } finally {
      await app.close();
    }
  });

  it('refuses a database that holds data (listing it) or has a server on it, then replaces it with --force', async () => {
    const target = await createTestDatabase(); // migrated and seeded, as a server leaves it: that alone is not data
    cleanups.push(target.drop);
    const targetDataDir = path.join(folder, 'changed');
    await withClient(target.url, async (client) => {
      await client.query(`INSERT INTO users (email) VALUES ('someone@else.com.au')`);
      await client.query(
        `INSERT INTO bookings (full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description, status) VALUES ('X', 'x@x.au', '1', 'a', 'b', '2030-01-01', '9:00 AM', 'c', 'completed')`,
      );
      await client.query(`UPDATE email_templates SET subject = 'Changed' WHERE key = 'quote_sent'`);
    });
    await mkdir(path.join(targetDataDir, 'uploads', 'referrals'), { recursive: true });
    await writeFile(path.join(targetDataDir, 'uploads', 'referrals', 'stray.jpg'), 'not in the backup');
    const before = await fingerprint(target.url);
    const env = { DATABASE_URL: target.url, DATA_DIR: targetDataDir };

    const refused = captureIo();
    expect(await restoreCommand(['--file', backupFile], env, refused)).toBe(1);
    expect(refused.stderr).toContain(`is not empty. Restoring replaces everything in it:`);
    expect(refused.stderr).toMatch(/bookings: 1 row\n\s+users: 1 row\n\s+email_templates: 1 edited template\n\s+uploaded files: 1\n/);
    expect(refused.stderr).toContain('Run again with --force');

    const app = await startTestApp({ databaseUrl: target.url, env: { DATA_DIR: targetDataDir } });
    const busy = captureIo();
    try {
      expect(await restoreCommand(['--file', backupFile, '--force'], env, busy)).toBe(1);
    } finally {
      await app.close();
    }
    expect(busy.stderr).toMatch(/Other sessions are using this database \(.+ ×\d+\).*Stop every server/);
    expect(await fingerprint(target.url)).toEqual(before);

    const forced = captureIo();
    expect(await restoreCommand(['--file', backupFile, '--force'], env, forced)).toBe(0);
    expect(forced.stdout).toMatch(/Replaced: bookings: 1 row; users: 1 row; email_templates: 1 edited template; uploaded files: 1\./);
    expect(await fingerprint(target.url)).toEqual(sourcePrint);
    expect(await filesUnder(path.join(targetDataDir, 'uploads'))).toEqual(sourceFiles);
    const restoredTotals = await totals(target.url);
    expect(restoredTotals.stored).toEqual(restoredTotals.counted);
    expect((await readdir(folder)).filter((name) => name.includes('.restoring-') || name.includes('.replaced-'))).toEqual([]);
  });

  it('refuses newer, damaged and truncated files, and changes nothing', async () => {
    const target = await createTestDatabase();
    cleanups.push(target.drop);
    const targetDataDir = path.join(folder, 'kept');
    const env = { DATABASE_URL: target.url, DATA_DIR: targetDataDir };
    expect(await restoreCommand(['--file', backupFile], env, captureIo())).toBe(0);
    await withClient(target.url, (client) => client.query(`UPDATE users SET email = 'changed@example.com.au' WHERE email = 'alice@plumbing.com.au'`));
    const before = await fingerprint(target.url);
    const filesBefore = await filesUnder(path.join(targetDataDir, 'uploads'));

    const newer = path.join(folder, 'newer.backup.gz');
    await rewriteBackup(backupFile, newer, (type, payload) => {
      if (type !== Frame.Header) return payload;
      const header = JSON.parse(payload.toString()) as BackupHeader;
      return Buffer.from(JSON.stringify({ ...header, migrations: [...header.migrations, 'Invoices1799999999999'] }));
    });
    // A changed row inside an intact gzip stream: only the backup's own checksums can tell.
    const changedRow = path.join(folder, 'changed-row.backup.gz');
    let tableName = '';
    await rewriteBackup(backupFile, changedRow, (type, payload) => {
      if (type === Frame.Table) tableName = JSON.parse(payload.toString()).name;
      return type === Frame.Data && tableName === 'users'
        ? Buffer.from(payload.toString().replace('alice@plumbing.com.au', 'mallory@plumbing.com.au'))
        : payload;
    });
    const bytes = await readFile(backupFile);
    const truncated = path.join(folder, 'truncated.backup.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const corrupt = path.join(folder, 'corrupt.backup.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(corrupt, flipped);
    // A file whose photo path climbs out of the uploads folder.
    const escaping = path.join(folder, 'escaping.backup.gz');
    await rewriteBackup(backupFile, escaping, (type, payload) =>
      type === Frame.File ? Buffer.from(JSON.stringify({ ...JSON.parse(payload.toString()), path: '../../outside.jpg' })) : payload,
    );
    const notBackup = path.join(folder, 'not-a-backup.gz');
    await writeFile(notBackup, gzipSync('hello'));

    for (const [file, message] of [
      [newer, /newer version of the product: its schema is at migration Invoices1799999999999/],
      [changedRow, /damaged: table users holds/],
      [truncated, /truncated/],
      [corrupt, /damaged|truncated/],
      [escaping, /a stored file has an unusable name: "\.\.\/\.\.\/outside\.jpg"/],
      [notBackup, /not a pipe-relining backup/],
      [path.join(folder, 'missing.backup.gz'), /No backup file at/],
    ] as const) {
      const io = captureIo();
      expect(await restoreCommand(['--file', file, '--force'], env, io)).toBe(1);
      expect(io.stderr).toMatch(message);
      if (file !== newer && file !== notBackup) {
        expect(await fingerprint(target.url)).toEqual(before);
      }
      expect(await filesUnder(path.join(targetDataDir, 'uploads'))).toEqual(filesBefore);
      if (file !== path.join(folder, 'missing.backup.gz')) {
        const check = captureIo();
        expect(await restoreCommand(['--file', file, '--check'], {}, check)).toBe(1);
        expect(check.stderr).toMatch(message);
      }
    }
    expect(await fingerprint(target.url)).toEqual(before);
    const good = captureIo();
    expect(await restoreCommand(['--file', backupFile, '--check'], {}, good)).toBe(0);
    expect(good.stdout).toMatch(/is complete and every checksum matches: made .* \(PostgreSQL \d+/);
    expect(await readdir(folder)).not.toContain('outside.jpg');
  });

  it('restores a backup from an older version: the newer migrations run on its rows', async () => {
    // A database one migration behind this version, with a referral, backed up.
    const older = await createEmptyDatabase();
    cleanups.push(older.drop);
    const previous = new DataSource({ ...dataSourceOptions(older.url, 'older-version'), migrations: migrations.slice(0, -1) });
    await previous.initialize();
    try {
      await previous.runMigrations({ transaction: 'each' });
      const [user] = await previous.query(`INSERT INTO users (email) VALUES ('old@plumbing.com.au') RETURNING id`);
      await previous.query(
        `INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_id, plumber_name, plumber_company, plumber_phone, plumber_email, urgency, description, cleanview_rebate_amount_cents, reline_rebate_amount_cents, status, cleanview_rebate_status)
         VALUES ('Old Client', '1', '1 Old St', 'Oldtown', $1, 'Old', 'Old Co', '1', 'old@plumbing.com.au', 'low', 'old', 8000, 40000, 'cleanview_completed', 'processing')`,
        [user.id],
      );
    } finally {
      await previous.destroy();
    }
    const olderFile = path.join(folder, 'older.backup.gz');
    await createBackup({ databaseUrl: older.url, file: olderFile, storage: new DiskObjectStorage(path.join(folder, 'no-uploads')), includeUploads: true });

    // Restored over a database of this version that holds data: its newest migration is reverted, the rows loaded, then migrated again.
    const target = await createTestDatabase();
    cleanups.push(target.drop);
    await withClient(target.url, (client) => client.query(`INSERT INTO users (email) VALUES ('current@example.com.au')`));
    const io = captureIo();
    expect(await restoreCommand(['--file', olderFile, '--force'], { DATABASE_URL: target.url, DATA_DIR: path.join(folder, 'older-target') }, io)).toBe(0);
    const newest = new migrations[migrations.length - 1]!().name!;
    expect(io.stdout).toContain(`Then migrated to this version: ${newest}`);
    await withClient(target.url, async (client) => {
      expect((await client.query(`SELECT email FROM users`)).rows).toEqual([{ email: 'old@plumbing.com.au' }]);
      expect((await client.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`)).rows[0].name).toBe(newest);
      expect((await client.query(`SELECT count(*)::int AS n FROM email_templates`)).rows[0].n).toBeGreaterThan(0); // seeded afterwards
    });
    const migratedTotals = await totals(target.url);
    expect(migratedTotals.stored).toEqual(migratedTotals.counted);
    expect(migratedTotals.stored.referrals).toEqual([
      {
        status: 'cleanview_completed',
        cleanview_rebate_status: 'processing',
        reline_rebate_status: 'pending',
        referrals: 1,
        cleanview_cents: 8000,
        reline_cents: 40000,
      },
    ]);
  });

  it('backs up from an S3 bucket and restores into another: every object kept, strays removed, the app serves the photos from it', async () => {
    const s3 = await S3TestServer.start(['backup-source', 'backup-target']);
    const sourceBucket = s3.storage('backup-source');
    const targetBucket = s3.storage('backup-target');
    cleanups.push(async () => {
      sourceBucket.destroy();
      targetBucket.destroy();
      await s3.stop();
    });
    // A disk backup restored onto S3 storage: the way from one driver to the other.
    const moved = await createEmptyDatabase();
    cleanups.push(moved.drop);
    const onS3 = { DATABASE_URL: moved.url, DATA_DIR: path.join(folder, 's3-source'), ...s3.env('backup-source') };
    const intoSource = captureIo();
    expect(await restoreCommand(['--file', backupFile], onS3, intoSource)).toBe(0);
    expect(intoSource.stdout).toMatch(/2 uploaded files into S3 bucket backup-source at http:\/\/127\.0\.0\.1:\d+/);
    expect(await objectsIn(sourceBucket)).toEqual(sourceFiles);

    // A backup of that database and bucket, restored onto another database and bucket holding a stray object.
    const s3Backup = path.join(folder, 's3.backup.gz');
    const backedUp = captureIo();
    expect(await backupCommand(['--file', s3Backup], onS3, backedUp)).toBe(0);
    expect(backedUp.stdout).toMatch(/2 uploaded files \(.+\) from S3 bucket backup-source/);
    expect((await readBackup(s3Backup)).files).toEqual((await readBackup(backupFile)).files);
    const target = await createEmptyDatabase();
    cleanups.push(target.drop);
    await targetBucket.put('referrals/stray/uploaded-after.jpg', Buffer.from('not in the backup'));
    const intoTarget = { DATABASE_URL: target.url, DATA_DIR: path.join(folder, 's3-target'), ...s3.env('backup-target') };
    const refused = captureIo();
    expect(await restoreCommand(['--file', s3Backup], intoTarget, refused)).toBe(1);
    expect(refused.stderr).toMatch(/uploaded files: 1\n[\s\S]*the uploaded files in S3 bucket backup-target/);
    expect(await objectsIn(targetBucket)).toEqual({ 'referrals/stray/uploaded-after.jpg': expect.any(String) });
    const restored = captureIo();
    expect(await restoreCommand(['--file', s3Backup, '--force'], intoTarget, restored)).toBe(0);
    expect(await fingerprint(target.url)).toEqual(sourcePrint);
    expect(await objectsIn(targetBucket)).toEqual(sourceFiles);

    const app = await startTestApp({ databaseUrl: target.url, env: { RATE_LIMITS: 'off', ...s3.env('backup-target') } });
    try {
      const again = await signIn(app, { email: 'alice@plumbing.com.au', password: PASSWORD });
      expect(Buffer.from((await app.http().get(photoUrl).set(again.auth).expect(200)).body).equals(sourcePhoto)).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('works on the embedded database: started for the command when no server runs, joined when one does', async () => {
    const dataDir = path.join(folder, 'embedded');
    const env = { DATA_DIR: dataDir }; // no DATABASE_URL: the product's own PostgreSQL in DATA_DIR/pg
    const restored = captureIo();
    expect(await restoreCommand(['--file', backupFile], env, restored)).toBe(0);
    expect(restored.stdout).toContain('into the embedded database');

    // The command stopped the PostgreSQL it started; a "server" now runs it, and a backup joins it.
    const server = new EmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
    const maintenanceUrl = new URL(await server.start());
    maintenanceUrl.pathname = '/relining';
    const url = maintenanceUrl.toString();
    try {
      expect(await fingerprint(url)).toEqual(sourcePrint);
      expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual(sourceFiles);
      const backedUp = captureIo();
      expect(await backupCommand([], env, backedUp)).toBe(0); // default file: DATA_DIR/backups/<time>.backup.gz
      const [made] = await readdir(path.join(dataDir, 'backups'));
      expect((await stat(path.join(dataDir, 'backups'))).mode & 0o777).toBe(0o700);
      expect(made).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup\.gz$/);
      const [original, again] = await Promise.all([readBackup(backupFile), readBackup(path.join(dataDir, 'backups', made!))]);
      expect(again.tables).toEqual(original.tables);
      expect(again.files).toEqual(original.files);

      // A session on the database (the server) blocks a restore.
      const busy = captureIo();
      await withClient(url, async () => {
        expect(await restoreCommand(['--file', backupFile, '--force'], env, busy)).toBe(1);
      });
      expect(busy.stderr).toContain('Other sessions are using this database');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
