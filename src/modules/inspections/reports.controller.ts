import { Controller, Get, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUOTE_MESSAGES, type PublicReport } from '@relining/contracts/api/inspections';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { JobAccessService } from '../jobs/job-access.service.js';
import { privateAnswer } from '../jobs/job-status.controller.js';
import { pdfHeaders } from '../../common/http/download-headers.js';
import { photoFileHeaders } from './inspections-admin.controller.js';
import { InspectionsService, NO_PUBLISHED_REPORT_CUSTOMER } from './inspections.service.js';

/** The report and its PDF per IP (as the tracking status). */
export const JOB_REPORT_RATE_LIMIT = { perIp: { minute: 60 } } as const satisfies RateLimitOptions;
/** A report's photos per IP: a gallery of 20 photos in a few widths as the reader scrolls and zooms. */
export const JOB_REPORT_PHOTO_RATE_LIMIT = { perIp: { minute: 300 } } as const satisfies RateLimitOptions;

/**
 * The customer's published report on the tracking page (issue 17): only once this browser has
 * unlocked the job (403 before, with how to unlock), only what was published, never cached by anything
 * shared nor indexed.
 */
@ApiTags('job status')
@Controller('job-status')
export class ReportsController {
  constructor(
    private readonly access: JobAccessService,
    private readonly reports: InspectionsService,
  ) {}

  @Public()
  @Get(':code/report')
  @RateLimit(JOB_REPORT_RATE_LIMIT)
  @ApiOkResponse({ description: 'PublicReport: the published snapshot.' })
  @ApiForbiddenResponse({ description: QUOTE_MESSAGES.locked })
  @ApiNotFoundResponse({ description: NO_PUBLISHED_REPORT_CUSTOMER })
  async report(@Param('code') code: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PublicReport> {
    privateAnswer(reply);
    return this.reports.publicReport(await this.access.unlockedJob(code, request));
  }

  @Public()
  @Get(':code/report.pdf')
  @RateLimit(JOB_REPORT_RATE_LIMIT)
  @ApiOkResponse({ description: 'application/pdf of the latest published version.' })
  @ApiForbiddenResponse({ description: QUOTE_MESSAGES.locked })
  async pdf(@Param('code') code: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    privateAnswer(reply);
    const pdf = await this.reports.publicPdf(await this.access.unlockedJob(code, request));
    pdfHeaders(reply, pdf.fileName);
    return new StreamableFile(pdf.stream);
  }

  @Public()
  @Get(':code/photos/:photoId/:file')
  @RateLimit(JOB_REPORT_PHOTO_RATE_LIMIT)
  @ApiOkResponse({ description: "A file of a photo the published report shows, e.g. '800.avif'." })
  @ApiForbiddenResponse({ description: QUOTE_MESSAGES.locked })
  async photo(
    @Param('code') code: string,
    @Param('photoId') photoId: string,
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    privateAnswer(reply);
    const variant = await this.reports.publicPhoto(await this.access.unlockedJob(code, request), photoId.slice(0, 100), file.slice(0, 20));
    // The file never changes: the browser may keep it (private: no shared cache), still never indexed.
    photoFileHeaders(reply, variant.contentType);
    return new StreamableFile(variant.stream);
  }
}
