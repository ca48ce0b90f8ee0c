import { formatLongDate } from '../../lib/dates.ts';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import type { BlogPostRow } from '../../lib/blog-post-row.ts';

/** A row of blog_posts, all its columns. */
export type BlogPost = BlogPostRow;

/** A post as the admin list shows it: no content, which is read when the post is opened. */
export type PostSummary = Pick<
  BlogPost,
  'id' | 'title' | 'slug' | 'published_at' | 'scheduled_at' | 'views'
>;

/** The blog form's values: the blog-post schema's fields (src/content/generated/forms.ts). */
export interface BlogPostForm {
  title: string;
  content: string;
  excerpt: string;
  image_url: string;
  published_at?: string | null;
  scheduled_at?: string | null;
}

export const EMPTY_POST_FORM: BlogPostForm = {
  title: '',
  content: '',
  excerpt: '',
  image_url: '',
  published_at: null,
  scheduled_at: null,
};

/** The form pre-filled from a stored post (its edit state). */
export function formFromPost(post: BlogPost): BlogPostForm {
  return {
    title: post.title ?? '',
    content: post.content,
    excerpt: post.excerpt ?? '',
    image_url: post.image_url ?? '',
    published_at: post.published_at,
    scheduled_at: post.scheduled_at,
  };
}

export type PostStatus = 'published' | 'scheduled' | 'draft';

/** Published when published_at is set, else scheduled when scheduled_at is, else draft. */
export function postStatus(post: Pick<BlogPost, 'published_at' | 'scheduled_at'>): PostStatus {
  if (post.published_at) return 'published';
  if (post.scheduled_at) return 'scheduled';
  return 'draft';
}

/**
 * The status shown on each row: 'Publié le 22 novembre 2026', 'Programmé pour le 22 novembre 2026
 * à 14:30' (Paris time) or 'Brouillon'. A publication date still to come says when it goes online.
 */
export function statusLabel(
  post: Pick<BlogPost, 'published_at' | 'scheduled_at'>,
  now: Date = new Date(),
): string {
  switch (postStatus(post)) {
    case 'published': {
      const at = post.published_at!;
      return new Date(at).getTime() > now.getTime()
        ? `Publié le ${formatLongDateTime(at)} (en ligne à cette date)`
        : `Publié le ${formatLongDate(at)}`;
    }
    case 'scheduled':
      return `Programmé pour le ${formatLongDateTime(post.scheduled_at!)}`;
    default:
      return 'Brouillon';
  }
}

export type PostFilter = 'all' | 'published' | 'draft';

export const FILTER_OPTIONS: readonly { value: PostFilter; label: string }[] = [
  { value: 'all', label: 'Tous' },
  { value: 'published', label: 'Publiés uniquement' },
  { value: 'draft', label: 'Brouillons uniquement' },
];
