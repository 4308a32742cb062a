import { Module } from '@nestjs/common';
import { SavedViewsController } from './saved-views.controller.js';
import { SavedViewsRepository } from './saved-views.repository.js';
import { SavedViewsService } from './saved-views.service.js';

/** Saved views (issue 19): owns `saved_views`; imports no other module. */
@Module({
  controllers: [SavedViewsController],
  providers: [SavedViewsRepository, SavedViewsService],
})
export class SavedViewsModule {}
