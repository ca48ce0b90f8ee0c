import { useLocation } from 'wouter';
import { useSiteContent } from '../../content/api.ts';
import { PhoneIcon } from '../icons/icons.tsx';
import { telHref } from '../sections/contact-section.tsx';
import { REQUEST_FORM_PATH, REQUEST_MENU_LABEL } from '../request/request-route.ts';

/**
 * On a phone, a call button and the request form's link that stay at the bottom of the window while the visitor scrolls
 * (docs/product.md#header-menu-and-footer); wider screens never show it. The footer leaves room
 * for it, so it never hides the footer's text. On the request form's own page, the link would
 * lead nowhere new: the call button stays alone, with the number.
 */
export function CallBar() {
  const { phone } = useSiteContent().content.identity;
  const [pathname] = useLocation();
  const onForm = pathname === REQUEST_FORM_PATH;
  return (
    <div className="call-bar">
      <a className="button call-bar__button" href={telHref(phone)}>
        <PhoneIcon /> Appeler <span className="call-bar__number">{phone}</span>
      </a>
      {!onForm && (
        <a className="button button--ghost call-bar__button" href={REQUEST_FORM_PATH}>
          {REQUEST_MENU_LABEL}
        </a>
      )}
    </div>
  );
}
