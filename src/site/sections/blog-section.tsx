import { Link } from 'wouter';
import type { BlogContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { useLatestPostsQuery } from '../blog/api/latest-posts.ts';
import { NO_POSTS_TEXT } from '../blog/messages.ts';
import { SectionFrame } from './section-frame.tsx';

export { NO_POSTS_TEXT };

/** The blog's heading and its 3 latest published posts. */
export function BlogSection({ content }: { content: BlogContent }) {
  const posts = useLatestPostsQuery();

  return (
    <SectionFrame anchor={SECTION_TYPES.blog.anchor} title={content.title}>
      <p>{content.description}</p>
      <div aria-busy={posts.isPending}>
        {posts.isSuccess && posts.data.length > 0 && (
          <ul className="cards">
            {posts.data.map((post) => (
              <li key={post.id} className="card">
                <h3>
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h3>
                <p className="card__meta">
                  <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
                </p>
                {post.excerpt && <p>{post.excerpt}</p>}
              </li>
            ))}
          </ul>
        )}
        {(posts.isError || (posts.isSuccess && posts.data.length === 0)) && <p>{NO_POSTS_TEXT}</p>}
      </div>
      <p>
        <Link to="/blog">Voir tous les articles</Link>
      </p>
    </SectionFrame>
  );
}
