import { allowLeaving } from '../unsaved/unsaved-changes.ts';
import { loginAddress } from './return-path.ts';

/**
 * Loads /admin-login in place of the current page, which leaves the history. Unsaved text is not
 * asked about: it stays in this browser's drafts (src/admin/unsaved/local-draft.ts) and is offered
 * back once the owner is back on the page.
 */
export function leaveForLogin(
  options: { back?: string; expired?: boolean; endReason?: string } = {},
): void {
  allowLeaving();
  window.location.replace(loginAddress(options));
}
