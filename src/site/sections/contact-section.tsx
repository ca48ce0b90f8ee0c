import { useSiteContent } from '../../content/api.ts';
import { addressLine } from '../../content/garage-address.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';
import { GarageMap } from './click-to-load-map.tsx';
import { REQUEST_FORM_PATH, REQUEST_PAGE_HEADING } from '../request/request-route.ts';

/** `04 00 00 00 00` → `tel:0400000000`: a dialable number keeps only digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;
}

/**
 * How to reach the garage: address, email, phone and the map, all from the garage's identity
 * (docs/decisions/057-one-garage-identity.md). The section's own record (contact) is derived from
 * it by the database, for other clients; the page reads the identity itself.
 */
export function ContactSection() {
  const { identity } = useSiteContent().content;
  return (
    <SectionFrame anchor={SECTION_TYPES.contact.anchor} title="Contact" className="contact">
      <div className="contact__grid">
        <address className="contact__details">
          <p className="prose-lines">{addressLine(identity)}</p>
          <p>
            Téléphone : <a href={telHref(identity.phone)}>{identity.phone}</a>
          </p>
          <p>
            E-mail : <a href={`mailto:${identity.email.trim()}`}>{identity.email}</a>
          </p>
          <p>
            <a className="button contact__request" href={REQUEST_FORM_PATH}>
              {REQUEST_PAGE_HEADING}
            </a>
          </p>
        </address>
        <GarageMap identity={identity} />
      </div>
    </SectionFrame>
  );
}
