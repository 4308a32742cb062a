import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ReviewRequestsService } from './review-requests.service.js';
import { ReviewsAdminController } from './reviews-admin.controller.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews from verified jobs (issue 20): requests after completion, the private link, moderation, import, the pages' rating. */
@Module({
  imports: [BookingsModule, NotificationsModule],
  controllers: [ReviewsController, ReviewsAdminController],
  providers: [ReviewsRepository, ReviewsService, ReviewRequestsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
