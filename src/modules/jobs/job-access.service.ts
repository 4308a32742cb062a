import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { QUOTE_MESSAGES, type UnlockRequest } from '@relining/contracts/api/inspections';
import { DomainError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { UNLOCK_GRANT_DAYS, UNLOCK_WRONG_TRIES_PER_HOUR, unlockInputProblem, unlockMatches } from './job-access.rules.js';
import type { Job } from './job.entity.js';
import { JobsRepository } from './jobs.repository.js';

/** The HttpOnly cookie that unlocks one job's private part; its path is that job's API, so no other job sees it. */
export const JOB_ACCESS_COOKIE = 'job_access';
const JOB_NOT_FOUND = 'The job ID provided is not valid or has expired.';

/** A job whose private part this browser has unlocked. */
export interface UnlockedJob {
  id: string;
  jobNumber: string;
  trackingCode: string;
  customerName: string;
  customerEmail: string;
  status: Job['status'];
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The tracking page's private part (issue 17): the report, its photos, its PDF and the quote need the
 * site's postcode or the phone's last four digits once per browser. Tries are counted per job in
 * PostgreSQL under the job's row lock, so five wrong tries an hour is exact across instances; a right
 * try stores the hash of a random token and sets it as an HttpOnly cookie scoped to the job's path.
 */
@Injectable()
export class JobAccessService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: JobsRepository,
  ) {}

  /** Checks the postcode or phone digits; on a match sets the job's cookie. 400 wrong, 429 after five wrong in an hour. */
  async unlock(typedCode: string, input: UnlockRequest, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const code = typedCode.slice(0, 300).toLowerCase();
    const problem = unlockInputProblem(input ?? {});
    if (problem) throw DomainError.validation([problem]);
    const token = randomBytes(32).toString('base64url');
    const outcome = await this.dataSource.transaction(async (manager) => {
      const job = code === 'invalid' ? null : await this.repository.activeByCode(manager, code, true);
      if (!job) throw new DomainError('JOB_NOT_FOUND', JOB_NOT_FOUND, HttpStatus.NOT_FOUND);
      if ((await this.repository.wrongUnlockTries(manager, job.id)) >= UNLOCK_WRONG_TRIES_PER_HOUR) return 'limited' as const;
      const right = unlockMatches(job, input);
      await this.repository.addUnlockAttempt(manager, { jobId: job.id, ip: request.ip, grantHash: right ? hashOf(token) : null });
      return right ? ('right' as const) : ('wrong' as const);
    });
    if (outcome === 'limited') throw new DomainError('UNLOCK_LIMITED', QUOTE_MESSAGES.unlockLimited, HttpStatus.TOO_MANY_REQUESTS);
    if (outcome === 'wrong') {
      const field = input.postcode !== undefined && input.postcode !== '' ? 'postcode' : 'phoneLast4';
      throw new DomainError('UNLOCK_WRONG', QUOTE_MESSAGES.unlockWrong, HttpStatus.BAD_REQUEST, [{ field, message: QUOTE_MESSAGES.unlockWrong }]);
    }
    void reply.setCookie(JOB_ACCESS_COOKIE, token, {
      httpOnly: true,
      secure: this.config.env === 'production',
      sameSite: 'strict',
      path: `/api/job-status/${code}`,
      maxAge: UNLOCK_GRANT_DAYS * 24 * 60 * 60,
    });
  }

  /** Whether the request carries this job's grant. */
  async isUnlocked(jobId: string, request: FastifyRequest): Promise<boolean> {
    const token = request.cookies?.[JOB_ACCESS_COOKIE];
    if (!token || token.length > 100) return false;
    return this.repository.grantValid(jobId, hashOf(token), UNLOCK_GRANT_DAYS);
  }

  /** The job a tracking code names, when this browser has unlocked it: 404 unknown, 403 locked. */
  async unlockedJob(typedCode: string, request: FastifyRequest): Promise<UnlockedJob> {
    const code = typedCode.slice(0, 300).toLowerCase();
    const job = code === 'invalid' ? null : await this.repository.activeByCode(this.dataSource.manager, code);
    if (!job) throw new DomainError('JOB_NOT_FOUND', JOB_NOT_FOUND, HttpStatus.NOT_FOUND);
    if (!(await this.isUnlocked(job.id, request))) throw new DomainError('JOB_LOCKED', QUOTE_MESSAGES.locked, HttpStatus.FORBIDDEN);
    return {
      id: job.id,
      jobNumber: job.jobNumber,
      trackingCode: job.trackingCode,
      customerName: job.customerName,
      customerEmail: job.customerEmail,
      status: job.status,
    };
  }
}
