import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../server/db/database.ts';
import { CONTENT_TYPES, DEFAULT_CONTENT } from '../../src/content/defaults.ts';
import { ADMIN, MEDIA_TEXT, OPENAI_KEY, type Actor } from './fixtures.ts';

/**
 * The RLS matrix as data: who calls, what, and exactly what they get back and what it changes.
 * Every case runs on the arranged data (fixtures.ts) and compares the tables, read with the
 * service role, before and after: `effect` edits the "before" copy into what "after" must be,
 * and no effect means nothing may change.
 */

export interface Snapshot {
  site_content: { type: string; content: unknown }[];
  blog_posts: {
    slug: string;
    title: string;
    published_at: string | null;
    scheduled_at: string | null;
    views: number | null;
  }[];
  api_keys: { name: string; key: string }[];
  media_texts: { name: string; alt: string }[];
  /** The saved versions: a content type by its type, a post by its slug. */
  content_history: HistoryEntry[];
  visits: { page: string }[];
}

export interface HistoryEntry {
  kind: string;
  item: string;
  operation: string;
  author_email: string | null;
}

interface Response {
  status: number;
  data: unknown;
  error: { code: string; message: string } | null;
}

export interface RlsCase {
  name: string;
  actor: Actor;
  /** Changes the arranged data first, as the owner. */
  arrange?: (db: Database) => Promise<void>;
  run: (client: SupabaseClient, ids: Record<string, string>) => PromiseLike<Response>;
  status: number;
  /** The exact `data` supabase-js hands back, when the call succeeds. */
  data?: unknown;
  error?: { code: string; message: RegExp };
  effect?: (expected: Snapshot) => void;
}

async function read<T>(query: PromiseLike<{ data: T[] | null; error: unknown }>): Promise<T[]> {
  const { data, error } = await query;
  if (error || !data) throw new Error(`Service read failed: ${JSON.stringify(error)}`);
  return data;
}

/** Every table as the service role sees it (it bypasses RLS). */
export async function snapshot(service: SupabaseClient): Promise<Snapshot> {
  return {
    site_content: await read(service.from('site_content').select('type, content').order('type')),
    blog_posts: await read(
      service
        .from('blog_posts')
        .select('slug, title, published_at, scheduled_at, views')
        .order('slug'),
    ),
    api_keys: await read(service.from('api_keys').select('name, key').order('name')),
    media_texts: await read(service.from('media_texts').select('name, alt').order('name')),
    content_history: (
      await read<{
        kind: string;
        item_key: string;
        operation: string;
        data: { slug?: string };
        author_email: string | null;
      }>(
        service
          .from('content_history')
          .select('kind, item_key, operation, data, author_email')
          .order('id'),
      )
    ).map((h) => ({
      kind: h.kind,
      item: h.kind === 'post' ? h.data.slug! : h.item_key,
      operation: h.operation,
      author_email: h.author_email,
    })),
    visits: await read(service.from('visits').select('page').order('id')),
  };
}

const NEW_MODAL = {
  active: true,
  title: 'Fermeture',
  message: 'Le garage est fermé le 24 décembre.',
};
const NEW_HERO = { ...DEFAULT_CONTENT.hero, heading: 'Garage modifié' };
const hero = (s: Snapshot) => s.site_content.find((row) => row.type === 'hero')!;
const post = (s: Snapshot, slug: string) => s.blog_posts.find((p) => p.slug === slug)!;
const byAdmin = (kind: string, item: string, operation: string): HistoryEntry => ({
  kind,
  item,
  operation,
  author_email: ADMIN.email,
});
const byType = (a: { type: string }, b: { type: string }) => a.type.localeCompare(b.type);
const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);

/** Every content type the seed stores: all but the modal. */
const DEFAULT_TYPES_BUT_MODAL = CONTENT_TYPES.filter((type) => type !== 'modal').sort();
const PUBLISHED = [{ slug: 'freins-hiver' }, { slug: 'vidange-ete' }];
const ALL_POSTS = [
  { slug: 'article-futur' },
  { slug: 'brouillon-pneus' },
  { slug: 'controle-technique' },
  { slug: 'freins-hiver' },
  { slug: 'vidange-ete' },
];

