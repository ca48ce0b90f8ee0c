import { Suspense } from 'react';
import { LazyMarkdown } from '../../lib/markdown/lazy.tsx';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import type { BlogPost } from './blog-post.ts';

/** A version of a post as its article page shows it: title, summary and the rendered text. */
export function PostPreview({ post }: { post: Pick<BlogPost, 'title' | 'excerpt' | 'content'> }) {
  return (
    <article className="article">
      <h3 className="article__title">{post.title}</h3>
      {post.excerpt && <p className="article__excerpt">{post.excerpt}</p>}
      <Suspense
        fallback={<LoadingStatus className="blog-loading" label="Chargement du contenu…" />}
      >
        <LazyMarkdown className="markdown article__content">{post.content}</LazyMarkdown>
      </Suspense>
    </article>
  );
}
