import { Suspense } from 'react';
import { responsiveSources } from '../../content/media.ts';
import type { Section } from '../../content/generated/types.ts';
import { LazySafeHtml } from '../../lib/markdown/lazy.tsx';
import { SectionFrame } from './section-frame.tsx';

/**
 * A section the owner added (an id no component knows): its title, its HTML content sanitized
 * (never raw: docs/decisions/020-generic-section-html.md) and, for the image type, its image.
 */
export function GenericSection({ section, anchor }: { section: Section; anchor: string }) {
  return (
    <SectionFrame anchor={anchor} title={section.title}>
      {section.content && (
        <Suspense fallback={null}>
          <LazySafeHtml html={section.content} className="safe-html generic-section__content" />
        </Suspense>
      )}
      {section.type === 'image' && section.imageUrl && (
        <img
          className="generic-section__image"
          src={section.imageUrl}
          {...responsiveSources(section.imageUrl, '(min-width: 72rem) 70rem, 100vw')}
          alt={section.imageAlt ?? section.title}
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
        />
      )}
    </SectionFrame>
  );
}
