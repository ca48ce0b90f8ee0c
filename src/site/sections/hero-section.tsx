import { useEffect, useRef, useState } from 'react';
import type { HeroContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { responsiveSources } from '../../content/media.ts';
import { useSiteContent } from '../../content/api.ts';
import { CalendarIcon, PhoneIcon } from '../icons/icons.tsx';
import { heroActions } from './hero-actions.ts';
import { HERO_FALLBACK_IMAGE as FALLBACK_IMAGE } from './hero-fallback.ts';

const ANCHOR = SECTION_TYPES.hero.anchor;

/**
 * The page's top section and its only h1: the owner's background picture, clearly visible, and the
 * text on an opaque panel (its contrast never depends on the picture), with the two calls to
 * action: ask for a quote, call the garage.
 */
export function HeroSection({ content }: { content: HeroContent }) {
  const actions = heroActions(useSiteContent().content.identity.phone);
  const image = useRef<HTMLImageElement>(null);
  // The address that failed, so that a new address (the admin preview) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const src =
    failed === content.backgroundImage ? FALLBACK_IMAGE : content.backgroundImage || FALLBACK_IMAGE;

  // A server-rendered image can fail before React hydrates and attaches onError: check once mounted.
  useEffect(() => {
    const img = image.current;
    if (
      img &&
      img.complete &&
      img.naturalWidth === 0 &&
      img.getAttribute('src') !== FALLBACK_IMAGE
    ) {
      setFailed(img.getAttribute('src'));
    }
  }, []);

  return (
    <section id={ANCHOR} className="hero" aria-labelledby={`${ANCHOR}-title`} tabIndex={-1}>
      <img
        ref={image}
        className="hero__image"
        src={src}
        {...responsiveSources(src, '100vw')}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        onError={() => {
          if (src !== FALLBACK_IMAGE) setFailed(content.backgroundImage);
        }}
      />
      <div className="hero__shade" />
      <div className="hero__content">
        <div className="hero__panel">
          <h1 id={`${ANCHOR}-title`}>{content.heading}</h1>
          <p className="hero__subheading">{content.subheading}</p>
          <p>{content.description}</p>
          <p className="hero__actions">
            <a className="button" href={actions.request.href}>
              <CalendarIcon /> {actions.request.label}
            </a>
            <a className="button button--ghost" href={actions.call.href}>
              <PhoneIcon /> {actions.call.label}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
