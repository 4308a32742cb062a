import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { __resetOutOfContextForTests } from 'nestjs-pino/internal/PinoLogger.js';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import type { HttpLimits } from '../../src/common/http/slow-clients.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { createTestDatabase } from './test-database.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  databaseUrl: string;
  http: () => ReturnType<typeof request>;
  /** Closes the app; drops the database unless another app shares it. */
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Reuse a database (two instances on one database); otherwise a fresh clone of the template. */
  databaseUrl?: string;
  extraModules?: Array<Type | DynamicModule>;
  /** Collects every log line (JSON) here instead of printing it. */
  logLines?: string[];
  /** Slow-client limits in place of the product's (to watch them work in seconds). */
  httpLimits?: Partial<HttpLimits>;
}

/** The bank details' key in tests (32 bytes, base64): a test may read the ciphertext with it. */
export const TEST_PAYOUT_KEY = Buffer.alloc(32, 7).toString('base64');

/** The whole product on a database of its own, as `npm start` builds it, ready for HTTP requests. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? database!.url;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      PUBLIC_SITE_DIR: 'test/fixtures/public-site',
      ADMIN_UI_DIR: 'test/fixtures/admin-ui',
      MAIL_POLL_INTERVAL_MS: '200',
      MAIL_RETRY_BASE_MS: '50',
      ...options.env,
    },
    { cwd: REPO_ROOT },
  );
  const logDestination = options.logLines ? { write: (line: string) => void options.logLines!.push(line) } : undefined;
  // nestjs-pino keeps one logger per process (the first app's); a test that reads logs needs its own.
  if (logDestination) __resetOutOfContextForTests();
  const app = await createApp({ config, databaseUrl, extraModules: options.extraModules, logDestination, httpLimits: options.httpLimits });
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    databaseUrl,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await database?.drop();
    },
  };
}
