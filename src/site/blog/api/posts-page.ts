import { useQuery } from '@tanstack/react-query';
import { loadPublicRest } from '../../../lib/public-client.ts';
import { BLOG_PAGE_SIZE, POST_CARD_COLUMNS } from '../pages.ts';
import { BackendMissingError } from './backend-missing.ts';
import { blogPostKeys } from './keys.ts';
import { logPostsError, type PostPreview } from './published-posts.ts';

/** What a card of the list shows: nothing more is read or handed to the browser. */
export type PostCard = Pick<
  PostPreview,
  'title' | 'slug' | 'excerpt' | 'image_url' | 'published_at'
>;

/** One page of the list, and whether an older page follows it. */
export interface PostsPage {
  posts: PostCard[];
  hasOlder: boolean;
}

/** Where page `page` starts among the published posts, newest first. */
export function pageOffset(page: number): number {
  return (page - 1) * BLOG_PAGE_SIZE;
}

/**
 * A page from the rows read for it: one row more than a page holds tells that an older page
 * exists, so no count of every post is needed. Rows keep the card's columns only.
 */
export function pageOfRows(rows: readonly PostCard[]): PostsPage {
  return {
    posts: rows
      .slice(0, BLOG_PAGE_SIZE)
      .map(({ title, slug, excerpt, image_url, published_at }) => ({
        title,
        slug,
        excerpt,
        image_url,
        published_at,
      })),
    hasOlder: rows.length > BLOG_PAGE_SIZE,
  };
}

/**
 * Page `page` of the published posts (published_at set and not in the future), newest first; the
 * slug breaks ties, so that a post never shows on two pages.
 */
export async function fetchPostsPage(page: number): Promise<PostsPage> {
  const rest = await loadPublicRest();
  if (!rest) throw new BackendMissingError();
  const offset = pageOffset(page);
  const { data, error } = await rest
    .from('blog_posts')
    .select(POST_CARD_COLUMNS)
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false })
    .order('slug')
    .range(offset, offset + BLOG_PAGE_SIZE);
  if (error) throw error;
  return pageOfRows(data as PostCard[]);
}

export function usePostsPageQuery(page: number) {
  return useQuery({
    queryKey: blogPostKeys.page(page),
    queryFn: async () => {
      try {
        return await fetchPostsPage(page);
      } catch (error) {
        logPostsError(error);
        throw error;
      }
    },
    retry: false,
  });
}