const denied = (table: string) => ({
  code: '42501',
  message: new RegExp(`permission denied for table ${table}`),
});
const rlsRefused = (table: string) => ({
  code: '42501',
  message: new RegExp(`new row violates row-level security policy for table "${table}"`),
});

function siteContentCases(): RlsCase[] {
  const select: RlsCase['run'] = (c) => c.from('site_content').select('type').order('type');
  const insert: RlsCase['run'] = (c) =>
    c.from('site_content').insert({ type: 'modal', content: NEW_MODAL });
  const update: RlsCase['run'] = (c) =>
    c.from('site_content').update({ content: NEW_HERO }).eq('type', 'hero');
  const remove: RlsCase['run'] = (c) => c.from('site_content').delete().eq('type', 'pricing');
  const types = DEFAULT_TYPES_BUT_MODAL.map((type) => ({ type }));
  // The reply templates are the owner's wording for customers (docs/decisions/079-replies-from-templates.md).
  const publicTypes = types.filter(({ type }) => type !== 'replies');
  const cases: RlsCase[] = [
    {
      name: 'visitor reads every row but the reply templates',
      actor: 'visitor',
      run: select,
      status: 200,
      data: publicTypes,
    },
    {
      name: 'visitor cannot insert',
      actor: 'visitor',
      run: insert,
      status: 401,
      error: denied('site_content'),
    },
    {
      name: 'visitor cannot update',
      actor: 'visitor',
      run: update,
      status: 401,
      error: denied('site_content'),
    },
    {
      name: 'visitor cannot delete',
      actor: 'visitor',
      run: remove,
      status: 401,
      error: denied('site_content'),
    },
    {
      name: 'non-admin reads every row but the reply templates',
      actor: 'member',
      run: select,
      status: 200,
      data: publicTypes,
    },
    {
      name: 'non-admin insert is refused by RLS',
      actor: 'member',
      run: insert,
      status: 403,
      error: rlsRefused('site_content'),
    },
    {
      name: 'non-admin update changes nothing',
      actor: 'member',
      run: update,
      status: 204,
      data: null,
    },
    {
      name: 'non-admin update with representation returns no row',
      actor: 'member',
      run: (c) => c.from('site_content').update({ content: NEW_HERO }).eq('type', 'hero').select(),
      status: 200,
      data: [],
    },
    {
      name: 'non-admin delete changes nothing',
      actor: 'member',
      run: remove,
      status: 204,
      data: null,
    },
    { name: 'admin reads every row', actor: 'admin', run: select, status: 200, data: types },
    {
      name: 'admin inserts',
      actor: 'admin',
      run: insert,
      status: 201,
      data: null,
      effect: (s) => {
        s.site_content.push({ type: 'modal', content: NEW_MODAL });
        s.site_content.sort(byType);
      },
    },
    {
      name: 'admin updates',
      actor: 'admin',
      run: update,
      status: 204,
      data: null,
      effect: (s) => {
        hero(s).content = NEW_HERO;
        s.content_history.push(byAdmin('content', 'hero', 'update'));
      },
    },
    {
      name: 'admin deletes',
      actor: 'admin',
      run: remove,
      status: 204,
      data: null,
      effect: (s) => {
        s.site_content = s.site_content.filter((row) => row.type !== 'pricing');
        s.content_history.push(byAdmin('content', 'pricing', 'delete'));
      },
    },
  ];
  return cases.map((c) => ({ ...c, name: `site_content: ${c.name}` }));
}

