import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ActorContextInterceptor } from '../../common/audit/actor-context.js';
import { AuditRetentionJob } from './audit-retention.job.js';
import { AuditController } from './audit.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/**
 * The audit trail (issue 19): owns `audit_log`. Global, like the event bus: every module records its
 * changes (by raising `Audited` in its transaction, or through AuditService), and this module imports
 * no other.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditRepository, AuditService, AuditRetentionJob, { provide: APP_INTERCEPTOR, useClass: ActorContextInterceptor }],
  exports: [AuditService],
})
export class AuditModule {}
