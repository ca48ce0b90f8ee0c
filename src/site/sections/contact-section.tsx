import type { ContactContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';
import { ClickToLoadMap } from './click-to-load-map.tsx';
import { REQUEST_FORM_PATH, REQUEST_PAGE_HEADING } from '../request/request-route.ts';

/** `04 00 00 00 00` → `tel:0400000000`: a dialable number keeps only digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;
}

/** How to reach the garage: address, email, phone and a map loaded on demand. */
export function ContactSection({ content }: { content: ContactContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.contact.anchor} title="Contact" className="contact">
      <div className="contact__grid">
        <address className="contact__details">
          <p className="prose-lines">{content.address}</p>
          <p>
            Téléphone : <a href={telHref(content.phone)}>{content.phone}</a>
          </p>
          <p>
            E-mail : <a href={`mailto:${content.email}`}>{content.email}</a>
          </p>
          <p>
            <a className="button contact__request" href={REQUEST_FORM_PATH}>
              {REQUEST_PAGE_HEADING}
            </a>
          </p>
        </address>
        <ClickToLoadMap url={content.mapUrl} />
      </div>
    </SectionFrame>
  );
}
