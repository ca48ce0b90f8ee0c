import type { TestimonialsContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

const STARS = 5;

const REVIEW_DATE = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

type Review = TestimonialsContent['reviews'][number];

/** How the reviews are ordered, as the visitor is told (code de la consommation D111-17). */
export const ORDER_TEXT: Record<TestimonialsContent['order'], string> = {
  'newest-first':
    'Avis classés du plus récent au plus ancien, selon leur date ; les avis sans date viennent en dernier.',
  'as-listed': 'Avis présentés dans l’ordre choisi par le garage.',
};

/**
 * The reviews in the order the visitor is told: by date, newest first (a stable sort, so reviews
 * of the same day or without a date keep the owner's order), or the owner's list as it is.
 */
export function orderedReviews(content: TestimonialsContent): Review[] {
  if (content.order === 'as-listed') return content.reviews;
  return content.reviews.toSorted((a, b) => {
    if (!a.date || !b.date) return (a.date ? 0 : 1) - (b.date ? 0 : 1);
    return a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
  });
}

function FrenchDate({ value }: { value: string }) {
  // French writes the first of the month as an ordinal: « 1er décembre ».
  const shown = REVIEW_DATE.format(new Date(`${value}T00:00:00Z`)).replace(/^1 /, '1er ');
  return <time dateTime={value}>{shown}</time>;
}

/**
 * The review's date and the date of the repair it is about, each shown when the owner knows it
 * (existing reviews came without them; nothing is invented).
 */
function ReviewDates({ review }: { review: Review }) {
  if (!review.date && !review.experienceDate) return null;
  return (
    <p className="testimonial__dates">
      {review.date && (
        <>
          Avis du <FrenchDate value={review.date} />
        </>
      )}
      {review.date && review.experienceDate && ', '}
      {review.experienceDate && (
        <>
          {review.date ? 'prestation du ' : 'Prestation du '}
          <FrenchDate value={review.experienceDate} />
        </>
      )}
    </p>
  );
}

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
 * Customer reviews as the owner typed them, with what the law asks next to them: whether and how
 * they are checked, the order they are shown in, and each one's dates (docs/legal.md#customer-reviews).
 * No review markup for search engines: they ignore the reviews a business publishes about itself.
 */
export function TestimonialsSection({ content }: { content: TestimonialsContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.testimonials.anchor} title={content.title}>
      {content.reviews.length === 0 ? (
        <p>Aucun avis pour le moment.</p>
      ) : (
        <>
          <div className="testimonials__terms">
            <p>{content.checking}</p>
            <p>{ORDER_TEXT[content.order]}</p>
          </div>
          <ul className="testimonials">
            {orderedReviews(content).map((review, index) => (
              <li key={index} className="testimonial">
                <figure>
                  <Rating value={review.rating} />
                  <blockquote className="prose-lines">
                    <p>{review.quote}</p>
                  </blockquote>
                  <figcaption>{review.author}</figcaption>
                  <ReviewDates review={review} />
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
    </SectionFrame>
  );
}
