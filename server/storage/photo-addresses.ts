import type { Database } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import { MEDIA_BUCKET } from '../../src/content/media.ts';

/**
 * Photos uploaded by earlier versions were stored by their absolute address on this server
 * (`http://127.0.0.1:3000/storage/v1/object/public/media/<uuid>.jpg`), which breaks once the site
 * moves to its domain or to HTTPS. At start-up, every such address in site_content and in blog
 * posts becomes the site-relative path, when its photo is one of this server's own objects,
 * whatever host it names (names are UUIDs: no other server's photo has one of ours). Addresses of
 * other servers, hosted Supabase's among them, are left alone. Idempotent: once done, a start
 * finds nothing to change (docs/decisions/039-photos-stored-by-path.md).
 */

const STORAGE_PATH = `/storage/v1/(?:object|render/image)/public/${MEDIA_BUCKET}/`;
/** An absolute address of a photo of the bucket: its host, then its path and the photo's name. */
const ABSOLUTE = new RegExp(
  `https?://[^/\\s"'()<>\\\\]+(${STORAGE_PATH}([0-9a-f-]{36}\\.[a-z0-9]{3,4}))`,
  'gi',
);
/** The same test in Postgres's syntax, to read only the rows that may hold one. */
const CANDIDATE = `https?://[^/]+${STORAGE_PATH}`;
/** Blog posts read at a time. */
const BATCH = 200;

/** The names among `names` that are objects of the bucket. */
async function ownObjects(db: Database, names: Set<string>): Promise<Set<string>> {
  if (names.size === 0) return names;
  const { rows } = await db.transaction((tx) =>
    tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [MEDIA_BUCKET, [...names]],
    ),
  );
  return new Set(rows.map((row) => row.name));
}

function namesIn(texts: (string | null)[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts)
    for (const match of text?.matchAll(ABSOLUTE) ?? []) names.add(match[2]!);
  return names;
}

function relative(text: string, own: Set<string>): string;
function relative(text: string | null, own: Set<string>): string | null;
function relative(text: string | null, own: Set<string>): string | null {
  return (
    text?.replace(ABSOLUTE, (address, path: string, name: string) =>
      own.has(name) ? path : address,
    ) ?? null
  );
}

/** One row's update, on its own: a row the database refuses is logged and left as it was. */
async function update(db: Database, sql: string, params: unknown[], what: string) {
  try {
    await db.transaction((tx) => tx.query(sql, params));
    return 1;
  } catch (error) {
    log.warn({ err: describeError(error), row: what }, 'photo addresses left absolute');
    return 0;
  }
}

/** Makes this server's photo addresses site-relative; returns the rows changed. */
export async function relativizePhotoAddresses(db: Database): Promise<number> {
  let changed = 0;

  const { rows: contents } = await db.transaction((tx) =>
    tx.query<{ type: string; content: string }>(
      'select type, content::text as content from public.site_content where content::text ~* $1',
      [CANDIDATE],
    ),
  );
  const ownInContent = await ownObjects(db, namesIn(contents.map((row) => row.content)));
  for (const row of contents) {
    const content = relative(row.content, ownInContent);
    if (content !== row.content)
      changed += await update(
        db,
        'update public.site_content set content = $2::jsonb where type = $1',
        [row.type, content],
        `site_content ${row.type}`,
      );
  }

  // Posts in batches by id: a site may have thousands of them.
  for (let after = ''; ;) {
    const { rows: posts } = await db.transaction((tx) =>
      tx.query<{ id: string; image_url: string | null; content: string }>(
        `select id::text as id, image_url, content from public.blog_posts
          where id::text > $1 and (image_url ~* $2 or content ~* $2)
          order by id::text limit $3`,
        [after, CANDIDATE, BATCH],
      ),
    );
    if (posts.length === 0) break;
    after = posts.at(-1)!.id;
    const own = await ownObjects(db, namesIn(posts.flatMap((p) => [p.image_url, p.content])));
    for (const post of posts) {
      const image = relative(post.image_url, own);
      const content = relative(post.content, own);
      if (image !== post.image_url || content !== post.content)
        changed += await update(
          db,
          'update public.blog_posts set image_url = $2, content = $3 where id = $1::uuid',
          [post.id, image, content],
          `blog_posts ${post.id}`,
        );
    }
  }

  if (changed > 0) log.info({ rows: changed }, 'photo addresses made site-relative');
  return changed;
}
