import { SECTION_TYPES } from '../../content/section-types.ts';
import { telHref } from './contact-section.tsx';

/**
 * The path of the quote and appointment request form, once the site has one (`/rendez-vous`):
 * set it here and the hero's first call to action goes there instead of the contact section.
 */
export const REQUEST_FORM_PATH: string | null = null;

export interface HeroAction {
  label: string;
  href: string;
}

/**
 * The hero's two calls to action (docs/product.md#home-sections): ask for a quote — on the
 * request form when there is one, else in the contact section — and call the garage.
 */
export function heroActions(phone: string): { request: HeroAction; call: HeroAction } {
  return {
    request: REQUEST_FORM_PATH
      ? { label: 'Prendre rendez-vous', href: REQUEST_FORM_PATH }
      : { label: 'Demander un devis', href: `#${SECTION_TYPES.contact.anchor}` },
    call: { label: 'Appeler', href: telHref(phone) },
  };
}
