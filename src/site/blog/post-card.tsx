import { Link } from 'wouter';
import { formatLongDate } from '../../lib/dates.ts';
import type { PostCard as PostCardData } from './api/posts-page.ts';
import { FallbackImage } from './fallback-image.tsx';

interface PostCardProps {
  post: PostCardData;
  /** Cards of the first row are in view on arrival; the others load when scrolled near. */
  eager: boolean;
}

/** One post on /blog: its image, title (the link to the article), date and excerpt. */
export function PostCard({ post, eager }: PostCardProps) {
  return (
    <li className="post-card">
      <FallbackImage
        className="post-card__image"
        src={post.image_url}
        sizes="(min-width: 64rem) 23rem, (min-width: 48rem) 50vw, 100vw"
        alt=""
        width={640}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="post-card__body">
        <h2 className="post-card__title">
          <Link to={`/blog/${post.slug}`}>{post.title}</Link>
        </h2>
        <p className="post-card__date">
          <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
        </p>
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
      </div>
    </li>
  );
}
