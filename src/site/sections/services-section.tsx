import type { ServicesContent } from '../../content/generated/types.ts';
import { responsiveSources } from '../../content/media.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';
import { Slideshow } from './slideshow.tsx';

/** What the garage does: the list of services, an illustration and the carousel of its work. */
export function ServicesSection({ content }: { content: ServicesContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.services.anchor} title={content.title} className="services">
      <div className="services__grid">
        <div>
          <p>{content.description}</p>
          <ul className="check-list">
            {content.servicesList.map((service, index) => (
              <li key={index}>{service}</li>
            ))}
          </ul>
        </div>
        {content.imageUrl && (
          <img
            className="services__image"
            src={content.imageUrl}
            {...responsiveSources(content.imageUrl, '(min-width: 48rem) 35rem, 100vw')}
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      {content.carouselImages.length > 0 && (
        <Slideshow slides={content.carouselImages} label="Nos réalisations en images" />
      )}
    </SectionFrame>
  );
}
