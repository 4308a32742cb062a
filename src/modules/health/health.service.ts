import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthReport } from '@relining/contracts/api/health';
import { databaseAnswers } from '../../database/sql.js';

export type { HealthReport };

/** A load balancer should hear "down" quickly rather than wait for the pool's connection timeout. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<HealthReport> {
    const up = await this.databaseAnswers();
    return up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    const query = databaseAnswers(this.dataSource);
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
