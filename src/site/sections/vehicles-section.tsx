import type { VehiclesContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The partner's vehicle slideshow, in a 16:9 frame fetched only as it nears the screen. */
export function VehiclesSection({ content }: { content: VehiclesContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.vehicles.anchor} title={content.title}>
      <p>{content.description}</p>
      <p className="notice">{content.warning}</p>
      <div className="frame-16-9">
        <iframe
          src={content.iframeUrl}
          title="Diaporama des véhicules de notre partenaire"
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    </SectionFrame>
  );
}
