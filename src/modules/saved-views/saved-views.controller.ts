import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { CreateSavedViewDto, SavedViewResponse, UpdateSavedViewDto } from './dto/saved-view.dto.js';
import { SavedViewsService } from './saved-views.service.js';

@ApiTags('admin: saved views')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/saved-views')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"resource":"job-tracking"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,99]' })
  @ApiOkResponse({ type: [SavedViewResponse], description: "The caller's own views." })
  async list(@CurrentUser() user: CurrentUserInfo, @Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<SavedViewResponse[]> {
    const page = await this.views.list(user, query);
    void reply.header('content-range', contentRange('saved-views', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  @ApiOkResponse({ type: SavedViewResponse })
  get(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<SavedViewResponse> {
    return this.views.get(user, id);
  }

  @Post()
  @ApiCreatedResponse({ type: SavedViewResponse })
  create(@CurrentUser() user: CurrentUserInfo, @Body() body: CreateSavedViewDto): Promise<SavedViewResponse> {
    return this.views.create(user, body);
  }

  @Put(':id')
  @ApiBody({ type: UpdateSavedViewDto })
  @ApiOkResponse({ type: SavedViewResponse })
  update(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateSavedViewDto): Promise<SavedViewResponse> {
    return this.views.update(user, id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ type: SavedViewResponse, description: 'The deleted view (react-admin reads it back).' })
  delete(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<SavedViewResponse> {
    return this.views.delete(user, id);
  }
}
