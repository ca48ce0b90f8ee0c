import { use, type ComponentProps } from 'react';

/**
 * The parsers behind `Markdown` (micromark, unified) and `SafeHtml` (parse5) weigh more than the
 * rest of a page, so they come in their own chunks, fetched only where an article or an owner's
 * HTML block is shown. Once `preload…()` has resolved (a server renderer can await it before
 * rendering; the article page starts it with its data), the component renders synchronously;
 * before that it suspends, so callers wrap it in `<Suspense>`.
 */
type MarkdownModule = typeof import('./markdown.tsx');
type SafeHtmlModule = typeof import('./safe-html.tsx');

let markdownModule: MarkdownModule | undefined;
let markdownPromise: Promise<MarkdownModule> | undefined;
let safeHtmlModule: SafeHtmlModule | undefined;
let safeHtmlPromise: Promise<SafeHtmlModule> | undefined;

export function preloadMarkdown(): Promise<MarkdownModule> {
  markdownPromise ??= import('./markdown.tsx').then((module) => (markdownModule = module));
  return markdownPromise;
}

export function preloadSafeHtml(): Promise<SafeHtmlModule> {
  safeHtmlPromise ??= import('./safe-html.tsx').then((module) => (safeHtmlModule = module));
  return safeHtmlPromise;
}

/** `Markdown`, loaded on first use. */
export function LazyMarkdown(props: ComponentProps<MarkdownModule['Markdown']>) {
  const { Markdown } = markdownModule ?? use(preloadMarkdown());
  return <Markdown {...props} />;
}

/** `SafeHtml`, loaded on first use. */
export function LazySafeHtml(props: ComponentProps<SafeHtmlModule['SafeHtml']>) {
  const { SafeHtml } = safeHtmlModule ?? use(preloadSafeHtml());
  return <SafeHtml {...props} />;
}
