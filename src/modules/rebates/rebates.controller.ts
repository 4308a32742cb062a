import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { csvDownload } from '../../common/http/download-headers.js';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import type { RebateEntry, RebateEntryDetail, RebateReasonRequest } from '@relining/contracts/api/rebates';
import { RebatesService, type BulkOutcome } from './rebates.service.js';

/** Voiding and refunding say why (the service refuses an empty reason with the form's message). */
export class RebateReasonDto implements RebateReasonRequest {
  @IsOptional()
  @IsString({ message: 'Please give a reason' })
  @MaxLength(500, { message: 'The reason can hold at most 500 characters' })
  reason!: string;
}

/** A bulk action's records: 1 to 500 entry ids. */
export class RebateIdsDto {
  @IsUUID('all', { each: true, message: 'Each id must be a rebate id' })
  @ArrayMaxSize(500, { message: 'Choose at most 500 rebates at a time' })
  @ArrayNotEmpty({ message: 'Choose at least one rebate' })
  @IsArray({ message: 'Choose at least one rebate' })
  ids!: string[];
}

/** A bulk void: the entries and one reason for all of them. */
export class RebateIdsReasonDto extends RebateIdsDto {
  @IsOptional()
  @IsString({ message: 'Please give a reason' })
  @MaxLength(500, { message: 'The reason can hold at most 500 characters' })
  reason!: string;
}

@ApiTags('plumber: rebates')
@ApiBearerAuth()
@Roles('plumber')
@Controller('me/rebates')
export class MyRebatesController {
  constructor(private readonly rebates: RebatesService) {}

  @Get()
  @ApiOkResponse({ description: "The plumber's ledger entries (amounts in cents), newest milestone first." })
  list(@CurrentUser() user: CurrentUserInfo): Promise<RebateEntry[]> {
    return this.rebates.listForPlumber(user);
  }
}

@ApiTags('admin: rebates')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/rebates')
export class RebatesAdminController {
  constructor(private readonly rebates: RebatesService) {}

  @Get()
  @ApiQuery({
    name: 'filter',
    required: false,
    example: '{"state":"pending","overdue":true}',
    description: 'state, kind, plumberId, referralId, dueBefore (yyyy-MM-dd), overdue, q',
  })
  @ApiQuery({ name: 'sort', required: false, example: '["dueAt","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'Ledger entries (react-admin list).' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<RebateEntry[]> {
    const page = await this.rebates.list(query);
    void reply.header('content-range', contentRange('rebates', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching entry is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.rebates.csvFileName(), await this.rebates.exportCsv(query));
  }

  @Post('bulk-approve')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: RebateIdsDto })
  @ApiOkResponse({ description: '{updated, unchanged}: every entry approved as one by one, in one transaction; one refused entry changes nothing.' })
  bulkApprove(@CurrentUser() user: CurrentUserInfo, @Body() body: RebateIdsDto): Promise<BulkOutcome> {
    return this.rebates.approveMany(user, body.ids);
  }

  @Post('bulk-void')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: RebateIdsReasonDto })
  @ApiOkResponse({ description: '{updated, unchanged}: every entry voided with the one reason, in one transaction; one refused entry changes nothing.' })
  bulkVoid(@CurrentUser() user: CurrentUserInfo, @Body() body: RebateIdsReasonDto): Promise<BulkOutcome> {
    return this.rebates.voidMany(user, body.ids, body.reason);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The entry with its history.' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<RebateEntryDetail> {
    return this.rebates.get(id);
  }

  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A pending entry approved for payment.' })
  approve(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<RebateEntry> {
    return this.rebates.approve(user, id);
  }

  @Post(':id/pay')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: "A pending or approved entry paid (a refund adjustment: settled); a void one is refused ('A void rebate cannot be paid')." })
  pay(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<RebateEntry> {
    return this.rebates.pay(user, id);
  }

  @Post(':id/void')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: RebateReasonDto })
  @ApiOkResponse({ description: 'Voided with the reason given (not a paid entry: refund it).' })
  void(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: RebateReasonDto): Promise<RebateEntry> {
    return this.rebates.voidEntry(user, id, body?.reason);
  }

  @Post(':id/refund')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: RebateReasonDto })
  @ApiOkResponse({ description: 'A paid entry taken back: answers the negative adjustment made.' })
  refund(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: RebateReasonDto): Promise<RebateEntry> {
    return this.rebates.refund(user, id, body?.reason);
  }
}
