import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPayoutKey, type AppConfig } from './app-config.js';

/**
 * Outside production a missing JWT_SECRET is generated once and kept in the data folder, so sessions
 * survive restarts without any set-up. Production refuses to start without one (see loadConfig).
 */
export async function resolveJwtSecret(config: AppConfig): Promise<AppConfig> {
  if (config.jwtSecret) return config;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { ...config, jwtSecret: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, jwtSecret: secret };
}

/**
 * The key encrypting plumbers' bank details, like the JWT secret: outside production a missing
 * PAYOUT_ENCRYPTION_KEY is generated once and kept in the data folder (mode 600), so every instance
 * on this machine and every restart reads the same key. Losing it loses the stored bank details
 * (plumbers re-enter them); production must set it and keep it in its secret store.
 */
export async function resolvePayoutEncryptionKey(config: AppConfig): Promise<AppConfig> {
  if (config.payoutEncryptionKey) return config;
  const file = path.join(config.dataDir, 'payout-encryption-key');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (isPayoutKey(stored)) return { ...config, payoutEncryptionKey: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return { ...config, payoutEncryptionKey: key };
}