function blogPostCases(): RlsCase[] {
  const select: RlsCase['run'] = (c) => c.from('blog_posts').select('slug').order('slug');
  const insert: RlsCase['run'] = (c) =>
    c
      .from('blog_posts')
      .insert({ title: 'Nouvel article', slug: 'nouvel-article', content: 'Texte' });
  const update: RlsCase['run'] = (c) =>
    c.from('blog_posts').update({ title: 'Titre piraté' }).eq('slug', 'freins-hiver');
  const remove: RlsCase['run'] = (c) => c.from('blog_posts').delete().eq('slug', 'vidange-ete');
  const hidden = ['brouillon-pneus', 'controle-technique', 'article-futur'];
  const cases: RlsCase[] = [
    {
      name: 'visitor reads only published posts dated in the past',
      actor: 'visitor',
      run: select,
      status: 200,
      data: PUBLISHED,
    },
    ...hidden.map((slug): RlsCase => ({
      name: `visitor cannot read ${slug} even by its slug`,
      actor: 'visitor',
      run: (c) => c.from('blog_posts').select('slug').eq('slug', slug),
      status: 200,
      data: [],
    })),
    {
      name: 'visitor cannot insert',
      actor: 'visitor',
      run: insert,
      status: 401,
      error: denied('blog_posts'),
    },
    {
      name: 'visitor cannot update',
      actor: 'visitor',
      run: update,
      status: 401,
      error: denied('blog_posts'),
    },
    {
      name: 'visitor cannot delete',
      actor: 'visitor',
      run: remove,
      status: 401,
      error: denied('blog_posts'),
    },
    {
      name: 'non-admin reads only published posts',
      actor: 'member',
      run: select,
      status: 200,
      data: PUBLISHED,
    },
    {
      name: 'non-admin insert is refused by RLS',
      actor: 'member',
      run: insert,
      status: 403,
      error: rlsRefused('blog_posts'),
    },
    {
      name: 'non-admin update of a published post changes nothing',
      actor: 'member',
      run: update,
      status: 204,
      data: null,
    },
    {
      name: 'non-admin update of a draft returns no row',
      actor: 'member',
      run: (c) =>
        c.from('blog_posts').update({ title: 'x' }).eq('slug', 'brouillon-pneus').select('slug'),
      status: 200,
      data: [],
    },
    {
      name: 'non-admin delete changes nothing',
      actor: 'member',
      run: remove,
      status: 204,
      data: null,
    },
    { name: 'admin reads every post', actor: 'admin', run: select, status: 200, data: ALL_POSTS },
    {
      name: 'admin inserts',
      actor: 'admin',
      run: insert,
      status: 201,
      data: null,
      effect: (s) => {
        s.blog_posts.push({
          slug: 'nouvel-article',
          title: 'Nouvel article',
          published_at: null,
          scheduled_at: null,
          views: 0,
        });
        s.blog_posts.sort(bySlug);
      },
    },
    {
      name: 'admin updates a draft',
      actor: 'admin',
      run: (c, ids) =>
        c.from('blog_posts').update({ title: 'Brouillon relu' }).eq('id', ids['brouillon-pneus']!),
      status: 204,
      data: null,
      effect: (s) => {
        post(s, 'brouillon-pneus').title = 'Brouillon relu';
        s.content_history.push(byAdmin('post', 'brouillon-pneus', 'update'));
      },
    },
    {
      name: 'admin deletes',
      actor: 'admin',
      run: remove,
      status: 204,
      data: null,
      effect: (s) => {
        s.blog_posts = s.blog_posts.filter((p) => p.slug !== 'vidange-ete');
        s.content_history.push(byAdmin('post', 'vidange-ete', 'delete'));
      },
    },
  ];
  return cases.map((c) => ({ ...c, name: `blog_posts: ${c.name}` }));
}

