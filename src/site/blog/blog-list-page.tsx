import { Link } from 'wouter';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import { BackendMissingError } from './api/backend-missing.ts';
import { usePublishedPostsQuery } from './api/published-posts.ts';
import { LoadingStatus } from './loading-status.tsx';
import { BACKEND_MISSING_TEXT, NO_POSTS_TEXT, POSTS_LOAD_ERROR_TEXT } from './messages.ts';
import { PostCard } from './post-card.tsx';

/** At most three cards share the first row (spec §2 grid), so only they load at once. */
const FIRST_ROW = 3;

/** /blog: every published post, newest first, in a grid of 1, 2 or 3 columns (spec §2). */
export function BlogListPage() {
  const posts = usePublishedPostsQuery();
  usePageHead({ page: 'blog' });
  const backendMissing = posts.error instanceof BackendMissingError;

  return (
    <SimplePageLayout>
      <title>Blog – conseils et actualités du garage</title>
      <h1>Blog</h1>
      <p className="blog-list__intro">
        Conseils d&apos;entretien et actualités de l&apos;atelier.{' '}
        <Link to="/">Retour à l&apos;accueil</Link>
      </p>
      {posts.isPending && <LoadingStatus label="Chargement des articles…" />}
      {backendMissing && <p className="notice">{BACKEND_MISSING_TEXT}</p>}
      {posts.isError && !backendMissing && (
        <p className="blog-error" role="alert">
          {POSTS_LOAD_ERROR_TEXT}
        </p>
      )}
      {posts.isSuccess && posts.data.length > 0 && (
        <ul className="post-grid">
          {posts.data.map((post, index) => (
            <PostCard key={post.id} post={post} eager={index < FIRST_ROW} />
          ))}
        </ul>
      )}
      {((posts.isError && !backendMissing) || (posts.isSuccess && posts.data.length === 0)) && (
        <p className="blog-empty">{NO_POSTS_TEXT}</p>
      )}
    </SimplePageLayout>
  );
}
