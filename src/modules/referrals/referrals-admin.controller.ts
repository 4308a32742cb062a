import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { csvDownload } from '../../common/http/download-headers.js';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import type {
  EmailPlumberRequest,
  EmailPlumberResult,
  ReferralChangeResult,
  ReferralDetail,
  ReferralMatches,
  ReferralRecord,
} from '@relining/contracts/api/referrals';
import { PhotosService } from './photos.service.js';
import { photoHeaders } from './referrals.controller.js';
import { ReferralsAdminService, type ReferralBulkOutcome, type ReferralStats } from './referrals-admin.service.js';

class UpdateReferralDto {
  @IsOptional()
  @IsString({ message: 'Status must be one of: referred, cleanview_completed, reline_completed, rebate_paid' })
  status?: string;

  /** Internal notes (staff only). The plumber's own `notes` are read-only here: sent back with the record, ignored. */
  @IsOptional()
  @MaxLength(5_000, { message: 'Staff notes can hold at most 5,000 characters' })
  @IsString({ message: 'Staff notes must be text' })
  staffNotes?: string | null;
}

/** A bulk status change: 1 to 500 referrals and the status they all move to. */
class BulkReferralStatusDto {
  @IsUUID('all', { each: true, message: 'Each id must be a referral id' })
  @ArrayMaxSize(500, { message: 'Choose at most 500 referrals at a time' })
  @ArrayNotEmpty({ message: 'Choose at least one referral' })
  @IsArray({ message: 'Choose at least one referral' })
  ids!: string[];

  @IsString({ message: 'Status must be one of: referred, cleanview_completed, reline_completed, rebate_paid' })
  status!: string;
}

class EmailPlumberDto implements EmailPlumberRequest {
  /** One header line: a line break of any kind could otherwise start a header of its own. */
  @Matches(/^[^\r\n\u000B\u000C\u0085\u2028\u2029]*$/u, { message: 'The subject must be a single line.' })
  @MaxLength(200, { message: 'The subject can hold at most 200 characters' })
  @IsString({ message: 'Please enter a subject' })
  @IsNotEmpty({ message: 'Please enter a subject' })
  subject!: string;

  @MaxLength(10_000, { message: 'The message can hold at most 10,000 characters' })
  @IsString({ message: 'Please enter a message' })
  @IsNotEmpty({ message: 'Please enter a message' })
  message!: string;
}

@ApiTags('admin: referrals')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/referrals')
export class ReferralsAdminController {
  constructor(
    private readonly referrals: ReferralsAdminService,
    private readonly photos: PhotosService,
  ) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"referred","urgency":"high","q":"smith","createdFrom":"2026-11-01"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,4]' })
  @ApiOkResponse({ description: 'Referrals (camelCase records), 5 per page by default.' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReferralRecord[]> {
    const page = await this.referrals.list(query);
    void reply.header('content-range', contentRange('referrals', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('stats')
  @ApiOkResponse({ description: 'Summary cards, top 3 referrers by count, rebates due soon or overdue, referrals per week by status (12 weeks).' })
  stats(): Promise<ReferralStats> {
    return this.referrals.stats();
  }

  @Get('matches')
  @ApiQuery({ name: 'bookingId', required: true })
  @ApiOkResponse({
    description: "The booking customer's referrals of the last 90 days, oldest first (the first referrer wins), and whether two plumbers claim them.",
  })
  matches(@Query('bookingId') bookingId: string): Promise<ReferralMatches> {
    return this.referrals.matches(bookingId);
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching referral is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.referrals.csvFileName(), await this.referrals.exportCsv(query));
  }

  @Post('bulk-status')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: BulkReferralStatusDto })
  @ApiOkResponse({
    description:
      '{updated, unchanged, notices}: each referral moved as the edit form moves it (ledger, e-mail, audit), in one transaction; an unknown id changes nothing.',
  })
  bulkStatus(@CurrentUser() user: CurrentUserInfo, @Body() body: BulkReferralStatusDto): Promise<ReferralBulkOutcome> {
    return this.referrals.bulkStatus(user, body.ids, body.status);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'With its history, photos, rebate due dates and rebate ledger.' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<ReferralDetail> {
    return this.referrals.get(id);
  }

  @Put(':id')
  @ApiBody({
    schema: { properties: { status: { enum: ['referred', 'cleanview_completed', 'reline_completed', 'rebate_paid'] }, staffNotes: { type: 'string' } } },
  })
  @ApiOkResponse({
    description:
      "The updated record and `notices`: what the change could not do (e.g. 'The reline rebate has not been earned: the job was not relined'). The rebate ledger follows in the same transaction, and the plumber is e-mailed.",
  })
  update(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateReferralDto): Promise<ReferralChangeResult> {
    return this.referrals.update(user, id, body);
  }

  @Post(':id/email')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOkResponse({
    description:
      "'Send Email to Plumber': really sent through the outbox. {notificationId, to, status}: status 'queued', or 'preview' when no SMTP server is configured (saved, not sent).",
  })
  email(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: EmailPlumberDto): Promise<EmailPlumberResult> {
    return this.referrals.emailPlumber(user, id, body.subject.trim(), body.message.trim());
  }

  @Get(':id/photos/:photoId')
  async photo(@Param('id', ParseUUIDPipe) id: string, @Param('photoId', ParseUUIDPipe) photoId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.referrals.get(id);
    const photo = await this.photos.open(id, photoId);
    photoHeaders(reply, photo);
    return new StreamableFile(photo.stream);
  }
}
