import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { MediaAdminController, SiteSlotsAdminController } from './media-admin.controller.js';
import { MediaFilesController } from './media-files.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { SiteSlotsService } from './site-slots.service.js';

/** The media library, the pages' image slots, and the content the public pages are rendered with (issue 14; their reviews: issue 20). */
@Module({
  imports: [SettingsModule, ReviewsModule],
  controllers: [MediaAdminController, SiteSlotsAdminController, MediaFilesController],
  providers: [MediaRepository, MediaService, SiteSlotsService],
  exports: [SiteSlotsService, MediaService],
})
export class MediaModule {}
