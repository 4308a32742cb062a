import { Rating } from '@mui/material';

/** '4 out of 5 stars': how a review's stars are read out. */
export const ratingText = (rating: number): string => `${rating} out of 5 stars`;

/** A review's stars, read-only, read out as '4 out of 5 stars'. */
export function ReviewStars({ rating, size = 'small' }: { rating: number; size?: 'small' | 'medium' | 'large' }) {
  return <Rating value={rating} max={5} readOnly size={size} getLabelText={ratingText} />;
}
