import { Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CalendarFeed } from '@relining/contracts/api/appointments';
import { Public, Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { CalendarFeedsService } from './calendar-feeds.service.js';

/** The signed-in staff user's own calendar feed address. */
@ApiTags('admin: appointments')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/calendar-feed')
export class CalendarFeedAdminController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @Get()
  @ApiOkResponse({ description: '{url, createdAt}: null when the user has no feed.' })
  get(@CurrentUser() user: CurrentUserInfo): Promise<CalendarFeed> {
    return this.feeds.get(user.id);
  }

  @Post()
  @ApiOkResponse({ description: 'Creates the feed, or rotates it: the old address stops working.' })
  rotate(@CurrentUser() user: CurrentUserInfo): Promise<CalendarFeed> {
    return this.feeds.rotate(user.id);
  }

  @Delete()
  stop(@CurrentUser() user: CurrentUserInfo): Promise<CalendarFeed> {
    return this.feeds.stop(user.id);
  }
}

/** The feed calendar apps subscribe to: `/api/calendar/{token}.ics`, the token its only key. */
@ApiTags('admin: appointments')
@Controller('calendar')
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @Public()
  @Get(':file')
  @RateLimit({ perIp: { minute: 60 } })
  @ApiProduces('text/calendar')
  async get(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const calendar = await this.feeds.calendar(file);
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="clean-and-view.ics"')
      .header('cache-control', 'private, max-age=300')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer');
    return calendar;
  }
}
