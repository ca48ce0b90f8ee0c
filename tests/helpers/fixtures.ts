import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../server/db/database.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import type { TestServer } from './server.ts';

/** Who calls: a visitor (anon key), an administrator, a signed-in user who is not one, the server. */
export type Actor = 'visitor' | 'admin' | 'member' | 'service';

export const ADMIN = { email: 'patron@garage.test', password: 'mot-de-passe-admin-1' };
export const MEMBER = { email: 'client@garage.test', password: 'mot-de-passe-client-1' };

export type Clients = Record<Actor, SupabaseClient>;

/** Creates the administrator and the non-admin user, and one supabase-js client per actor. */
export async function clientsFor(server: TestServer): Promise<Clients> {
  await server.createUser(ADMIN.email, ADMIN.password, true);
  await server.createUser(MEMBER.email, MEMBER.password, false);
  return {
    visitor: server.anonClient(),
    admin: await server.signedInClient(ADMIN.email, ADMIN.password),
    member: await server.signedInClient(MEMBER.email, MEMBER.password),
    service: server.serviceClient(),
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The blog as the tests arrange it. Visitors may read exactly the two published posts dated in
 * the past; the draft, the scheduled post and the post dated in the future are for admins only.
 */
export function postFixtures(now = Date.now()) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    { slug: 'vidange-ete', title: 'La vidange avant l’été', published_at: iso(now - 3 * DAY) },
    { slug: 'freins-hiver', title: 'Vos freins en hiver', published_at: iso(now - HOUR) },
    { slug: 'brouillon-pneus', title: 'Brouillon : les pneus', published_at: null },
    {
      slug: 'controle-technique',
      title: 'Le contrôle technique',
      published_at: null,
      scheduled_at: iso(now + DAY),
    },
    { slug: 'article-futur', title: 'Article daté de demain', published_at: iso(now + DAY) },
  ] as const;
}

/** The Markdown body of an arranged post. */
export function postContent(title: string): string {
  return `# ${title}\n\nContenu de l’article.`;
}

/** Slugs a visitor may read, newest publication first. */
export const VISIBLE_SLUGS = ['freins-hiver', 'vidange-ete'];
/** Every slug, newest creation first (the fixtures are created in order, one by one). */
export const ALL_SLUGS_NEWEST_FIRST = [
  'article-futur',
  'controle-technique',
  'brouillon-pneus',
  'freins-hiver',
  'vidange-ete',
];

export const OPENAI_KEY = 'sk-test-0123456789';

/**
 * Puts the database back in the arranged state, as the owner (no HTTP involved): the default
 * content without the `modal` row (so that inserting it can be tried), the five posts, one stored
 * API key and no visit. Returns each post's id by slug.
 */
/** The one alternative text the arranged data holds (docs/decisions/024-media-library.md). */
export const MEDIA_TEXT = {
  name: '3f2b8c1e-7d4a-4e2b-9c1f-0a1b2c3d4e5f.jpg',
  alt: 'L’atelier vu de l’entrée',
};

export async function resetData(db: Database, now = Date.now()): Promise<Record<string, string>> {
  await db.transaction(async (tx) => {
    await tx.exec(
      'delete from public.site_content; delete from public.blog_posts; delete from public.api_keys; delete from public.visits; delete from public.media_texts;',
    );
  });
  await seedDefaultContent(db);
  return db.transaction(async (tx) => {
    await tx.query("delete from public.site_content where type = 'modal'");
    await tx.query("insert into public.api_keys (name, key) values ('openai', $1)", [OPENAI_KEY]);
    await tx.query('insert into public.media_texts (name, alt) values ($1, $2)', [
      MEDIA_TEXT.name,
      MEDIA_TEXT.alt,
    ]);
    const ids: Record<string, string> = {};
    let created = now - 10 * DAY;
    for (const post of postFixtures(now)) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.blog_posts (title, slug, content, excerpt, published_at, scheduled_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
        [
          post.title,
          post.slug,
          postContent(post.title),
          `Résumé : ${post.title}`,
          post.published_at,
          'scheduled_at' in post ? post.scheduled_at : null,
          new Date((created += HOUR)).toISOString(),
        ],
      );
      ids[post.slug] = rows[0]!.id;
    }
    // Clearing the tables above kept their rows as versions: the arranged data has no history.
    await tx.query('delete from public.content_history');
    return ids;
  });
}

/** Runs SQL as the owner and returns the rows (for arranging and checking, never for the API). */
export async function sql<R = Record<string, unknown>>(
  db: Database,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  return db.transaction(async (tx) => (await tx.query<R>(text, params)).rows);
}
