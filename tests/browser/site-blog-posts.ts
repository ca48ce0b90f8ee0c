import type { SupabaseClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import { test as base } from './fixtures.ts';

/**
 * Posts for the blog tests, created as the owner would (supabase-js signed in as the
 * administrator) and deleted after each test: other spec files share the server and its posts.
 */
export interface NewPost {
  title: string;
  content?: string;
  excerpt?: string | null;
  image_url?: string | null;
  published_at: string | null;
  scheduled_at?: string | null;
}

export interface StoredPost {
  id: string;
  title: string;
  slug: string;
  views: number | null;
}

/** An ISO date `days` from now (negative: in the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

export function blogPosts(db: SupabaseClient) {
  // Titles and slugs carry a tag of their own, so a test finds its posts among others'.
  const tag = randomBytes(3).toString('hex');
  const ids: string[] = [];
  return {
    tag,
    async create(posts: NewPost[]): Promise<StoredPost[]> {
      const rows = posts.map((post, index) => ({
        content: 'Texte de l’article.',
        excerpt: null,
        image_url: null,
        scheduled_at: null,
        ...post,
        title: `${post.title} ${tag}`,
        slug: `test-${tag}-${index}-${Date.now().toString(36)}`,
      }));
      const { data, error } = await db
        .from('blog_posts')
        .insert(rows)
        .select('id, title, slug, views');
      if (error) throw error;
      ids.push(...(data as StoredPost[]).map((post) => post.id));
      return data as StoredPost[];
    },
    async views(slug: string): Promise<number> {
      const { data, error } = await db.from('blog_posts').select('views').eq('slug', slug).single();
      if (error) throw error;
      return (data as { views: number | null }).views ?? 0;
    },
    async remove(): Promise<void> {
      if (ids.length === 0) return;
      const { error } = await db.from('blog_posts').delete().in('id', ids.splice(0));
      if (error) throw error;
    },
  };
}

export { axeViolations } from './axe.ts';

type BlogPosts = ReturnType<typeof blogPosts>;

/** The shared fixtures plus `posts`, whose posts are deleted once the test ends. */
export const test = base.extend<{ posts: BlogPosts }>({
  posts: async ({ adminDb }, use) => {
    const posts = blogPosts(adminDb);
    await use(posts);
    await posts.remove();
  },
});

export { expect } from './fixtures.ts';
