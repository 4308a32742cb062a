import ReviewsIcon from '@mui/icons-material/Reviews';
import { ReviewEdit } from './ReviewEdit';
import { ReviewList } from './ReviewList';

/**
 * Customer reviews (/admin/reviews, issue 20): moderated (published, hidden) and replied to; the
 * author's words are never edited, and nothing is deleted.
 */
export default {
  list: ReviewList,
  edit: ReviewEdit,
  icon: ReviewsIcon,
  recordRepresentation: (review: { firstName: string; rating: number }) => `${review.firstName} · ${review.rating}★`,
};
