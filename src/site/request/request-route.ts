import type { IdentityContent } from '../../content/generated/types.ts';

/**
 * The request form's page: its address (the hero's first call to action, the menus, the contact
 * section and the phones' call bar lead there), its heading and the links' words.
 */
export const REQUEST_FORM_PATH = '/rendez-vous';

/** The page's heading, and the contact section's link. */
export const REQUEST_PAGE_HEADING = 'Demander un devis ou un rendez-vous';

/** The words of the hero's, the menus' and the call bar's link to the form. */
export const REQUEST_MENU_LABEL = 'Demander un devis';

/** The page's `<title>`: its heading, then the garage's name. */
export function requestPageTitle(identity: IdentityContent): string {
  return `${REQUEST_PAGE_HEADING} – ${identity.name}`;
}
