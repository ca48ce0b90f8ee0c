import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import type { WidgetProps } from '@rjsf/utils';
import { ADMIN_PAGES, adminHref } from '../../shell/nav-items.ts';
import { describedByIds } from '../theme/described-by.ts';

/**
 * The address as a web page the frame may show: https only, as the site's security policy allows
 * (an http:// frame would stay blank there), never `javascript:`.
 */
export function previewableUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page where a read-only address is edited (`ui:options.editedIn`: its path under /admin), as
 * a link: the vehicles record's address follows the garage's identity
 * (docs/decisions/081-partner-addresses-in-identity.md).
 */
function EditedIn({ path }: { path: unknown }) {
  const page = ADMIN_PAGES.find((item) => item.path === path);
  if (!page) return null;
  return (
    <p className="frame-preview__hint">
      Cette adresse se modifie dans « {page.title} » : le site la reprend partout.{' '}
      <Link to={adminHref(page)}>Modifier dans {page.title}</Link>
    </p>
  );
}

/**
 * `ui:widget: "framePreview"`: an address and, below it, the page at that address in a 16:9
 * frame, as the public site will embed it. The frame follows the address as soon as it is a
 * complete http(s) address.
 */
export function FramePreviewWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, required, autofocus, rawErrors, options } = props;
  const text = typeof value === 'string' ? value : '';
  // Typing should not reload the frame on every key while React is busy.
  const url = previewableUrl(useDeferredValue(text));
  const hintId = `${id}-hint`;
  const describedBy = [describedByIds(props), url ? '' : hintId].filter(Boolean).join(' ');

  return (
    <div className="frame-preview">
      {readonly && <EditedIn path={options.editedIn} />}
      {/* Two lines, so that a long address shows whole on a phone instead of scrolling. */}
      <textarea
        id={id}
        name={props.htmlName ?? id}
        rows={2}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://…"
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          // An address is one line: Enter or a pasted line break adds nothing to it.
          const address = event.target.value.replace(/[\r\n]+/g, '');
          props.onChange(address === '' ? options.emptyValue : address);
        }}
        onBlur={(event) => {
          // A pasted address often ends with a space, which the URL check would refuse.
          const trimmed = event.target.value.trim();
          if (trimmed !== event.target.value)
            props.onChange(trimmed === '' ? options.emptyValue : trimmed);
          props.onBlur(id, trimmed);
        }}
        onFocus={(event) => props.onFocus(id, event.target.value)}
      />
      {url ? (
        <div className="frame-preview__frame">
          <iframe
            key={url}
            src={url}
            title={
              typeof options.frameTitle === 'string' ? options.frameTitle : 'Aperçu du diaporama'
            }
            loading="lazy"
            sandbox="allow-scripts allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
          />
        </div>
      ) : (
        <p className="frame-preview__hint" id={hintId}>
          L’aperçu apparaîtra dès que l’adresse sera complète et commencera par https://.
        </p>
      )}
    </div>
  );
}
