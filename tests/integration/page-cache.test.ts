import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDuePosts, startServer } from '../../server/server.ts';
import { sql } from '../helpers/fixtures.ts';
import { keyFor, startOpenAiStandIn, type OpenAiStandIn } from '../helpers/openai-stand-in.ts';
import { testConfig, withClients, type TestServer } from '../helpers/server.ts';
import { countingPglite, type CountingDatabase } from './counting-database.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { buildServerBundle } from './site-build.ts';
import { eventually } from '../helpers/eventually.ts';

// The cache of server-rendered pages over PGlite (server/content-version.ts): a hit asks the
// database nothing, and every way content can change shows in the next page: a write through
// REST, through RPC or through a function, the publication job, and a post's date passing.

const DIST = path.resolve(`.tmp/page-cache-test-${process.pid}`);
const ADMIN = { email: 'patron-cache@garage.test', password: 'mot-de-passe-cache-1' };

describe('cached server-rendered pages', () => {
  let server: TestServer;
  let db: CountingDatabase;
  let standIn: OpenAiStandIn;
  let admin: SupabaseClient;
  let removeBundle: (() => Promise<void>) | undefined;

  const get = async (pathname: string) => {
    const answer = await rawRequest(server.url + pathname);
    return { status: answer.status, html: answer.body.toString() };
  };
  /** How many transactions the database ran while `fn` ran. */
  const transactionsDuring = async (fn: () => Promise<unknown>) => {
    const before = db.transactions;
    await fn();
    return db.transactions - before;
  };
  const heading = (html: string) => /<h1 id="hero-title">([^<]*)<\/h1>/.exec(html)?.[1];
  const setHeading = (client: SupabaseClient, text: string) =>
    client.from('site_content').upsert({
      type: 'hero',
      content: {
        heading: text,
        subheading: 'Entretien toutes marques',
        description: 'Des devis clairs.',
        backgroundImage: '/images/hero-atelier.svg',
      },
    });

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    standIn = await startOpenAiStandIn();
    db = await countingPglite();
    const config = await testConfig({ distDir: DIST, openaiBaseUrl: standIn.url });
    server = withClients(await startServer(config, db));
    await publishDuePosts(server.db); // after the one the server starts with
    await server.createUser(ADMIN.email, ADMIN.password, true);
    admin = await server.signedInClient(ADMIN.email, ADMIN.password);
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at) values
         ('Les pneus en hiver', 'pneus-hiver', 'Avant novembre.', now() - interval '1 day')`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
    await removeBundle?.();
  });

  it('serves a cached page, plain, gzipped or for HEAD, without a database query', async () => {
    const first = await get('/');
    expect(first.status).toBe(200);
    const queries = await transactionsDuring(async () => {
      expect((await get('/')).html).toBe(first.html);
      const gzipped = await rawRequest(`${server.url}/`, 'GET', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      const head = await rawRequest(`${server.url}/`, 'HEAD');
      expect(head.status).toBe(200);
      // A query string is the same page, served through the ordinary route (still no query).
      expect((await get('/?utm_source=journal')).html).toBe(first.html);
    });
    expect(queries).toBe(0);
  });

  it('keys pages by path alone: a forged Host neither renders again nor shows in the page', async () => {
    const first = await get('/');
    const queries = await transactionsDuring(async () => {
      for (let i = 0; i < 50; i++) {
        const answer = await rawRequest(`${server.url}/`, 'GET', { host: `hote-${i}.example` });
        expect(answer.body.toString()).toBe(first.html);
      }
    });
    expect(queries).toBe(0);
    expect(first.html).toContain(`<link rel="canonical" href="${server.url}/"`);
    expect(first.html).not.toMatch(/hote-\d+\.example/);
  });

  it('keeps at most its byte budget: past it, pages are rendered again rather than kept', async () => {
    const small = withClients(
      await startServer(
        await testConfig({ distDir: DIST, pageCacheMaxBytes: 1000 }),
        await countingPglite(),
      ),
    );
    try {
      const counting = small.db as CountingDatabase;
      await rawRequest(`${small.url}/`);
      const before = counting.transactions;
      await rawRequest(`${small.url}/`);
      // A home page is far over 1000 bytes: it was not kept, so it was rendered again.
      expect(counting.transactions).toBeGreaterThan(before);
    } finally {
      await small.close();
    }
  });

  it('shows a write through REST in the next page; a refused write changes nothing', async () => {
    await get('/');
    const { error: refused } = await setHeading(server.anonClient(), 'Écrit par un visiteur');
    expect(refused).not.toBeNull();
    expect(await transactionsDuring(() => get('/'))).toBe(0);

    const { error } = await setHeading(admin, 'Titre écrit par le back-office');
    expect(error).toBeNull();
    expect(heading((await get('/')).html)).toBe('Titre écrit par le back-office');
  });

  it('shows what an RPC published in the next page', async () => {
    // Made due behind the server's back, so only the RPC can tell it the pages changed.
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, scheduled_at) values
         ('Publié par RPC', 'publie-par-rpc', 'Texte.', now() - interval '1 minute')`,
    );
    expect((await get('/blog')).html).not.toContain('Publié par RPC');
    const { data, error } = await server.serviceClient().rpc('publish_due_posts');
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect((await get('/blog')).html).toContain('Publié par RPC');
    expect((await get('/blog/publie-par-rpc')).status).toBe(200);
  });

  it('shows what the publication job published in the next page, and keeps the cache when it published nothing', async () => {
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, scheduled_at) values
         ('Publié par la tâche', 'publie-par-la-tache', 'Texte.', now() - interval '1 minute')`,
    );
    expect((await get('/blog')).html).not.toContain('Publié par la tâche');
    expect((await get('/blog/publie-par-la-tache')).status).toBe(404);
    expect(await publishDuePosts(server.db)).toBe(1);
    expect((await get('/blog')).html).toContain('Publié par la tâche');
    expect((await get('/blog/publie-par-la-tache')).status).toBe(200);

    expect(await publishDuePosts(server.db)).toBe(0);
    expect(await transactionsDuring(() => get('/blog'))).toBe(0);
  });

  it('renders again after a function wrote, not after a visit, a view or a read-only RPC', async () => {
    await get('/');
    await get('/blog/pneus-hiver');
    const visitor = server.anonClient();
    const visit = await visitor.functions.invoke('recordVisit', { body: { page: 'home' } });
    expect(visit.error).toBeNull();
    const views = await visitor.rpc('increment_views', { post_slug: 'pneus-hiver' });
    expect(views.error).toBeNull();
    // A POST to a stable function runs read-only: it cannot have changed a page.
    const isAdmin = await visitor.rpc('is_admin');
    expect(isAdmin.data).toBe(false);
    expect(await transactionsDuring(() => get('/'))).toBe(0);
    expect(await transactionsDuring(() => get('/blog/pneus-hiver'))).toBe(0);

    const generated = await admin.functions.invoke('generate-articles', {
      body: { count: 1, model: 'gpt-3.5-turbo', apiKey: keyFor('ok') },
    });
    expect(generated.error).toBeNull();
    expect(await transactionsDuring(() => get('/'))).toBeGreaterThan(0);
  });

  it('shows a post dated in the future once that moment has passed, with no write', async () => {
    const at = Date.now() + 1500;
    const { error } = await admin.from('blog_posts').insert({
      title: 'Bientôt en ligne',
      slug: 'bientot-en-ligne',
      content: 'Texte.',
      published_at: new Date(at).toISOString(),
    });
    expect(error).toBeNull();
    expect((await get('/blog')).html).not.toContain('Bientôt en ligne');
    expect((await get('/blog/bientot-en-ligne')).status).toBe(404);
    await eventually('the post on the blog page', async () =>
      (await get('/blog')).html.includes('Bientôt en ligne'),
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await get('/blog/bientot-en-ligne')).status).toBe(200);
  });
});
