import { Injectable } from '@nestjs/common';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { formatCents, gstIncluded } from '@relining/contracts/quote-rules';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { companyInbox } from '../notifications/mailers/company-inbox.js';
import type { EmailRequest } from '../notifications/notifications.service.js';

interface NoticeJob {
  id: string;
  jobNumber: string;
  customerName: string;
  address: string | null;
}

/** 'version 2, Total $4,950.00 inc. GST (GST $450.00)'. */
export function versionAndTotal(version: number, totalCents: number): string {
  return `version ${version}, Total ${formatCents(totalCents)} inc. GST (GST ${formatCents(gstIncluded(totalCents))})`;
}

/** The company's notices of what a customer did with their quote (issue 17), to the company inbox. */
@Injectable()
export class QuoteNotices {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** 'Quote accepted: JOB-1001 by Alex Citizen (version 2, Total $4,950.00 inc. GST (GST $450.00))'. One per job: accepting happens once. */
  accepted(
    job: NoticeJob,
    acceptance: { fullName: string; version: number; totalCents: number; acceptedAt: Date; mediaConsent: boolean },
  ): EmailRequest<'quote_accepted_notice'> {
    return {
      template: 'quote_accepted_notice',
      to: companyInbox(this.config),
      variables: {
        jobId: job.jobNumber,
        fullName: acceptance.fullName,
        details: versionAndTotal(acceptance.version, acceptance.totalCents),
        customerName: job.customerName,
        address: job.address ?? '',
        acceptedAt: formatLongDateTimeIn(this.config.tzDisplay, acceptance.acceptedAt),
        mediaConsent: acceptance.mediaConsent ? 'Yes: the before and after photos may be used on the website.' : 'No.',
        jobLink: this.jobLink(job.id),
      },
      dedupeKey: `quote-accepted:${job.id}`,
      entity: { type: 'job', id: job.id },
    };
  }

  declined(
    job: NoticeJob,
    decline: { id: string; version: number; totalCents: number; reason: string | null; declinedAt: Date },
  ): EmailRequest<'quote_declined_notice'> {
    return {
      template: 'quote_declined_notice',
      to: companyInbox(this.config),
      variables: {
        jobId: job.jobNumber,
        customerName: job.customerName,
        details: versionAndTotal(decline.version, decline.totalCents),
        reason: decline.reason ?? 'No reason given.',
        declinedAt: formatLongDateTimeIn(this.config.tzDisplay, decline.declinedAt),
        jobLink: this.jobLink(job.id),
      },
      dedupeKey: `quote-declined:${decline.id}`,
      entity: { type: 'job', id: job.id },
    };
  }

  private jobLink(jobId: string): string {
    return `${this.config.publicBaseUrl}/admin/job-tracking/${jobId}/show/quote`;
  }
}
