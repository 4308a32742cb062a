import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import type { ReferralReviewRecord, ResolveReferralReviewRequest } from '@relining/contracts/api/referrals';
import { ReferralReviewsService } from './referral-reviews.service.js';

class ResolveReviewDto implements ResolveReferralReviewRequest {
  @IsOptional()
  @IsUUID('all', { message: 'referralId must be a referral id' })
  referralId?: string | null;

  @IsOptional()
  @IsIn(['approve', 'reject', 'dismiss'], { message: 'decision must be one of: approve, reject, dismiss' })
  decision?: 'approve' | 'reject' | 'dismiss';

  @IsOptional()
  @IsUUID('all', { message: 'plumberId must be an account id' })
  plumberId?: string;

  @IsOptional()
  @MaxLength(500, { message: 'The note can hold at most 500 characters' })
  @IsString({ message: 'The note must be text' })
  note?: string;
}

@ApiTags('admin: referral reviews')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/referral-reviews')
export class ReferralReviewsController {
  constructor(private readonly reviews: ReferralReviewsService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"open","kind":"conflict"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'What staff must decide: conflicts (two plumbers, one customer), duplicates, unknown referral codes.' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReferralReviewRecord[]> {
    const page = await this.reviews.list(query);
    void reply.header('content-range', contentRange('referral-reviews', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<ReferralReviewRecord> {
    return this.reviews.get(id);
  }

  @Post(':id/resolve')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: ResolveReviewDto })
  @ApiOkResponse({
    description: 'A conflict: referralId (or null); a duplicate: decision approve | reject; an unknown code: dismiss, or plumberId to attribute it.',
  })
  resolve(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: ResolveReviewDto): Promise<ReferralReviewRecord> {
    return this.reviews.resolve(user, id, body);
  }
}
