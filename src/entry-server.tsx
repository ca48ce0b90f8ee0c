/**
 * The public pages rendered to HTML (self-hosted server and build-time prerendering). Each route's
 * queries are filled from a data source before rendering, the same keys the pages read, and the
 * cache is handed to the browser so its first render is the server's.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import { StaticPathRouter } from './app/public-router.tsx';
import { normalizePath, serializeHydrationData, HYDRATION_ELEMENT_ID } from './app/hydration.ts';
import { siteScriptTags } from './app/site-scripts.server.ts';
import { preloadPage } from './app/routes.tsx';
import { contentKeys } from './content/api.ts';
import { parseSiteContent, type SiteContent } from './content/content.ts';
import { contentExpiry } from './content/expiry.ts';
import { preloadMarkdown, preloadSafeHtml } from './lib/markdown/lazy.tsx';
import type { Article } from './site/blog/api/article.ts';
import { blogPostKeys } from './site/blog/api/keys.ts';
import { HOME_POSTS_LIMIT } from './site/blog/api/latest-posts.ts';
import {
  pageOfRows,
  pageOffset,
  type PostCard,
  type PostsPage,
} from './site/blog/api/posts-page.ts';
import type { PostPreview } from './site/blog/api/published-posts.ts';
import { BLOG_PAGE_SIZE, parseBlogPageNumber } from './site/blog/pages.ts';
import { DEFAULT_POST_IMAGE } from './site/blog/fallback-image.tsx';
import { preloadGenericSections } from './site/home/home-page.tsx';
import { homeBlocks } from './site/home/home-sections.ts';
import { legalPageAt, type LegalPage } from './site/legal/legal-pages.ts';
import {
  freshFormState,
  requestFormKeys,
  type RequestFormState,
} from './site/request/request-form-model.ts';
import { parisDay } from './site/request/preferred-days.ts';
import type { SourceFields } from './lib/request-source.ts';
import { parisToday } from './lib/hours/paris-day.ts';
import { lastOfferedDay, type HalfDayLoad } from './lib/hours/half-days.ts';
import { parisTodayKey } from './site/hours/use-paris-today.ts';
import { REQUEST_FORM_PATH } from './site/request/request-route.ts';
import {
  articleHead,
  blogListHead,
  homeHead,
  legalHead,
  missingArticleHead,
  missingPageHead,
  renderHeadTags,
  requestHead,
  type PageHead,
} from './site/seo/head.ts';
import { brandHeadTags } from './site/seo/brand-head.ts';

/** Where the server reads what a visitor may read (the anon role, under RLS). */
export interface PublicDataSource {
  siteContentRows(): Promise<{ type: string; content: unknown }[]>;
  /** Published posts, newest first; all of them without a limit. */
  publishedPosts(limit?: number): Promise<PostPreview[]>;
  /**
   * At most `limit` published posts from `offset` on, newest first and then by slug. A source
   * without it serves pages from `publishedPosts`, which reads every post up to the page.
   */
  publishedPostsPage?(limit: number, offset: number): Promise<PostCard[]>;
  /** The published post with this slug, or null. */
  article(slug: string): Promise<Article | null>;
  /**
   * A signed start of the request form (public.request_form_start); a source without it leaves
   * the browser to ask for one.
   */
  requestFormStart?(): Promise<string>;
  /**
   * How many appointments take each half-day from `from` to `to` (public.half_day_load); a
   * source without it leaves the browser to ask.
   */
  halfDayLoad?(from: string, to: string): Promise<HalfDayLoad[]>;
}

export interface RenderOptions {
  /** The site's public origin, for canonical URLs and structured data. */
  siteUrl: string;
  /** See HydrationData.live. */
  live: boolean;
  /** The request form's state after a post without JavaScript; else an empty form shown now. */
  requestForm?: RequestFormState;
  /** Where the visitor came from, for an empty request form (src/lib/request-source.ts). */
  requestSource?: SourceFields | null;
}

export interface RenderedPage {
  status: 200 | 404;
  /** Tags for the end of `<head>`. */
  head: string;
  /** The inside of `<div id="root">`. */
  html: string;
  /** The hydration data block, to follow the root element. */
  data: string;
  /**
   * The first instant after the render at which some content the page carries ends by itself (an
   * `x-expires` field: src/content/expiry.ts), so that no cache keeps the page past it; undefined
   * when none does.
   */
  expiresAt: number | undefined;
}

