import { useMemo, type ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { fromHtml } from 'hast-util-from-html';
import { sanitize } from 'hast-util-sanitize';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { SAFE_HTML_SCHEMA, SECTION_HEADINGS } from './rules.ts';

/** Images of a home section sit below the fold. */
function SectionImage(props: ComponentProps<'img'>) {
  return <img {...props} loading="lazy" decoding="async" />;
}

const COMPONENTS: Partial<Components> = { ...SECTION_HEADINGS, img: SectionImage };

/**
 * Parses an HTML fragment and keeps only what `SAFE_HTML_SCHEMA` allows. Pure hast: no DOM, so
 * the server and the browser produce the same elements.
 */
export function sanitizeHtml(html: string) {
  return sanitize(fromHtml(html, { fragment: true }), SAFE_HTML_SCHEMA);
}

interface SafeHtmlProps {
  /** HTML written by the owner: never trusted, never injected as is. */
  html: string;
  className?: string;
  /** Marks the root for a hydrating browser to adopt the server's markup (see lazy.tsx). */
  renderId?: string;
}

/** The HTML of an owner-added section, sanitized (docs/decisions/020-generic-section-html.md). */
export function SafeHtml({ html, className = 'safe-html', renderId }: SafeHtmlProps) {
  const content = useMemo(
    () => toJsxRuntime(sanitizeHtml(html), { Fragment, jsx, jsxs, components: COMPONENTS }),
    [html],
  );
  return (
    <div className={className} data-render-id={renderId}>
      {content}
    </div>
  );
}
