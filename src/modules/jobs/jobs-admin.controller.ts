import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import {
  BulkJobStatusDto,
  BulkJobStatusResult,
  CreateJobDto,
  JobActivityResponse,
  JobChangeResponse,
  JobDetailResponse,
  JobResponse,
  UpdateJobDto,
  UpdateJobStatusDto,
} from './dto/job.dto.js';
import { csvDownload } from '../../common/http/download-headers.js';
import { JobsService } from './jobs.service.js';

@ApiTags('admin: job tracking')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/jobs')
export class JobsAdminController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  @ApiQuery({
    name: 'filter',
    required: false,
    example: '{"q":"JOB-10","status":"quoted"}',
    description: 'The active jobs unless `archived` is true (archived only) or false.',
  })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,9]' })
  @ApiOkResponse({ type: [JobResponse] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<JobResponse[]> {
    const page = await this.jobs.list(query);
    void reply.header('content-range', contentRange('jobs', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching job is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.jobs.csvFileName(), await this.jobs.exportCsv(query));
  }

  @Post('bulk-status')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: BulkJobStatusResult, description: 'All or nothing: one unknown or refused job changes none.' })
  bulkStatus(@CurrentUser() user: CurrentUserInfo, @Body() body: BulkJobStatusDto): Promise<BulkJobStatusResult> {
    return this.jobs.bulkUpdateStatus(user, body);
  }

  @Get(':id/timeline')
  @ApiOkResponse({ type: [JobActivityResponse], description: "Stages, e-mails, report and quote events, the customer's answer: newest first." })
  timeline(@Param('id', ParseUUIDPipe) id: string): Promise<JobActivityResponse[]> {
    return this.jobs.activity(id);
  }

  @Get(':id')
  @ApiOkResponse({ type: JobDetailResponse, description: 'With the status timeline and the e-mails sent for the job.' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<JobDetailResponse> {
    return this.jobs.get(id);
  }

  @Post()
  @ApiCreatedResponse({ type: JobChangeResponse, description: "Tracking link generated; 'notification' is the e-mail queued with it." })
  @ApiConflictResponse({ description: 'A tracking link already exists for that job number.' })
  create(@CurrentUser() user: CurrentUserInfo, @Body() body: CreateJobDto): Promise<JobChangeResponse> {
    return this.jobs.create(user, body);
  }

  @Put(':id')
  @ApiBody({ type: UpdateJobDto, description: 'The whole record may be sent (react-admin); only customerName, customerEmail and address change.' })
  @ApiOkResponse({ type: JobResponse, description: 'The updated record.' })
  update(@Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateJobDto): Promise<JobResponse> {
    return this.jobs.update(id, body);
  }

  @Post(':id/archive')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: JobResponse, description: 'Archived: kept, hidden from the active list; its tracking page answers Invalid Job ID until restored.' })
  archive(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<JobResponse> {
    return this.jobs.setArchived(user, id, true);
  }

  @Post(':id/restore')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: JobResponse, description: 'Back in the active list, its tracking link working again.' })
  restore(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<JobResponse> {
    return this.jobs.setArchived(user, id, false);
  }

  @Put(':id/status')
  @ApiOkResponse({ type: JobChangeResponse })
  updateStatus(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateJobStatusDto): Promise<JobChangeResponse> {
    return this.jobs.updateStatus(user, id, body);
  }

  @Post(':id/notify')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOkResponse({ type: JobChangeResponse, description: "The current status's e-mail, sent again." })
  notify(@Param('id', ParseUUIDPipe) id: string): Promise<JobChangeResponse> {
    return this.jobs.notify(id);
  }
}
