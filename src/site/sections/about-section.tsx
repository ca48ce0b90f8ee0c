import type { AboutContent } from '../../content/generated/types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The garage's presentation; the owner's line breaks are kept. */
export function AboutSection({ content }: { content: AboutContent }) {
  return (
    <SectionFrame anchor="propos" title={content.title}>
      <p className="prose-lines">{content.content}</p>
    </SectionFrame>
  );
}
