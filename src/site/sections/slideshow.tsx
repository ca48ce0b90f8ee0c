import { useState } from 'react';
import type { Slide } from '../../content/generated/types.ts';

interface SlideshowProps {
  slides: Slide[];
  /** Names the carousel for assistive technologies. */
  label: string;
}

/**
 * One slide at a time with a dot per slide (WAI-ARIA carousel pattern). It starts on the first
 * slide, so the server and the browser render the same thing; issue 4 adds the 3 s auto-advance
 * and its pause button.
 */
export function Slideshow({ slides, label }: SlideshowProps) {
  const [chosen, setChosen] = useState(0);
  // The admin preview may remove slides under the current one.
  const current = chosen < slides.length ? chosen : 0;

  return (
    <div className="slideshow" role="region" aria-roledescription="carrousel" aria-label={label}>
      <div className="slideshow__slides">
        {slides.map((slide, index) => (
          <div
            key={index}
            className="slideshow__slide"
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${index + 1} sur ${slides.length}`}
            hidden={index !== current}
          >
            <img
              src={slide.image}
              alt={slide.alt}
              width={800}
              height={450}
              loading="lazy"
              decoding="async"
            />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="slideshow__dots">
          {slides.map((slide, index) => (
            <button
              key={index}
              type="button"
              className="slideshow__dot"
              aria-label={`Afficher l'image ${index + 1} : ${slide.alt}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => setChosen(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
