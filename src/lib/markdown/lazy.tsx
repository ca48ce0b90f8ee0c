import { useId, useState, useSyncExternalStore, type ComponentProps } from 'react';
import { preloadable } from '../preloadable.ts';

/**
 * The parsers behind `Markdown` (micromark, unified) and `SafeHtml` (parse5) weigh more than the
 * rest of a page, so they come in their own chunks, fetched only where an article or an owner's
 * HTML block is rendered in the browser. Once `preload…()` has resolved (a server renderer awaits
 * it before rendering; the article page starts it with its data), the component renders
 * synchronously; before that it suspends, so callers wrap it in `<Suspense>`.
 *
 * A body the server rendered needs no parser to hydrate: the browser adopts the server's markup as
 * it stands. That markup is the output of the same component on the server (sanitized there, see
 * `markdown.tsx` and `safe-html.tsx`), found through the `data-render-id` that both sides derive
 * from `useId`. React keeps the server's nodes when hydrating `dangerouslySetInnerHTML`, and writes
 * nothing while the string is unchanged, so the markup is never parsed again. When the source
 * changes (fresh data, another article), the parser is fetched and renders it.
 */
const markdown = preloadable(() => import('./markdown.tsx'));
const safeHtml = preloadable(() => import('./safe-html.tsx'));

export const preloadMarkdown = markdown.preload;
export const preloadSafeHtml = safeHtml.preload;

const RENDER_ID = 'data-render-id';

interface Adopted {
  /** The source the server rendered (markdown, or the owner's HTML). */
  source: string;
  className: string;
  html: string;
}

const subscribeToNothing = () => () => {};

/** The element the server rendered for this component, while hydrating; else null. */
function serverElement(renderId: string, hydrating: boolean): Element | null {
  if (!hydrating || typeof document === 'undefined') return null;
  const marked = document.querySelectorAll(`[${RENDER_ID}]`);
  return Array.from(marked).find((element) => element.getAttribute(RENDER_ID) === renderId) ?? null;
}

/** The server's markup of `source` when this component hydrates it and it has not changed since. */
function useAdopted(renderId: string, source: string): Adopted | null {
  // True on the server and while hydrating, false for any render in the browser after that.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [adopted] = useState((): Adopted | null => {
    const element = serverElement(renderId, hydrating);
    return element && { source, className: element.className, html: element.innerHTML };
  });
  return adopted?.source === source ? adopted : null;
}

function AdoptedBody({ adopted, renderId }: { adopted: Adopted; renderId: string }) {
  return (
    <div
      className={adopted.className}
      {...{ [RENDER_ID]: renderId }}
      dangerouslySetInnerHTML={{ __html: adopted.html }}
    />
  );
}

type MarkdownProps = Omit<ComponentProps<typeof import('./markdown.tsx').Markdown>, 'renderId'>;
type SafeHtmlProps = Omit<ComponentProps<typeof import('./safe-html.tsx').SafeHtml>, 'renderId'>;

/** `Markdown`, loaded on first use (or not at all when hydrating the server's rendering). */
export function LazyMarkdown(props: MarkdownProps) {
  const renderId = useId();
  const adopted = useAdopted(renderId, props.children);
  if (adopted) return <AdoptedBody adopted={adopted} renderId={renderId} />;
  const { Markdown } = markdown.useModule();
  return <Markdown {...props} renderId={renderId} />;
}

/** `SafeHtml`, loaded on first use (or not at all when hydrating the server's rendering). */
export function LazySafeHtml(props: SafeHtmlProps) {
  const renderId = useId();
  const adopted = useAdopted(renderId, props.html);
  if (adopted) return <AdoptedBody adopted={adopted} renderId={renderId} />;
  const { SafeHtml } = safeHtml.useModule();
  return <SafeHtml {...props} renderId={renderId} />;
}
