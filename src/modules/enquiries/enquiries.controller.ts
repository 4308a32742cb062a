import { Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { csvDownload } from '../../common/http/download-headers.js';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Public, Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { FormBody } from '../../common/http/form-body.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { COMPANY } from '@relining/contracts/business';
import { enquiryClassFor, type EnquiryRequestDto } from './dto/enquiry.dto.js';
import type { EnquiryCreated } from '@relining/contracts/api/enquiries';
import { EnquiriesService, type EnquiryResponse } from './enquiries.service.js';

@ApiTags('enquiries')
@Controller('enquiries')
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

  /**
   * The corporate and product enquiry forms. Answered in JSON, whatever the encoding: a form post too
   * may carry only the fields of its kind.
   */
  @Public()
  @Post()
  @RateLimit({
    perIp: { minute: 5, day: 30 },
    message: `You have sent several enquiries in a short time. Please try again later, or call us on ${COMPANY.phone}.`,
  })
  @ApiBody({
    description:
      "kind 'corporate' with organisationName, contactPerson, email, phone, siteAddress, issueType, quantity?, timing, notes?; or kind 'product' with name, email, phone, business?, product, message.",
    schema: {
      example: {
        kind: 'corporate',
        organisationName: 'City of Example',
        contactPerson: 'Jordan Lee',
        email: 'jordan@example.gov.au',
        phone: '03 9000 0000',
        siteAddress: '1 Civic Drive, Example VIC 3000',
        issueType: 'roots',
        timing: 'planned',
      },
    },
  })
  @ApiCreatedResponse({ description: '{id}: Enquiry submitted' })
  create(@FormBody({ formPostUnknownFields: 'refuse', bodyClass: enquiryClassFor }) enquiry: EnquiryRequestDto): Promise<EnquiryCreated> {
    return this.enquiries.create(enquiry);
  }
}

class UpdateEnquiryDto {
  @IsOptional()
  @IsString({ message: 'Status must be one of: new, contacted, quoted, won, lost' })
  status?: string;

  @IsOptional()
  @IsString({ message: 'Notes must be text' })
  @MaxLength(5_000, { message: 'Notes can hold at most 5,000 characters' })
  notes?: string | null;
}

@ApiTags('admin: enquiries')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/enquiries')
export class EnquiriesAdminController {
  constructor(private readonly enquiries: EnquiriesService) {}

  @Get()
  @ApiOkResponse({ description: 'Filters: q, kind, status, archived (the active ones unless archived is true); react-admin dialect.' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EnquiryResponse[]> {
    const page = await this.enquiries.list(query);
    void reply.header('content-range', contentRange('enquiries', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching enquiry is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.enquiries.csvFileName(), await this.enquiries.exportCsv(query));
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<EnquiryResponse> {
    return this.enquiries.get(id);
  }

  @Put(':id')
  @ApiBody({ schema: { properties: { status: { enum: ['new', 'contacted', 'quoted', 'won', 'lost'] }, notes: { type: 'string' } } } })
  update(@Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateEnquiryDto): Promise<EnquiryResponse> {
    return this.enquiries.update(id, body);
  }

  @Post(':id/archive')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Archived: kept, hidden from the default list, restorable (the console offers this instead of Delete).' })
  archive(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<EnquiryResponse> {
    return this.enquiries.setArchived(user.id, id, true);
  }

  @Post(':id/restore')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Back in the default list.' })
  restore(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<EnquiryResponse> {
    return this.enquiries.setArchived(user.id, id, false);
  }
}
