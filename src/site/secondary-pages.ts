/**
 * The public pages besides the home page, where most visits start: one chunk, fetched on their
 * routes only (src/app/routes.tsx).
 */
export { ArticlePage } from './blog/article-page.tsx';
export { BlogListPage } from './blog/blog-list-page.tsx';
export { NotFoundPage } from './not-found-page.tsx';
