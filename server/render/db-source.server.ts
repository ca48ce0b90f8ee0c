import type { Database, Tx } from '../db/database.ts';
import type { PublicDataSource } from '../../src/entry-server.tsx';
import type { Article } from '../../src/site/blog/api/article.ts';
import type { PostPreview } from '../../src/site/blog/api/published-posts.ts';
import type { HalfDayLoad } from '../../src/lib/hours/half-days.ts';

const ANON = { role: 'anon', claims: { role: 'anon' } } as const;

/** Postgres builds the JSON, so rows read here are byte for byte what the REST API would send. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

async function one<T>(tx: Tx, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await tx.query<{ body: unknown }>(sql, params);
  return json<T>(rows[0]?.body ?? null);
}

/**
 * The public data read straight from the database as a visitor: the anon role and its claims,
 * so row-level security decides exactly as for a request to /rest/v1.
 */
export function databaseSource(db: Database): PublicDataSource {
  const asVisitor = <T>(fn: (tx: Tx) => Promise<T>) => db.asRequest({ ...ANON }, fn);
  return {
    siteContentRows: () =>
      asVisitor((tx) =>
        one(
          tx,
          "select coalesce(json_agg(t), '[]'::json) as body from (select type, content from public.site_content) t",
        ),
      ),
    publishedPosts: (limit?: number) =>
      asVisitor((tx) =>
        one<PostPreview[]>(
          tx,
          `select coalesce(json_agg(t), '[]'::json) as body from (
             select id, title, slug, excerpt, image_url, published_at from public.blog_posts
             where published_at is not null and published_at <= now()
             order by published_at desc limit $1) t`,
          [limit ?? null],
        ),
      ),
    article: (slug: string) =>
      asVisitor((tx) =>
        one<Article | null>(
          tx,
          'select row_to_json(t) as body from (select * from public.blog_posts where slug = $1) t',
          [slug],
        ),
      ),
    // The same call as the browser's: the database signs when the form is shown.
    requestFormStart: () =>
      asVisitor((tx) => one<string>(tx, 'select to_json(public.request_form_start()) as body')),
    // The same call as the browser's: counts only, what any visitor may read.
    halfDayLoad: (from: string, to: string) =>
      asVisitor((tx) =>
        one<HalfDayLoad[]>(
          tx,
          "select coalesce(json_agg(t), '[]'::json) as body from public.half_day_load($1::date, $2::date) t",
          [from, to],
        ),
      ),
  };
}

/**
 * A value that changes whenever a write may change what a visitor reads: any content row or post
 * written or removed, except a post's view count. Triggers keep it in one row, whoever writes
 * (supabase/migrations/20261123001100_content_version.sql), so this reads one row however many
 * posts there are. A post whose published_at passes changes what visitors read without a write:
 * the renderer never keeps a page past that moment (readNextPublication). Read as the database
 * owner: the row lives outside the API's schema.
 */
export function readContentStamp(db: Database): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ stamp: string }>(
      "select concat(version, '@', changed_at) as stamp from private.content_version",
    );
    return rows[0]?.stamp ?? '';
  });
}

/**
 * When the next post dated in the future becomes visible (RLS shows a post from its published_at
 * on), in milliseconds since the epoch, rounded up; undefined when no post is waiting. Read as the
 * service role: visitors cannot see those posts yet.
 */
export function readNextPublication(db: Database): Promise<number | undefined> {
  return db.asRequest({ role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
    const { rows } = await tx.query<{ at: number | null }>(
      `select ceil(extract(epoch from min(published_at)) * 1000)::float8 as at
         from public.blog_posts where published_at > now()`,
    );
    return rows[0]?.at ?? undefined;
  });
}
