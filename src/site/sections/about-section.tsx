import type { AboutContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The garage's presentation; the owner's line breaks are kept. */
export function AboutSection({ content }: { content: AboutContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.about.anchor} title={content.title}>
      <p className="prose-lines">{content.content}</p>
    </SectionFrame>
  );
}
