// The product as `npm start` runs it (building first if needed), on a fresh data folder of its own so
// journeys never touch the developer's data, with:
//  - a real SMTP server on loopback receiving every e-mail, readable at http://localhost:E2E_MAIL_PORT/messages;
//  - a first admin created with `npm run admin:create` (E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(root, '.data', 'e2e');
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3198);

await stopLeftoverDatabase(path.join(dataDir, 'pg'));
await rm(dataDir, { recursive: true, force: true });

const messages = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      const email = await PostalMime.parse(Buffer.concat(chunks).toString('utf8'));
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: email.subject, text: email.text, html: email.html });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(messages));
}).listen(mailPort, '127.0.0.1');

process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
process.env.DEMO_DATA = 'false';
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}/?ignoreTLS=true`;
process.env.MAIL_POLL_INTERVAL_MS = '200';
// A completed job's review request goes out at the next look, and the scheduler looks every two
// seconds: the journey waits for the e-mail, not for a day to pass (the delay is proven by the API tests).
process.env.REVIEW_REQUEST_DELAY_DAYS = '0';
process.env.REVIEW_REQUESTS_CRON = '*/2 * * * * *';
// Every journey comes from 127.0.0.1: together they book, refer and sign in more often in a minute
// than the per-IP limits allow one visitor (5 bookings a minute), so whether a journey passed
// depended on how fast the ones before it ran. The limits are proven by the API tests
// (test/api/*.test.ts › '… rate limit …'), on real PostgreSQL, not here.
process.env.RATE_LIMITS = 'off';

const admin = spawnSync(
  process.execPath,
  ['scripts/cli.mjs', 'admin-create', '--email', process.env.E2E_ADMIN_EMAIL, '--password', process.env.E2E_ADMIN_PASSWORD],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
);
if (admin.status !== 0) process.exit(admin.status ?? 1);

await import(path.join(root, 'scripts/start.mjs'));

/** A previous run that was killed may have left its PostgreSQL running on this folder: stop it first. */
async function stopLeftoverDatabase(pgDir) {
  let pid;
  try {
    pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
