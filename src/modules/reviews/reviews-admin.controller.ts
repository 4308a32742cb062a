import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReviewImportResult, ReviewRecord } from '@relining/contracts/api/reviews';
import { REVIEW_STATUSES, ReviewStatus } from '@relining/contracts/review-rules';
import { Roles } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { IMPORT_LIMITS } from './review.rules.js';
import { REVIEW_BULK_MAX, ReviewsService } from './reviews.service.js';

/** Staff moderation of reviews (react-admin dialect): publish, hide, reply, bulk, CSV import. */
@ApiTags('admin: reviews')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/reviews')
export class ReviewsAdminController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"pending","q":"roots"}', description: 'q, status, source, rating, verified, area, id' })
  @ApiQuery({ name: 'sort', required: false, example: '["writtenAt","DESC"]', description: 'writtenAt, createdAt, rating, status' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReviewRecord[]> {
    const page = await this.reviews.list(query);
    void reply.header('content-range', contentRange('reviews', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Post('bulk-status')
  @HttpCode(HttpStatus.OK)
  @ApiBody({
    schema: {
      required: ['ids', 'status'],
      properties: {
        ids: { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: REVIEW_BULK_MAX },
        status: { enum: [...REVIEW_STATUSES] },
      },
    },
  })
  @ApiOkResponse({ description: '{updated, unchanged}; all or nothing (a review without consent cannot be published), one audit entry per review changed.' })
  bulkStatus(@Body() body: Record<string, unknown>): Promise<{ updated: string[]; unchanged: string[] }> {
    return this.reviews.bulkStatus(body);
  }

  @Post('import')
  @HttpCode(HttpStatus.OK)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: 'CSV with a header row: rating, text, name, suburb, postcode, date (yyyy-mm-dd or d/m/yyyy), source',
        },
        source: { type: 'string', example: 'Google', description: 'For rows without a source' },
        publish: { type: 'string', enum: ['true', 'false'], description: "'true': published at once (default: waiting for moderation)" },
      },
    },
  })
  @ApiOkResponse({ description: 'ReviewImportResult {imported, duplicates}. Any bad row: 400 naming each row and field, nothing imported.' })
  import(@Req() request: FastifyRequest): Promise<ReviewImportResult> {
    if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data.', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    return this.reviews.import(request.parts({ limits: { files: 1, fileSize: IMPORT_LIMITS.bytes } }));
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<ReviewRecord> {
    return this.reviews.get(id);
  }

  @Put(':id')
  @ApiBody({ schema: { properties: { status: { enum: [...REVIEW_STATUSES] }, reply: { type: 'string', nullable: true } } } })
  @ApiOkResponse({ description: 'The review. Other fields of the record are ignored.' })
  change(@Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<ReviewRecord> {
    return this.reviews.change(id, body);
  }

  @Post(':id/publish')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The review, published. 400 when its author did not consent.' })
  publish(@Param('id', ParseUUIDPipe) id: string): Promise<ReviewRecord> {
    return this.reviews.setStatus(id, ReviewStatus.Published);
  }

  @Post(':id/hide')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The review, hidden (kept, never shown).' })
  hide(@Param('id', ParseUUIDPipe) id: string): Promise<ReviewRecord> {
    return this.reviews.setStatus(id, ReviewStatus.Hidden);
  }
}
