import { Link, useParams } from 'wouter';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { NotFoundPage } from '../not-found-page.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { BackendMissingError } from './api/backend-missing.ts';
import { usePostsPageQuery } from './api/posts-page.ts';
import { BlogPager } from './blog-pager.tsx';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import {
  BACK_TO_BLOG_TEXT,
  BACKEND_MISSING_TEXT,
  NO_POSTS_TEXT,
  POSTS_LOAD_ERROR_TEXT,
} from './messages.ts';
import { blogListTitle, parseBlogPageNumber } from './pages.ts';
import { PostCard } from './post-card.tsx';
import { Message } from '../../lib/message/message.tsx';

/** At most three cards share the first row of the grid, so only they load at once. */
const FIRST_ROW = 3;

/** A page number past the last page, or one that names no page: the server answers 404. */
function MissingBlogPage() {
  return <NotFoundPage back={{ to: '/blog', label: BACK_TO_BLOG_TEXT }} />;
}

function BlogListPageView({ page }: { page: number }) {
  const posts = usePostsPageQuery(page);
  const missing = page > 1 && posts.isSuccess && posts.data.posts.length === 0;
  const hasOlder = posts.isSuccess && posts.data.hasOlder;
  usePageHead(
    missing ? null : posts.isPending ? undefined : { page: 'blog', number: page, hasOlder },
  );
  const backendMissing = posts.error instanceof BackendMissingError;
  if (missing) return <MissingBlogPage />;

  return (
    <SimplePageLayout>
      <title>{blogListTitle(page)}</title>
      <h1>{page === 1 ? 'Blog' : `Blog – page ${page}`}</h1>
      <p className="blog-list__intro">
        Conseils d&apos;entretien et actualités de l&apos;atelier.{' '}
        <Link to="/">Retour à l&apos;accueil</Link>
      </p>
      {posts.isPending && (
        <LoadingStatus className="blog-loading" label="Chargement des articles…" />
      )}
      {backendMissing && <p className="notice">{BACKEND_MISSING_TEXT}</p>}
      {posts.isError && !backendMissing && <Message kind="error">{POSTS_LOAD_ERROR_TEXT}</Message>}
      {posts.isSuccess && posts.data.posts.length > 0 && (
        <ul className="post-grid">
          {posts.data.posts.map((post, index) => (
            <PostCard key={post.slug} post={post} eager={index < FIRST_ROW} />
          ))}
        </ul>
      )}
      {((posts.isError && !backendMissing) ||
        (posts.isSuccess && posts.data.posts.length === 0)) && (
        <p className="blog-empty">{NO_POSTS_TEXT}</p>
      )}
      {posts.isSuccess && <BlogPager page={page} hasOlder={hasOlder} />}
    </SimplePageLayout>
  );
}

/**
 * /blog and /blog/page/{n}: the published posts, newest first, twelve a page, in a grid of 1, 2
 * or 3 columns (docs/product.md#public-list-and-pagination), with links to newer and older pages.
 */
export function BlogListPage() {
  const { number } = useParams<{ number?: string }>();
  const page = number === undefined ? 1 : parseBlogPageNumber(number);
  return page === null ? <MissingBlogPage /> : <BlogListPageView page={page} />;
}
