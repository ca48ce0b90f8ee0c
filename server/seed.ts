import type { Database } from './db/database.ts';
import { DEFAULT_CONTENT } from '../src/content/defaults.ts';

/**
 * Gives `site_content` the default content of every type it has no row for: all of them on an
 * empty database, and on a database of an earlier version the types added since (the garage's
 * identity, the legal pages…), so that their panels start from the defaults the site already
 * shows. A stored row is never touched. Returns the rows written.
 */
export async function seedDefaultContent(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (const [type, content] of Object.entries(DEFAULT_CONTENT)) {
      const { rows } = await tx.query<{ type: string }>(
        `insert into public.site_content (type, content) values ($1, $2::jsonb)
           on conflict (type) do nothing
         returning type`,
        [type, JSON.stringify(content)],
      );
      written += rows.length;
    }
    return written;
  });
}
