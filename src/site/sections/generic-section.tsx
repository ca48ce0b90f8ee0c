import type { Section } from '../../content/generated/types.ts';
import { SectionFrame } from './section-frame.tsx';

/**
 * A section the owner added (an id no component knows): its title, its text and, for the image
 * type, its image. The content is shown as plain text; issue 4 renders it as sanitized HTML
 * (DESIGN.md decision 13), never as raw HTML.
 */
export function GenericSection({ section, anchor }: { section: Section; anchor: string }) {
  return (
    <SectionFrame anchor={anchor} title={section.title}>
      {section.content && <p className="prose-lines">{section.content}</p>}
      {section.type === 'image' && section.imageUrl && (
        <img
          className="generic-section__image"
          src={section.imageUrl}
          alt={section.title}
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
        />
      )}
    </SectionFrame>
  );
}
