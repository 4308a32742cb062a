import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { DEMO_ADMIN_EMAIL, DEMO_PLUMBER_EMAIL, type DemoAccounts } from './demo-data.service.js';

/** Where the demo passwords go when there is no terminal to show them on (readable by this user only). */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

/** The demo accounts in a frame that stands out from the log lines above it. */
export function demoAccountsBlock(accounts: DemoAccounts, publicBaseUrl: string): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const lines = [
    'Demo accounts: the passwords are shown only now',
    '',
    `Staff console   ${base}/admin`,
    `                ${DEMO_ADMIN_EMAIL}  /  ${accounts.adminPassword}`,
    `Plumber portal  ${base}/plumber-referral`,
    `                ${DEMO_PLUMBER_EMAIL}  /  ${accounts.plumberPassword}`,
    '',
    'More staff accounts: npm run admin:create -- --email you@example.com.au',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  return ['', `╔${'═'.repeat(width + 4)}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${'═'.repeat(width + 4)}╝`, '', ''].join('\n');
}

/**
 * Shows the demo accounts created by this start, once: on the terminal when there is one (never
 * through the logs, which may be kept or shipped elsewhere); otherwise into `DATA_DIR/demo-accounts.txt`
 * (mode 0600), and only that file's name goes to the log.
 */
export async function announceDemoAccounts(
  accounts: DemoAccounts,
  config: AppConfig,
  terminal: { write(text: string): unknown } | undefined,
  log: (message: string) => void,
): Promise<void> {
  const block = demoAccountsBlock(accounts, config.publicBaseUrl);
  if (terminal) {
    terminal.write(block);
    return;
  }
  const file = path.join(config.dataDir, DEMO_ACCOUNTS_FILE);
  await writeFile(file, block.trimStart(), { mode: 0o600 });
  log(`Demo accounts created: no terminal to show their one-time passwords on, so they are in ${file} (readable only by this user; delete it once read)`);
}
