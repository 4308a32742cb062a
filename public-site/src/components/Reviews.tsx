import { ratingClaim } from '@relining/contracts/review-rules';
import type { PublishedReview, ReviewsContent } from '@relining/contracts/site-content';
import { reviewDateLabel, reviewSourceLabel, starsLabel, starsText } from '../lib/reviews';
import { COMPANY } from '../lib/site';

/** A review's stars: drawn for the eye, read as '4 out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={starsLabel(rating)}>
      {starsText(rating)}
    </p>
  );
}

/** One published review: stars, text, who and where, when, whether verified, and the business's public reply. */
function ReviewCard({ review }: { review: PublishedReview }) {
  return (
    <li className="card review">
      <figure className="testimonial testimonial--plain review__figure">
        <Stars rating={review.rating} />
        {review.text ? (
          <blockquote className="review__text">
            <p>“{review.text}”</p>
          </blockquote>
        ) : null}
        <figcaption className="review__author">
          <strong>{review.firstName}</strong>
          {review.suburb ? `, ${review.suburb}` : null}
          <span className="review__meta">
            <time dateTime={review.date}>{reviewDateLabel(review.date)}</time>
            {' · '}
            <span className={review.source ? undefined : 'review__verified'}>{reviewSourceLabel(review.source)}</span>
          </span>
        </figcaption>
      </figure>
      {review.reply ? (
        <div className="review__reply">
          <p className="review__reply-title">Reply from {COMPANY.name}</p>
          <p className="review__reply-text">{review.reply.text}</p>
        </div>
      ) : null}
    </li>
  );
}

/** Published reviews as cards (the home and about pages their latest, a local page its nearby ones). */
export function ReviewList({ reviews }: { reviews: readonly PublishedReview[] }) {
  return (
    <ul className="cards reviews">
      {reviews.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
    </ul>
  );
}

/**
 * A page's reviews section: its heading, the rating computed from every published review ('Rated
 * 4.9 out of 5 from 83 reviews'), and the reviews given. Nothing at all when there are none to show:
 * the site shows only reviews it really has.
 */
export function ReviewsSection({
  id,
  title,
  reviews,
  summary,
  className = 'section',
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  reviews: readonly PublishedReview[];
  /** The rating and count of all published reviews (content.reviews). */
  summary: Pick<ReviewsContent, 'rating' | 'count'>;
  className?: string;
}) {
  if (reviews.length === 0) return null;
  const claim = ratingClaim(summary);
  return (
    <section className={`${className} section--unsized`} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {claim ? <p className="section__lead reviews__claim">{claim}</p> : null}
        <ReviewList reviews={reviews} />
      </div>
    </section>
  );
}