/** `number` is null for `/blog/page/{n}` when n names no page (it answers 404). */
export type PublicRoute =
  | { page: 'home' }
  | { page: 'blog'; number: number | null }
  | { page: 'article'; slug: string }
  | { page: 'legal'; legal: LegalPage }
  | { page: 'request' };

/** Pages rendered for each visitor, never cached: the request form carries when it was shown. */
export function isPersonalPage(pathname: string): boolean {
  return matchPublicRoute(pathname)?.page === 'request';
}

/** The server-rendered routes; every other path keeps the client-only app shell. */
export function matchPublicRoute(pathname: string): PublicRoute | null {
  const path = normalizePath(pathname);
  if (path === '/') return { page: 'home' };
  if (path === '/blog') return { page: 'blog', number: 1 };
  const legal = legalPageAt(path);
  if (legal) return { page: 'legal', legal };
  if (path === REQUEST_FORM_PATH) return { page: 'request' };
  const listPage = /^\/blog\/page\/([^/]+)$/.exec(path);
  if (listPage?.[1]) return { page: 'blog', number: parseBlogPageNumber(listPage[1]) };
  const article = /^\/blog\/([^/]+)$/.exec(path);
  if (article?.[1]) {
    try {
      return { page: 'article', slug: decodeURIComponent(article[1]) };
    } catch {
      return null;
    }
  }
  return null;
}

/** PostgREST's "no row" for `.single()`, as the article page expects it when a slug is unknown. */
const NO_ROW = {
  code: 'PGRST116',
  details: 'The result contains 0 rows',
  hint: null,
  message: 'JSON object requested, multiple (or no) rows returned',
};

/** Page `number` of the list, read with one more post than it shows (see pageOfRows). */
async function readPostsPage(source: PublicDataSource, number: number): Promise<PostsPage> {
  const offset = pageOffset(number);
  const rows = source.publishedPostsPage
    ? await source.publishedPostsPage(BLOG_PAGE_SIZE + 1, offset)
    : (await source.publishedPosts(offset + BLOG_PAGE_SIZE + 1)).slice(offset);
  return pageOfRows(rows);
}

async function prefetch(
  client: QueryClient,
  route: PublicRoute,
  source: PublicDataSource,
  siteUrl: string,
  requestForm: RequestFormState | undefined,
  requestSource: SourceFields | null,
  live: boolean,
): Promise<{ head: PageHead; status: 200 | 404; content: SiteContent }> {
  const rows = await source.siteContentRows();
  const content: SiteContent = parseSiteContent(rows);
  client.setQueryData(contentKeys.all, content);
  // The day the page shows its hours for: the browser hydrates with the same one. A prerendered
  // page is read on days its build does not know: it carries no day, so neither a closure notice
  // nor the coming exceptions, and the browser adds them for its own day once hydrated.
  client.setQueryData(parisTodayKey, live ? parisToday(Date.now()) : null);
  const form = { state: requestForm, source: requestSource };
  return { ...(await prefetchPage(client, route, source, siteUrl, form, content)), content };
}

