import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { createOrPromoteAdmin } from '../../modules/auth/admin-accounts.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { queryRows } from '../sql.js';

const DEMO_LOCK_ID = 727_245_302;

export const DEMO_ADMIN_EMAIL = 'admin@example.com.au';
export const DEMO_PLUMBER_EMAIL = 'plumber@example.com.au';

function demoPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Demo mode (DEMO_DATA; the default only for the embedded database): an empty database gets a demo
 * admin and a demo plumber, whose sign-in details are printed once, on that first start.
 */
@Injectable()
export class DemoDataService implements OnApplicationBootstrap {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoData) return;
    const accounts = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK_ID]);
      const [{ count }] = await queryRows<{ count: number }>(manager, 'SELECT count(*)::int AS count FROM users');
      if (count > 0) return undefined;
      const adminPassword = demoPassword();
      const plumberPassword = demoPassword();
      await createOrPromoteAdmin(manager, DEMO_ADMIN_EMAIL, adminPassword);
      const [plumber] = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, now()) RETURNING id`,
        [DEMO_PLUMBER_EMAIL, await hashPassword(plumberPassword)],
      );
      await manager.query(`INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, 'Sam Taylor', 'Taylor Plumbing', '+61 400 123 456')`, [
        plumber!.id,
      ]);
      await manager.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'plumber')`, [plumber!.id]);
      return { adminPassword, plumberPassword };
    });
    if (!accounts) return;
    // Printed to the terminal once, deliberately not through the logger: passwords never go into logs.
    const base = this.config.publicBaseUrl;
    process.stdout.write(
      [
        '',
        '┌─ Demo accounts (shown only now; use `npm run admin:create` for more) ─────────',
        `│ Staff console  ${base}/admin            ${DEMO_ADMIN_EMAIL} / ${accounts.adminPassword}`,
        `│ Plumber portal ${base}/plumber-referral ${DEMO_PLUMBER_EMAIL} / ${accounts.plumberPassword}`,
        '└────────────────────────────────────────────────────────────────────────────────',
        '',
      ].join('\n'),
    );
  }
}
