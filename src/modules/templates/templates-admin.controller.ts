import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { PreviewTemplateDto, RenderedTemplateResponse, TemplateResponse, UpdateTemplateDto } from './dto/template.dto.js';
import { TemplatesAdminService } from './templates-admin.service.js';

@ApiTags('admin: e-mail templates')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/email-templates')
export class TemplatesAdminController {
  constructor(private readonly templates: TemplatesAdminService) {}

  @Get()
  @ApiOkResponse({
    type: [TemplateResponse],
    description: 'Every template by default (a short, fixed list); react-admin dialect: sort, range, filters q, group, id.',
  })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<TemplateResponse[]> {
    const page = await this.templates.list(query);
    void reply.header('content-range', contentRange('email-templates', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':key')
  @ApiOkResponse({ type: TemplateResponse })
  get(@Param('key') key: string): Promise<TemplateResponse> {
    return this.templates.get(key);
  }

  @Put(':key')
  @ApiBody({ type: UpdateTemplateDto })
  @ApiOkResponse({ type: TemplateResponse, description: 'Template Updated' })
  update(@Param('key') key: string, @RecordBody() body: UpdateTemplateDto, @CurrentUser() user: CurrentUserInfo): Promise<TemplateResponse> {
    return this.templates.update(key, body.subject, body.body, user);
  }

  @Post(':key/preview')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RenderedTemplateResponse })
  preview(@Param('key') key: string, @Body() body: PreviewTemplateDto): Promise<RenderedTemplateResponse> {
    return this.templates.preview(key, body.subject, body.body);
  }
}
