import { useSiteContent } from '../../content/api.ts';
import { AlertBanner } from './alert-banner.tsx';
import { useAlertVisibility } from './use-alert-visibility.ts';

/** The stored alert at the top of a public page, closable, gone after 10 s unless permanent. */
export function SiteAlert() {
  const { content } = useSiteContent();
  const { visible, close } = useAlertVisibility(content.alert);
  return visible ? <AlertBanner alert={content.alert} onClose={close} /> : null;
}
