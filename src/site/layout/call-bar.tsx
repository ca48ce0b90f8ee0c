import { useSiteContent } from '../../content/api.ts';
import { PhoneIcon } from '../icons/icons.tsx';
import { telHref } from '../sections/contact-section.tsx';

/**
 * On a phone, a call button that stays at the bottom of the window while the visitor scrolls
 * (docs/product.md#header-menu-and-footer); wider screens never show it. The footer leaves room
 * for it, so it never hides the footer's text.
 */
export function CallBar() {
  const { phone } = useSiteContent().content.contact;
  return (
    <div className="call-bar">
      <a className="button call-bar__button" href={telHref(phone)}>
        <PhoneIcon /> Appeler <span className="call-bar__number">{phone}</span>
      </a>
    </div>
  );
}
