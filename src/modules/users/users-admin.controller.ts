import { Controller, Get, Param, ParseUUIDPipe, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { csvDownload } from '../../common/http/download-headers.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { AdminUserResponse, UpdateUserDto } from './dto/admin-user.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('admin: users')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users')
export class UsersAdminController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"smith","role":"plumber"}' })
  @ApiOkResponse({ type: [AdminUserResponse] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUserResponse[]> {
    const page = await this.users.listForAdmin(query);
    void reply.header('content-range', contentRange('users', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching user is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.users.csvFileName(), await this.users.exportCsv(query));
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminUserResponse })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<AdminUserResponse> {
    return this.users.getForAdmin(id);
  }

  @Put(':id')
  @ApiBody({ type: UpdateUserDto })
  @ApiOkResponse({ type: AdminUserResponse, description: 'User role updated to {role}' })
  update(@CurrentUser() actor: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateUserDto): Promise<AdminUserResponse> {
    return this.users.updateByAdmin(actor, id, body);
  }
}
