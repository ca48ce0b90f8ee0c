import type { TestimonialsContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

const STARS = 5;

const REVIEW_DATE = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A star drawn inline (no font or emoji needed), filled or outlined. */
function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The rating as five stars for the eye, and as one sentence for screen readers. */
export function Rating({ value }: { value: number }) {
  return (
    <span className="testimonial__rating" role="img" aria-label={`Note : ${value} sur ${STARS}`}>
      {Array.from({ length: STARS }, (_, i) => (
        <Star key={i} filled={i < value} />
      ))}
    </span>
  );
}

/**
 * Customer reviews as the owner typed them. No review markup for search engines: they ignore the
 * reviews a business publishes about itself.
 */
export function TestimonialsSection({ content }: { content: TestimonialsContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.testimonials.anchor} title={content.title}>
      {content.reviews.length === 0 ? (
        <p>Aucun avis pour le moment.</p>
      ) : (
        <ul className="testimonials">
          {content.reviews.map((review, index) => (
            <li key={index} className="testimonial">
              <figure>
                <Rating value={review.rating} />
                <blockquote className="prose-lines">
                  <p>{review.quote}</p>
                </blockquote>
                <figcaption>
                  {review.author}
                  {review.date && (
                    <>
                      {', '}
                      <time dateTime={review.date}>
                        {REVIEW_DATE.format(new Date(`${review.date}T00:00:00Z`))}
                      </time>
                    </>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </SectionFrame>
  );
}
