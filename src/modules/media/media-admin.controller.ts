import { Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { contentRange, listInMemory, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { MediaFieldsDto, MediaImageResponse, SiteSlotDto, SiteSlotResponse } from './dto/media.dto.js';
import { MediaService } from './media.service.js';
import { SITE_SLOT_LIST, SiteSlotsService } from './site-slots.service.js';

@ApiTags('admin: media')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/media')
export class MediaAdminController {
  constructor(private readonly media: MediaService) {}

  @Get()
  @ApiOkResponse({ type: [MediaImageResponse], description: 'Filters: q, archived, id; react-admin dialect.' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<MediaImageResponse[]> {
    const page = await this.media.list(query);
    void reply.header('content-range', contentRange('media', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'altText'],
      properties: {
        file: { type: 'string', format: 'binary' },
        altText: { type: 'string' },
        caption: { type: 'string' },
        showsCustomerProperty: { type: 'boolean' },
        consentNote: { type: 'string' },
      },
    },
  })
  @ApiCreatedResponse({ type: MediaImageResponse })
  upload(@CurrentUser() user: CurrentUserInfo, @Req() request: FastifyRequest): Promise<MediaImageResponse> {
    if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data.', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    return this.media.upload(request.parts(), user.id);
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<MediaImageResponse> {
    return this.media.get(id);
  }

  @Put(':id')
  update(@Param('id', ParseUUIDPipe) id: string, @RecordBody() body: MediaFieldsDto): Promise<MediaImageResponse> {
    return this.media.update(id, body as Record<string, unknown>);
  }

  @Post(':id/archive')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Archived: no longer served or offered for slots; refused (409) while a slot shows it.' })
  archive(@Param('id', ParseUUIDPipe) id: string): Promise<MediaImageResponse> {
    return this.media.setArchived(id, true);
  }

  @Post(':id/restore')
  @HttpCode(HttpStatus.OK)
  restore(@Param('id', ParseUUIDPipe) id: string): Promise<MediaImageResponse> {
    return this.media.setArchived(id, false);
  }
}

@ApiTags('admin: media')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/site-slots')
export class SiteSlotsAdminController {
  constructor(private readonly slots: SiteSlotsService) {}

  @Get()
  @ApiOkResponse({ type: [SiteSlotResponse], description: 'Every slot of the marketing pages, page by page; filters: page, kind, id.' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<SiteSlotResponse[]> {
    const page = listInMemory(await this.slots.list(), query, SITE_SLOT_LIST);
    void reply.header('content-range', contentRange('site-slots', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<SiteSlotResponse> {
    return this.slots.get(id);
  }

  @Put(':id')
  update(@CurrentUser() user: CurrentUserInfo, @Param('id') id: string, @RecordBody() body: SiteSlotDto): Promise<SiteSlotResponse> {
    return this.slots.save(id, body, user.id);
  }
}