async function prefetchPage(
  client: QueryClient,
  route: PublicRoute,
  source: PublicDataSource,
  siteUrl: string,
  requestForm: { state: RequestFormState | undefined; source: SourceFields | null },
  content: SiteContent,
): Promise<{ head: PageHead; status: 200 | 404 }> {
  const set = <T,>(key: readonly unknown[], data: T) => client.setQueryData(key, data);

  if (route.page === 'home') {
    set(blogPostKeys.latest(HOME_POSTS_LIMIT), await source.publishedPosts(HOME_POSTS_LIMIT));
    // An owner's HTML sections render synchronously only once their code and sanitizer are loaded.
    if (homeBlocks(content.sections).some((block) => block.kind === 'generic')) {
      await Promise.all([preloadGenericSections(), preloadSafeHtml()]);
    }
    return { head: homeHead(content, siteUrl), status: 200 };
  }
  if (route.page === 'legal') {
    await preloadMarkdown();
    return { head: legalHead(content, siteUrl, route.legal), status: 200 };
  }
  if (route.page === 'request') {
    // When the form was shown starts its minimum fill time (docs/decisions/032-requests.md).
    // Signed by the database, so that no client can make it older (request-form-abuse decision).
    const started = (await source.requestFormStart?.()) ?? null;
    const state =
      requestForm.state ?? freshFormState(started, parisDay(Date.now()), requestForm.source);
    // The half-days with room left are offered from the page itself, also without JavaScript.
    const load =
      state.load ??
      (await source.halfDayLoad?.(state.today, lastOfferedDay(state.today)).catch(() => null)) ??
      null;
    set(requestFormKeys.state, { ...state, load });
    return { head: requestHead(content, siteUrl), status: 200 };
  }
  if (route.page === 'blog') {
    const number = route.number;
    if (number === null) return { head: missingPageHead(content.identity), status: 404 };
    const page = await readPostsPage(source, number);
    // Only this page travels to the browser, which renders the same (a page past the last one
    // included: it shows the not-found text).
    set(blogPostKeys.page(number), page);
    if (number > 1 && page.posts.length === 0)
      return { head: missingPageHead(content.identity), status: 404 };
    return { head: blogListHead(content.identity, siteUrl, number, page.hasOlder), status: 200 };
  }
  const article = await source.article(route.slug);
  if (!article) {
    // A settled error, dehydrated too, so that the browser shows the same "not found" page; not
    // retried on mount, or both sides would render "loading" instead.
    client.setQueryDefaults(blogPostKeys.article(route.slug), { retryOnMount: false });
    await client.prefetchQuery({
      queryKey: blogPostKeys.article(route.slug),
      queryFn: () => Promise.reject(NO_ROW),
      retry: false,
    });
    return { head: missingArticleHead(content.identity), status: 404 };
  }
  set(blogPostKeys.article(route.slug), article);
  await preloadMarkdown();
  return { head: articleHead(content.identity, article, siteUrl, DEFAULT_POST_IMAGE), status: 200 };
}

// React hoists a page's <title> and <meta> to the start of its output; they belong in <head>.
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;

function splitHoisted(markup: string): { hoisted: string; body: string } {
  let body = markup;
  let hoisted = '';
  for (let match = HOISTED.exec(body); match; match = HOISTED.exec(body)) {
    hoisted += match[0];
    body = body.slice(match[0].length);
  }
  return { hoisted, body };
}

// Read once from the client build's manifest, beside this bundle (dist/.vite/ and dist/.ssr/).
let scriptTags: Promise<string> | undefined;

/** The page at `pathname`, or null when the path is not a server-rendered page. */
export async function renderPage(
  pathname: string,
  source: PublicDataSource,
  { siteUrl, live, requestForm, requestSource = null }: RenderOptions,
): Promise<RenderedPage | null> {
  const route = matchPublicRoute(pathname);
  if (!route) return null;
  // Before the content is read: what ends meanwhile only shortens the page's life.
  const renderedAt = Date.now();
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  const { head, status, content } = await prefetch(
    client,
    route,
    source,
    siteUrl,
    requestForm,
    requestSource,
    live,
  );
  // A page whose code were still loading would render as its fallback.
  await preloadPage(pathname);
  const markup = renderToString(
    <StrictMode>
      <StaticPathRouter path={pathname}>
        <App queryClient={client} />
      </StaticPathRouter>
    </StrictMode>,
  );
  const { hoisted, body } = splitHoisted(markup);
  const hasTitle = hoisted.includes('<title>');
  // A page's own robots tag (a missing article) is already among the hoisted tags.
  const headTags = renderHeadTags(
    { ...head, noindex: head.noindex && !hoisted.includes('name="robots"') },
    { withTitle: !hasTitle },
  );
  const state = dehydrate(client, { shouldDehydrateQuery: () => true });
  client.clear();
  scriptTags ??= siteScriptTags(new URL('../.vite/manifest.json', import.meta.url));
  return {
    status,
    head: hoisted + headTags + brandHeadTags(content) + (await scriptTags),
    html: body,
    // Every page carries the whole site content (its hydration data), so all of it counts.
    expiresAt: contentExpiry(content, renderedAt),
    data: `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${serializeHydrationData({
      path: normalizePath(pathname),
      live,
      state,
    })}</script>`,
  };
}
