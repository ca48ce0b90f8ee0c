import type { Database } from './db/database.ts';
import { DEFAULT_CONTENT } from '../src/content/defaults.ts';

/** Fills an empty `site_content` with the spec's default content. Returns the rows written. */
export async function seedDefaultContent(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      'select count(*)::int as n from public.site_content',
    );
    if ((rows[0]?.n ?? 0) > 0) return 0;
    const entries = Object.entries(DEFAULT_CONTENT);
    for (const [type, content] of entries) {
      await tx.query('insert into public.site_content (type, content) values ($1, $2::jsonb)', [
        type,
        JSON.stringify(content),
      ]);
    }
    return entries.length;
  });
}
