import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { MediaService } from './media.service.js';

/** Where the pages' photos are served from (outside /api: see app.factory.ts), e.g. /media/{id}/800.avif. */
export const MEDIA_FILES_PATH = 'media';

@ApiTags('media')
@Controller(MEDIA_FILES_PATH)
export class MediaFilesController {
  constructor(private readonly media: MediaService) {}

  /**
   * One published file of a photo. A file never changes (a new photo has a new id), so browsers and
   * CDNs keep it for a year; an archived photo is no longer served.
   */
  @Public()
  @Get(':id/:file')
  @ApiOkResponse({ description: 'image/avif, image/webp or image/jpeg' })
  async file(@Param('id') id: string, @Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const variant = await this.media.openVariant(id, file);
    void reply
      .header('content-type', variant.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return new StreamableFile(variant.stream);
  }
}
