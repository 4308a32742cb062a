import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { InjectConfig } from '../config/config.module.js';
import { createOrPromoteAdmin } from '../modules/auth/admin-accounts.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { newTrackingCode } from '../modules/jobs/tracking-code.js';
import { queryRows } from '../database/sql.js';
import { seedDemoBusiness } from './demo-business.js';
import { seedDemoPaymentDetails } from './demo-payment-details.js';
import { seedDemoReviews } from './demo-reviews.js';
import { DEMO_PLUMBER } from './demo-business-data.js';

const DEMO_LOCK_ID = 727_245_302;

export const DEMO_ADMIN_EMAIL = 'admin@example.com.au';
export const DEMO_PLUMBER_EMAIL = DEMO_PLUMBER.email;

const SAMPLE_JOBS = [
  {
    jobNumber: 'JOB-1001',
    customer: 'John Smith',
    email: 'john.smith@example.com.au',
    address: '12 Station Street, Richmond VIC 3121',
    status: 'quoted',
    created: '2023-11-15T09:30:00+11:00',
  },
  {
    jobNumber: 'JOB-1002',
    customer: 'Sarah Johnson',
    email: 'sarah.johnson@example.com.au',
    address: '8 Harbour Road, Manly NSW 2095',
    status: 'scheduled',
    created: '2023-11-20T10:15:00+11:00',
  },
  {
    jobNumber: 'JOB-1003',
    customer: 'Michael Brown',
    email: 'michael.brown@example.com.au',
    address: null,
    status: 'inspected',
    created: '2023-11-28T14:00:00+11:00',
  },
  {
    jobNumber: 'JOB-1004',
    customer: 'Emma Wilson',
    email: 'emma.wilson@example.com.au',
    address: '45 Jacaranda Avenue, Toowong QLD 4066',
    status: 'completed',
    created: '2023-12-01T08:45:00+11:00',
  },
  {
    jobNumber: 'JOB-1005',
    customer: 'David Lee',
    email: 'david.lee@example.com.au',
    address: '3 Park Terrace, Norwood SA 5067',
    status: 'booked',
    created: '2023-12-05T11:20:00+11:00',
  },
] as const;

function demoPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Demo mode (DEMO_DATA; the default only for the embedded database): an empty database gets a demo
 * admin and a demo plumber, whose sign-in details are shown once, at the end of that first start,
 * and a business that looks alive (demo-business.ts): eight weeks of bookings, enquiries, plumbers'
 * referrals and jobs at every stage, dated back from today, and the next two weeks' appointments.
 */
export interface DemoAccounts {
  adminPassword: string;
  plumberPassword: string;
}

@Injectable()
export class DemoDataService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoData');
  private newAccounts: DemoAccounts | undefined;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoData) return;
    await this.seedSampleJobs();
    const seeded = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK_ID]);
      const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(manager, 'SELECT count(*)::int AS count FROM users');
      if (count > 0) return undefined;
      const adminPassword = demoPassword();
      const plumberPassword = demoPassword();
      const admin = await createOrPromoteAdmin(manager, DEMO_ADMIN_EMAIL, adminPassword);
      const [plumber] = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, now()) RETURNING id`,
        [DEMO_PLUMBER_EMAIL, await hashPassword(plumberPassword)],
      );
      await manager.query(`INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, $2, $3, $4)`, [
        plumber!.id,
        DEMO_PLUMBER.fullName,
        DEMO_PLUMBER.businessName,
        DEMO_PLUMBER.phone,
      ]);
      await manager.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'plumber')`, [plumber!.id]);
      // In the same transaction as the accounts: the business is seeded exactly when they are, once.
      const started = performance.now();
      const counts = await seedDemoBusiness(
        manager,
        { staffId: admin.userId, demoPlumberId: plumber!.id },
        { now: new Date(), timeZone: this.config.tzDisplay },
      );
      await seedDemoPaymentDetails(manager, this.config.payoutEncryptionKey, new Date(Date.now() - 30 * 86_400_000));
      // The published reviews the site's rating is computed from ('Rated 4.9 out of 5 from 83 reviews').
      await seedDemoReviews(manager, new Date());
      return { accounts: { adminPassword, plumberPassword }, counts, milliseconds: Math.round(performance.now() - started) };
    });
    if (!seeded) return;
    const { counts, milliseconds } = seeded;
    this.logger.log(
      `Demo business seeded in ${milliseconds} ms: ${counts.bookings} bookings, ${counts.enquiries} enquiries, ${counts.plumbers + 1} plumbers, ${counts.referrals} referrals, ${counts.jobs} jobs, ${counts.appointments} appointments`,
    );
    this.newAccounts = seeded.accounts;
  }

  /**
   * The demo accounts this start created, once (then forgotten): the server shows them to the person
   * at the terminal at the end of its start-up (src/start-server.ts), never through the logs.
   */
  takeNewAccounts(): DemoAccounts | undefined {
    const accounts = this.newAccounts;
    this.newAccounts = undefined;
    return accounts;
  }

  /** spec §9: five sample jobs, November and December 2023, statuses quoted, scheduled, inspected, completed, booked. */
  private async seedSampleJobs(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK_ID]);
      const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(manager, 'SELECT count(*)::int AS count FROM jobs');
      if (count > 0) return;
      for (const job of SAMPLE_JOBS) {
        const [row] = await queryRows<{ id: string }>(
          manager,
          `INSERT INTO jobs (job_number, customer_name, customer_email, address, status, tracking_code, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
          [job.jobNumber, job.customer, job.email, job.address, job.status, newTrackingCode(job.status, job.jobNumber), job.created],
        );
        await manager.query(`INSERT INTO job_status_events (job_id, status, created_at) VALUES ($1, $2, $3)`, [row!.id, job.status, job.created]);
      }
    });
  }
}