function apiKeyCases(): RlsCase[] {
  const select: RlsCase['run'] = (c) => c.from('api_keys').select('name, key');
  const insert: RlsCase['run'] = (c) =>
    c.from('api_keys').insert({ name: 'mistral', key: 'mk-test' });
  const update: RlsCase['run'] = (c) =>
    c.from('api_keys').update({ key: 'sk-vole' }).eq('name', 'openai');
  const remove: RlsCase['run'] = (c) => c.from('api_keys').delete().eq('name', 'openai');
  const cases: RlsCase[] = [
    {
      name: 'visitor cannot read',
      actor: 'visitor',
      run: select,
      status: 401,
      error: denied('api_keys'),
    },
    {
      name: 'visitor cannot insert',
      actor: 'visitor',
      run: insert,
      status: 401,
      error: denied('api_keys'),
    },
    {
      name: 'visitor cannot update',
      actor: 'visitor',
      run: update,
      status: 401,
      error: denied('api_keys'),
    },
    {
      name: 'visitor cannot delete',
      actor: 'visitor',
      run: remove,
      status: 401,
      error: denied('api_keys'),
    },
    { name: 'non-admin sees no key', actor: 'member', run: select, status: 200, data: [] },
    {
      name: 'non-admin insert is refused by RLS',
      actor: 'member',
      run: insert,
      status: 403,
      error: rlsRefused('api_keys'),
    },
    {
      name: 'non-admin update changes nothing',
      actor: 'member',
      run: update,
      status: 204,
      data: null,
    },
    {
      name: 'non-admin delete changes nothing',
      actor: 'member',
      run: remove,
      status: 204,
      data: null,
    },
    {
      name: 'admin reads the stored key',
      actor: 'admin',
      run: select,
      status: 200,
      data: [{ name: 'openai', key: OPENAI_KEY }],
    },
    {
      name: 'admin inserts',
      actor: 'admin',
      run: insert,
      status: 201,
      data: null,
      effect: (s) => {
        s.api_keys.unshift({ name: 'mistral', key: 'mk-test' });
      },
    },
    {
      name: 'admin updates',
      actor: 'admin',
      run: update,
      status: 204,
      data: null,
      effect: (s) => {
        s.api_keys[0]!.key = 'sk-vole';
      },
    },
    {
      name: 'admin deletes',
      actor: 'admin',
      run: remove,
      status: 204,
      data: null,
      effect: (s) => {
        s.api_keys = [];
      },
    },
  ];
  return cases.map((c) => ({ ...c, name: `api_keys: ${c.name}` }));
}

/** Photos' alternative texts: everyone reads, administrators write (docs/decisions/024-media-library.md). */
function mediaTextCases(): RlsCase[] {
  const other = { name: '0c9d8e7f-1a2b-4c3d-8e9f-a0b1c2d3e4f5.png', alt: 'Une berline grise' };
  const select: RlsCase['run'] = (c) => c.from('media_texts').select('name, alt');
  const insert: RlsCase['run'] = (c) => c.from('media_texts').insert(other);
  const update: RlsCase['run'] = (c) =>
    c.from('media_texts').update({ alt: 'Texte piraté' }).eq('name', MEDIA_TEXT.name);
  const remove: RlsCase['run'] = (c) => c.from('media_texts').delete().eq('name', MEDIA_TEXT.name);
  const cases: RlsCase[] = [
    { name: 'visitor reads', actor: 'visitor', run: select, status: 200, data: [MEDIA_TEXT] },
    {
      name: 'visitor cannot insert',
      actor: 'visitor',
      run: insert,
      status: 401,
      error: denied('media_texts'),
    },
    {
      name: 'visitor cannot update',
      actor: 'visitor',
      run: update,
      status: 401,
      error: denied('media_texts'),
    },
    {
      name: 'visitor cannot delete',
      actor: 'visitor',
      run: remove,
      status: 401,
      error: denied('media_texts'),
    },
    { name: 'non-admin reads', actor: 'member', run: select, status: 200, data: [MEDIA_TEXT] },
    {
      name: 'non-admin insert is refused by RLS',
      actor: 'member',
      run: insert,
      status: 403,
      error: rlsRefused('media_texts'),
    },
    {
      name: 'non-admin update changes nothing',
      actor: 'member',
      run: update,
      status: 204,
      data: null,
    },
    {
      name: 'non-admin delete changes nothing',
      actor: 'member',
      run: remove,
      status: 204,
      data: null,
    },
    {
      name: 'admin inserts',
      actor: 'admin',
      run: insert,
      status: 201,
      data: null,
      effect: (s) => {
        s.media_texts.unshift(other);
      },
    },
    {
      name: 'admin updates',
      actor: 'admin',
      run: update,
      status: 204,
      data: null,
      effect: (s) => {
        s.media_texts[0]!.alt = 'Texte piraté';
      },
    },
    {
      name: 'admin deletes',
      actor: 'admin',
      run: remove,
      status: 204,
      data: null,
      effect: (s) => {
        s.media_texts = [];
      },
    },
    {
      name: 'admin cannot store a text longer than 250 characters',
      actor: 'admin',
      run: (c) => c.from('media_texts').insert({ name: other.name, alt: 'a'.repeat(251) }),
      status: 400,
      error: { code: '23514', message: /media_texts_alt_length/ },
    },
  ];
  return cases.map((c) => ({ ...c, name: `media_texts: ${c.name}` }));
}

