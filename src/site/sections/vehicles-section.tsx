import type { VehiclesContent } from '../../content/generated/types.ts';
import { isStillExample } from '../../content/example-value.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { useSiteContent } from '../../content/api.ts';
import { SectionFrame } from './section-frame.tsx';

/**
 * The partner's vehicle slideshow, in a 16:9 frame fetched only as it nears the screen. Its
 * address is the garage identity's (docs/decisions/081-partner-addresses-in-identity.md). Until
 * the owner enters the partner's real address, the example one would frame an empty or foreign
 * page: no frame then.
 */
export function VehiclesSection({ content }: { content: VehiclesContent }) {
  const { identity } = useSiteContent().content;
  const framed = !isStillExample('identity', identity, 'vehiclesSlideshowUrl');
  return (
    <SectionFrame anchor={SECTION_TYPES.vehicles.anchor} title={content.title}>
      <p>{content.description}</p>
      <p className="notice">{content.warning}</p>
      {framed && (
        <div className="frame-16-9">
          <iframe
            src={identity.vehiclesSlideshowUrl}
            title="Diaporama des véhicules de notre partenaire"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      )}
    </SectionFrame>
  );
}
