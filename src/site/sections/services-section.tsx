import type { ServicesContent } from '../../content/generated/types.ts';
import { responsiveSources } from '../../content/media.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';
import { Slideshow } from './slideshow.tsx';

/**
 * What the garage does: the list of services, an illustration and the carousel of its work. A
 * picture shows once: the carousel leaves out the illustration beside the list.
 */
export function ServicesSection({ content }: { content: ServicesContent }) {
  const slides = content.carouselImages.filter((slide) => slide.image !== content.imageUrl);
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
      {slides.length > 0 && <Slideshow slides={slides} label="Nos réalisations en images" />}
    </SectionFrame>
  );
}
