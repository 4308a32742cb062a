import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PayoutRunDetail, PayoutRunSummary, PlumberPayouts } from '@relining/contracts/api/payouts';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { pdfHeaders } from '../../common/http/download-headers.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { PayoutsService } from './payouts.service.js';

@ApiTags('plumber: payments')
@ApiBearerAuth()
@Roles('plumber')
@Controller('me/payouts')
export class MyPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  @ApiOkResponse({ description: 'Each payout (date, amounts, the referrals it covered, its RCTI) and the approved amounts still to come.' })
  list(@CurrentUser() user: CurrentUserInfo): Promise<PlumberPayouts> {
    return this.payouts.myPayouts(user);
  }

  @Get(':id/rcti.pdf')
  @ApiOkResponse({ description: 'application/pdf: the RCTI of one of your payouts.' })
  async rcti(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id', ParseUUIDPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.payouts.myRcti(user, id);
    pdfHeaders(reply, file.fileName);
    return new StreamableFile(file.stream);
  }
}

@ApiTags('admin: payout runs')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/payout-runs')
export class PayoutRunsAdminController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"draft"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'Payout runs (react-admin list).' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<PayoutRunSummary[]> {
    const page = await this.payouts.list(query);
    void reply.header('content-range', contentRange('payout-runs', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Post()
  @ApiBody({ description: '{entryIds: [...]} or {dueBefore: "yyyy-MM-dd"}: approved, unpaid rebates (each in one open run only).' })
  @ApiOkResponse({ description: 'The draft run: totals per plumber, its entries and warnings.' })
  create(@CurrentUser() user: CurrentUserInfo, @Body() body: Record<string, unknown>): Promise<PayoutRunDetail> {
    return this.payouts.create(user, body);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'Totals per plumber, the entries, and the warnings to read before downloading the file.' })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<PayoutRunDetail> {
    return this.payouts.detail(id);
  }

  @Put(':id')
  @ApiBody({ description: "{entryIds}: a draft run's entries replaced (a paid run cannot be changed)." })
  update(@Param('id', ParseUUIDPipe) id: string, @RecordBody() body: Record<string, unknown>): Promise<PayoutRunDetail> {
    return this.payouts.update(id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ description: 'A draft run cancelled: its entries go back to the ledger.' })
  cancel(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<PayoutRunDetail> {
    return this.payouts.cancel(user, id);
  }

  @Get(':id/aba')
  @ApiOkResponse({ description: "The ABA (Cemtex) file for the business's bank: 120-character records, one credit per plumber paid by direct deposit." })
  async aba(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const file = await this.payouts.abaFile(id);
    void reply
      .header('content-type', 'text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return file.content;
  }

  @Post(':id/mark-paid')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Every entry paid in one transaction, one RCTI per plumber, remittance e-mails queued. Again: nothing changes.' })
  markPaid(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<PayoutRunDetail> {
    return this.payouts.markPaid(user, id);
  }

  @Get(':id/payees/:plumberId/rcti.pdf')
  @ApiOkResponse({ description: 'application/pdf: the RCTI of a plumber paid in this run.' })
  async rcti(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('plumberId', ParseUUIDPipe) plumberId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.payouts.rctiOfRun(id, plumberId);
    pdfHeaders(reply, file.fileName);
    return new StreamableFile(file.stream);
  }
}
