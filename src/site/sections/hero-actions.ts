import { telHref } from './contact-section.tsx';

import { REQUEST_FORM_PATH, REQUEST_MENU_LABEL } from '../request/request-route.ts';

/** The request form's page (src/site/request/request-route.ts), where the first action leads. */
export { REQUEST_FORM_PATH };

export interface HeroAction {
  label: string;
  href: string;
}

/**
 * The hero's two calls to action (docs/product.md#home-sections): ask for a quote on the
 * request form, and call the garage.
 */
export function heroActions(phone: string): { request: HeroAction; call: HeroAction } {
  return {
    request: { label: REQUEST_MENU_LABEL, href: REQUEST_FORM_PATH },
    call: { label: 'Appeler', href: telHref(phone) },
  };
}
