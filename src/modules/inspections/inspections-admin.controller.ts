import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JobPhotoRecord, ReportRecord } from '@relining/contracts/api/inspections';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { UPLOAD_BODY_ALLOWANCE } from '../../common/http/slow-clients.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { InspectionsService, NO_PUBLISHED_REPORT_STAFF } from './inspections.service.js';
import { JobPhotosService, MAX_JOB_PHOTOS, PHOTO_IN_PUBLISHED_REPORT } from './job-photos.service.js';
import { pdfHeaders } from '../../common/http/download-headers.js';

/** Photo uploads per IP and per staff account (the same allowance as a plumber's referral photos). */
export const JOB_PHOTO_UPLOAD_RATE_LIMIT: RateLimitOptions = {
  perIp: { minute: 20, hour: 120 },
  perSubject: { by: (request) => (request as FastifyRequest & { user?: CurrentUserInfo }).user?.id, limits: { minute: 10, hour: 60 } },
};

/** A stored image file of a job photo: it never changes (a new photo has a new id). */
export function photoFileHeaders(reply: FastifyReply, contentType: string): void {
  void reply
    .header('content-type', contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', "default-src 'none'; sandbox");
}

@ApiTags('admin: inspection reports')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/jobs')
export class InspectionsAdminController {
  constructor(
    private readonly reports: InspectionsService,
    private readonly photos: JobPhotosService,
  ) {}

  @Get(':id/report')
  @ApiOkResponse({
    description: 'ReportRecord: the draft (empty summary and no sections, updatedAt null, when none is saved), the published version, every photo of the job.',
  })
  @ApiNotFoundResponse({ description: 'Job not found.' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<ReportRecord> {
    return this.reports.get(id);
  }

  @Put(':id/report')
  @ApiBody({ description: 'ReportChange {summary, sections}: checked by reportProblems; photoIds must be photos of this job.' })
  @ApiOkResponse({ description: 'ReportRecord' })
  save(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<ReportRecord> {
    return this.reports.save(user, id, body);
  }

  @Post(':id/report/publish')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'ReportRecord: the draft published as the next version with its PDF; the job moves on to Inspection Completed.' })
  publish(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<ReportRecord> {
    return this.reports.publish(user, id);
  }

  @Get(':id/report.pdf')
  @ApiOkResponse({ description: 'application/pdf of the latest published version.' })
  @ApiNotFoundResponse({ description: NO_PUBLISHED_REPORT_STAFF })
  async pdf(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const pdf = await this.reports.pdf(id);
    pdfHeaders(reply, pdf.fileName);
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(pdf.stream);
  }

  @Post(':id/photos')
  @RateLimit(JOB_PHOTO_UPLOAD_RATE_LIMIT)
  @RouteConfig(UPLOAD_BODY_ALLOWANCE)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { photos: { type: 'array', items: { type: 'string', format: 'binary' } } } } })
  @ApiCreatedResponse({ description: `JobPhotoRecord[]: JPEG, PNG or WebP of 10 MB at most, up to 5 at a time and ${MAX_JOB_PHOTOS} a job.` })
  async upload(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Req() request: FastifyRequest): Promise<JobPhotoRecord[]> {
    if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos as multipart/form-data.', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    return this.photos.upload(user, id, request.files());
  }

  @Delete(':id/photos/:photoId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted, and taken out of the draft.' })
  @ApiConflictResponse({ description: PHOTO_IN_PUBLISHED_REPORT })
  remove(@Param('id', ParseUUIDPipe) id: string, @Param('photoId', ParseUUIDPipe) photoId: string): Promise<void> {
    return this.photos.remove(id, photoId);
  }

  @Get(':id/photos/:photoId/:file')
  @ApiOkResponse({ description: "One stored file of the photo, e.g. '800.avif': image/avif, image/webp or image/jpeg." })
  async photo(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('photoId', ParseUUIDPipe) photoId: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const variant = await this.photos.openVariant(id, photoId, file);
    photoFileHeaders(reply, variant.contentType);
    return new StreamableFile(variant.stream);
  }
}