/**
 * The saved versions (docs/decisions/025-content-history.md): administrators read them; nobody
 * writes them through the API, not even an administrator (only the triggers do).
 */
function historyCases(): RlsCase[] {
  // One saved version of the hero, as if the owner had edited it.
  const edited = async (db: Database) => {
    await db.transaction((tx) =>
      tx.query(
        'update public.site_content set content = content || \'{"heading": "Titre revu"}\' where type = \'hero\'',
      ),
    );
  };
  const select: RlsCase['run'] = (c) =>
    c.from('content_history').select('kind, item_key, operation');
  const forged = { kind: 'content', item_key: 'hero', operation: 'update', data: NEW_HERO };
  const insert: RlsCase['run'] = (c) => c.from('content_history').insert(forged);
  const update: RlsCase['run'] = (c) =>
    c.from('content_history').update({ data: NEW_HERO }).eq('item_key', 'hero');
  const remove: RlsCase['run'] = (c) => c.from('content_history').delete().eq('item_key', 'hero');
  const cases: RlsCase[] = [];
  for (const [actor, status] of [
    ['visitor', 401],
    ['member', 403],
    ['admin', 403],
  ] as const) {
    for (const [op, run] of [
      ['insert', insert],
      ['update', update],
      ['delete', remove],
    ] as const) {
      cases.push({
        name: `${actor} cannot ${op}`,
        actor,
        arrange: edited,
        run,
        status,
        error: denied('content_history'),
      });
    }
  }
  cases.push(
    {
      name: 'visitor cannot read',
      actor: 'visitor',
      arrange: edited,
      run: select,
      status: 401,
      error: denied('content_history'),
    },
    {
      name: 'non-admin reads nothing',
      actor: 'member',
      arrange: edited,
      run: select,
      status: 200,
      data: [],
    },
    {
      name: 'admin reads the saved version',
      actor: 'admin',
      arrange: edited,
      run: select,
      status: 200,
      data: [{ kind: 'content', item_key: 'hero', operation: 'update' }],
    },
  );
  return cases.map((c) => ({ ...c, name: `content_history: ${c.name}` }));
}

function visitCases(): RlsCase[] {
  const addVisit = async (db: Database) => {
    await db.transaction((tx) => tx.query("insert into public.visits (page) values ('home')"));
  };
  const ops: [string, RlsCase['run']][] = [
    ['read', (c) => c.from('visits').select('page')],
    ['insert', (c) => c.from('visits').insert({ page: 'home' })],
    ['update', (c) => c.from('visits').update({ page: 'blog' }).eq('page', 'home')],
    ['delete', (c) => c.from('visits').delete().eq('page', 'home')],
  ];
  const cases: RlsCase[] = [];
  for (const [actor, status] of [
    ['visitor', 401],
    ['member', 403],
    ['admin', 403],
  ] as const) {
    for (const [op, run] of ops) {
      cases.push({
        name: `${actor} cannot ${op}`,
        actor,
        arrange: addVisit,
        run,
        status,
        error: denied('visits'),
      });
    }
  }
  cases.push(
    {
      name: 'service role reads',
      actor: 'service',
      arrange: addVisit,
      run: ops[0]![1],
      status: 200,
      data: [{ page: 'home' }],
    },
    {
      name: 'service role inserts',
      actor: 'service',
      run: ops[1]![1],
      status: 201,
      data: null,
      effect: (s) => {
        s.visits.push({ page: 'home' });
      },
    },
  );
  return cases.map((c) => ({ ...c, name: `visits: ${c.name}` }));
}

