/**
 * The public blog list's pages: `/blog` is the first, `/blog/page/2`, `/blog/page/3`… the next
 * ones, newest posts first. Shared by the pages, the server renderer and the sitemap.
 */

/** Posts per page: four rows of the three-column grid. */
export const BLOG_PAGE_SIZE = 12;

/** What the list reads of each post: the columns its cards show. */
export const POST_CARD_COLUMNS = 'title,slug,excerpt,image_url,published_at';

/**
 * Page numbers are written with at most six digits: the offset of a larger one would serve no
 * blog this site can hold, and would only make the database skip rows for nothing.
 */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/** The address of page `page` of the list. */
export function blogPagePath(page: number): string {
  return page <= 1 ? '/blog' : `/blog/page/${page}`;
}

/**
 * The number in `/blog/page/{segment}`, or null when it names no page. Each page has one address,
 * so the first page is only `/blog`, and `01` or `+2` are not numbers of pages.
 */
export function parseBlogPageNumber(segment: string): number | null {
  if (!PAGE_NUMBER.test(segment)) return null;
  const page = Number(segment);
  return page >= 2 ? page : null;
}

/** How many pages `total` published posts fill; an empty blog still has its first page. */
export function blogPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
}

/** The title of a page of the list, in the tab and in search results. */
export function blogListTitle(page: number): string {
  return page <= 1
    ? 'Blog – conseils et actualités du garage'
    : `Blog, page ${page} – conseils et actualités du garage`;
}
