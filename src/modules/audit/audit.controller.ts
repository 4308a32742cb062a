import { Controller, Get, Param, Query, Res, type StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuditEntryRecord } from '@relining/contracts/api/audit';
import { Roles } from '../../common/auth/auth.decorators.js';
import { csvDownload } from '../../common/http/download-headers.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { AuditService } from './audit.service.js';

@ApiTags('admin: audit')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiQuery({
    name: 'filter',
    required: false,
    example: '{"entity":"booking","entityId":"…","actorId":"…","action":"status_changed","from":"2026-11-01","to":"2026-11-30"}',
  })
  @ApiQuery({ name: 'sort', required: false, example: '["at","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditEntryRecord[]> {
    const page = await this.audit.list(query);
    void reply.header('content-range', contentRange('audit', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching entry is exported, not one page." })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.audit.csvFileName(), await this.audit.exportCsv(query));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AuditEntryRecord> {
    return this.audit.get(id);
  }
}
