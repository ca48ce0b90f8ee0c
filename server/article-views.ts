import type { Database } from './db/database.ts';

const ANON = { role: 'anon', claims: { role: 'anon' } } as const;

/**
 * An article's view count as a visitor may read it, without counting a view: null for a slug
 * that is not a published article (the same condition as `increment_views`).
 */
export async function publishedViews(db: Database, slug: string): Promise<number | null> {
  const { rows } = await db.asRequest(ANON, (tx) =>
    tx.query<{ views: number | null }>(
      `select views from public.blog_posts
        where slug = $1 and published_at is not null and published_at <= now()`,
      [slug],
    ),
  );
  const row = rows[0];
  return row ? (row.views ?? 0) : null;
}