const STATS = [
  ['get_daily_stats', 30],
  ['get_weekly_stats', 12],
  ['get_monthly_stats', 12],
  ['get_yearly_stats', 5],
] as const;

function functionCases(): RlsCase[] {
  const views =
    (slug: string): RlsCase['run'] =>
    (c) =>
      c.rpc('increment_views', { post_slug: slug });
  const cases: RlsCase[] = [
    {
      name: 'increment_views: visitor counts a view of a published post',
      actor: 'visitor',
      run: views('freins-hiver'),
      status: 200,
      data: 1,
      effect: (s) => {
        post(s, 'freins-hiver').views = 1;
      },
    },
    ...['brouillon-pneus', 'controle-technique', 'article-futur'].map((slug): RlsCase => ({
      name: `increment_views: visitor does not count ${slug}`,
      actor: 'visitor',
      run: views(slug),
      status: 200,
      data: null,
    })),
    {
      name: 'increment_views: non-admin counts a view of a published post',
      actor: 'member',
      run: views('vidange-ete'),
      status: 200,
      data: 1,
      effect: (s) => {
        post(s, 'vidange-ete').views = 1;
      },
    },
    {
      name: 'increment_views: admin reading a draft does not count',
      actor: 'admin',
      run: views('brouillon-pneus'),
      status: 200,
      data: null,
    },
  ];
  for (const [fn, rows] of STATS) {
    cases.push(
      {
        name: `${fn}: visitor refused`,
        actor: 'visitor',
        run: (c) => c.rpc(fn),
        status: 401,
        error: { code: '42501', message: new RegExp(`permission denied for function ${fn}`) },
      },
      {
        name: `${fn}: non-admin refused`,
        actor: 'member',
        run: (c) => c.rpc(fn),
        status: 403,
        error: { code: '42501', message: /administrateurs/ },
      },
      {
        name: `${fn}: admin gets ${rows} zero-filled periods`,
        actor: 'admin',
        run: async (c) => {
          const response = await c.rpc(fn);
          // The periods depend on today: only their number and visits are fixed here (stats.test.ts checks labels).
          const data = Array.isArray(response.data)
            ? (response.data as { period: unknown; visits: unknown }[]).map((r) => [
                typeof r.period,
                Number(r.visits),
              ])
            : response.data;
          return { ...response, data };
        },
        status: 200,
        data: Array.from({ length: rows }, () => ['string', 0]),
      },
    );
  }
  // One post is due: only the service role may publish it.
  const due = async (db: Database) => {
    await db.transaction((tx) =>
      tx.query(
        "update public.blog_posts set scheduled_at = now() - interval '1 minute' where slug = 'controle-technique'",
      ),
    );
  };
  const publish: RlsCase['run'] = (c) => c.rpc('publish_due_posts');
  const fnDenied = { code: '42501', message: /permission denied for function publish_due_posts/ };
  cases.push(
    {
      name: 'publish_due_posts: visitor refused',
      actor: 'visitor',
      arrange: due,
      run: publish,
      status: 401,
      error: fnDenied,
    },
    {
      name: 'publish_due_posts: non-admin refused',
      actor: 'member',
      arrange: due,
      run: publish,
      status: 403,
      error: fnDenied,
    },
    {
      name: 'publish_due_posts: admin refused',
      actor: 'admin',
      arrange: due,
      run: publish,
      status: 403,
      error: fnDenied,
    },
    {
      name: 'publish_due_posts: service role publishes the due post',
      actor: 'service',
      arrange: due,
      run: publish,
      status: 200,
      data: 1,
      effect: (s) => {
        const p = post(s, 'controle-technique');
        p.published_at = p.scheduled_at;
        // The version before publication is kept; no administrator made the change.
        s.content_history.push({
          kind: 'post',
          item: 'controle-technique',
          operation: 'update',
          author_email: null,
        });
      },
    },
  );
  return cases;
}

export function rlsCases(): RlsCase[] {
  return [
    ...siteContentCases(),
    ...blogPostCases(),
    ...apiKeyCases(),
    ...mediaTextCases(),
    ...historyCases(),
    ...visitCases(),
    ...functionCases(),
  ];
}
