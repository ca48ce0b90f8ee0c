import { useEffect, useState } from 'react';
import { responsiveSources } from '../../content/media.ts';
import type { Slide } from '../../content/generated/types.ts';
import { PauseIcon, PlayIcon } from '../icons/icons.tsx';
import { usePrefersReducedMotion } from '../layout/use-reduced-motion.ts';

/** Each slide of the services carousel shows for 3 seconds. */
export const SLIDE_INTERVAL_MS = 3_000;

interface SlideshowProps {
  slides: Slide[];
  /** Names the carousel for assistive technologies. */
  label: string;
}

/**
 * One slide at a time with a dot per slide (WAI-ARIA carousel pattern), moving on every 3 s. The
 * visitor can stop it with a visible button (WCAG 2.2.2); it holds still while the pointer or
 * keyboard focus is on it (as the pattern asks), and never moves by itself for visitors who asked
 * for less motion. It
 * starts on the first slide, so the server and the browser render the same thing.
 */
export function Slideshow({ slides, label }: SlideshowProps) {
  const [chosen, setChosen] = useState(0);
  // null: the visitor has not pressed the button, the motion preference decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // The admin preview may remove slides under the current one.
  const current = chosen < slides.length ? chosen : 0;
  const playing = playChoice ?? !reducedMotion;
  // Pointer or focus on the carousel holds it still, unless the visitor has just pressed play.
  const held = (hovered || focused) && playChoice !== true;
  const rotating = playing && !held && slides.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setChosen((index) => (index + 1) % slides.length),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotating, slides.length]);

  return (
    <div
      className="slideshow"
      role="region"
      aria-roledescription="carrousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* Screen readers hear a slide change only when the visitor caused it. */}
      <div className="slideshow__slides" aria-live={rotating ? 'off' : 'polite'}>
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
              {...responsiveSources(slide.image, '(min-width: 50rem) 48rem, 100vw')}
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
        <div className="slideshow__controls">
          <button type="button" className="slideshow__play" onClick={() => setPlayChoice(!playing)}>
            {playing ? <PauseIcon /> : <PlayIcon />}{' '}
            {playing ? 'Mettre en pause' : 'Lancer le défilement'}
          </button>
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
        </div>
      )}
    </div>
  );
}
