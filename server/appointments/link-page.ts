import { escapeHtml as e } from '../../supabase/functions/_shared/request-mails.ts';
import {
  addressText,
  mapLink,
  type Identity,
} from '../../supabase/functions/appointments/appointment-text.ts';
import { APPOINTMENT_LINK_PATH } from '../../supabase/functions/appointments/handler.ts';
import {
  LABELS,
  linkPageTitle,
  linkView,
  MESSAGES,
  type LinkState,
} from '../../src/site/appointment-link/link-texts.ts';

// The words and the state→text logic are the public site's page's too (src/site/appointment-link).
export { MESSAGES, type LinkState };

/**
 * The page of the customer's link (docs/decisions/076-appointment-confirmation.md): the
 * appointment's day and half-day and the garage, nothing else of the request, and two plain
 * forms (cancel, ask for another day) that work without JavaScript.
 */

export interface LinkPage {
  token: string;
  /** null: the link is not (or no longer) valid. */
  appointment: LinkState | null;
  identity: Identity;
  /** What just happened, or what went wrong (a French sentence). */
  notice?: { kind: 'success' | 'error'; text: string };
  /** The customer asked to cancel: the page asks them to confirm (one tap cancels nothing). */
  confirmCancel?: boolean;
  /** The first day the date fields offer (Paris, YYYY-MM-DD) and the last. */
  today: string;
  lastDay: string;
}

export const LINK_STYLESHEET = `${APPOINTMENT_LINK_PATH}.css`;

function garageBlock(identity: Identity): string {
  const name = identity.name?.trim() || LABELS.garage;
  const address = addressText(identity);
  return [
    `<section class="garage" aria-label="${LABELS.garage}">`,
    `<h2>${e(name)}</h2>`,
    address
      ? `<p>${e(address)}<br><a href="${e(mapLink(identity))}" rel="noreferrer">${LABELS.map}</a></p>`
      : '',
    identity.phone
      ? `<p><a class="button" href="tel:${e(identity.phone.replace(/[^+\d]/g, ''))}">${e(LABELS.call(identity.phone))}</a></p>`
      : '',
    '</section>',
  ].join('\n');
}

function dayFields(today: string, lastDay: string): string {
  return [1, 2, 3]
    .map(
      (n) => `<fieldset class="half-day"><legend>${LABELS.halfDay(n)}</legend>
<label>${LABELS.day} <input type="date" name="date${n}" min="${today}" max="${lastDay}"></label>
<label>${LABELS.moment} <select name="moment${n}"><option value="matin">${LABELS.morning}</option><option value="apres-midi">${LABELS.afternoon}</option></select></label>
</fieldset>`,
    )
    .join('\n');
}

function forms(page: LinkPage, canChange: boolean): string {
  const token = `<input type="hidden" name="j" value="${e(page.token)}">`;
  if (page.confirmCancel)
    return `<p>${LABELS.confirmQuestion}</p>
<form method="post" action="${APPOINTMENT_LINK_PATH}" class="action">
${token}<input type="hidden" name="action" value="annuler">
<button type="submit" class="button button--danger">${LABELS.confirmYes}</button>
</form>
<p><a href="${APPOINTMENT_LINK_PATH}?j=${encodeURIComponent(page.token)}">${LABELS.confirmNo}</a></p>`;
  // Asking first: a form that only shows the question, so that one tap cancels nothing.
  const cancel = `<form method="get" action="${APPOINTMENT_LINK_PATH}" class="action">
${token}<input type="hidden" name="annuler" value="1">
<button type="submit" class="button button--danger">${LABELS.cancel}</button>
</form>`;
  if (!canChange) return cancel;
  return `${cancel}
<form method="post" action="${APPOINTMENT_LINK_PATH}" class="action">
${token}<input type="hidden" name="action" value="changer">
<h2>${LABELS.changeHeading}</h2>
<label for="message">${LABELS.message}</label>
<textarea id="message" name="message" rows="3" maxlength="500"></textarea>
${dayFields(page.today, page.lastDay)}
<button type="submit" class="button">${LABELS.changeSubmit}</button>
</form>`;
}

/** The whole page, in French, for a phone first. */
export function linkPageHtml(page: LinkPage): string {
  const a = page.appointment;
  const body: string[] = [];
  if (page.notice)
    body.push(
      `<p class="notice notice--${page.notice.kind}" role="${page.notice.kind === 'error' ? 'alert' : 'status'}">${e(page.notice.text)}</p>`,
    );
  if (!a) {
    if (!page.notice) body.push(`<p class="notice notice--error">${e(MESSAGES.invalid)}</p>`);
  } else {
    const view = linkView(a, Boolean(page.notice));
    body.push(`<p class="when">${view.label} : <strong>${e(view.when)}</strong></p>`);
    if (view.stateText) body.push(`<p class="notice">${e(view.stateText)}</p>`);
    if (view.canCancel) body.push(forms(page, view.canChange));
  }
  body.push(garageBlock(page.identity));
  return [
    '<!doctype html>',
    '<html lang="fr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<meta name="referrer" content="no-referrer">',
    `<link rel="stylesheet" href="${LINK_STYLESHEET}">`,
    `<title>${e(linkPageTitle(page.identity.name))}</title></head>`,
    '<body><main>',
    `<h1>${LABELS.heading}</h1>`,
    ...body,
    '</main></body></html>',
  ].join('\n');
}

/** The page's few styles (the site's policy allows no inline style). */
export const LINK_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1a1a1a;background:#f6f6f4}
main{max-width:34rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.when{font-size:1.15rem;background:#fff;border-radius:.5rem;padding:1rem;border:1px solid #ddd}
.notice{padding:.75rem 1rem;border-radius:.5rem;background:#fff;border:1px solid #ccc}
.notice--success{border-color:#1d7a3a;background:#eaf6ee}
.notice--error{border-color:#b3261e;background:#fdecea}
.action{margin:1rem 0;display:flex;flex-direction:column;gap:.5rem}
label{display:block;font-weight:600}
textarea,input,select{font:inherit;width:100%;padding:.6rem;border:1px solid #888;border-radius:.375rem;background:#fff;min-height:2.75rem}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:0;padding:.5rem .75rem;display:grid;gap:.5rem}
legend{padding:0 .25rem}
.button{display:inline-block;font:inherit;font-weight:600;text-align:center;text-decoration:none;min-height:2.75rem;padding:.65rem 1rem;border-radius:.5rem;border:0;background:#1f4e8c;color:#fff;cursor:pointer;width:100%}
.button--danger{background:#b3261e}
.garage{margin-top:2rem;border-top:1px solid #ccc}
a{color:#1f4e8c}
`;
