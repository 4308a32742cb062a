import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './app-config.js';

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
