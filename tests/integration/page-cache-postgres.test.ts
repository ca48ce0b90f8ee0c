import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../server/db/database.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres-db.ts';
import { testConfig } from '../helpers/server.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { buildServerBundle } from './site-build.ts';
import { eventually } from '../helpers/eventually.ts';

// Over a PostgreSQL server (DATABASE_URL) other processes may write too: the cached pages are
// checked against the database's content version on every request (server/render/freshness.server.ts).
// Every write here comes from another connection, in plain SQL, never through the server.
// Needs TEST_DATABASE_URL (scripts/test-postgres.sh).

const DIST = path.resolve(`.tmp/page-cache-pg-test-${process.pid}`);

/** The real database, recording the statements each transaction sends. */
function recording(db: Database): Database & { transactions: string[][] } {
  const transactions: string[][] = [];
  const recorded = (tx: Tx): Tx => {
    const statements: string[] = [];
    transactions.push(statements);
    return {
      query(text, params) {
        statements.push(text);
        return tx.query(text, params);
      },
      exec(text) {
        statements.push(text);
        return tx.exec(text);
      },
    };
  };
  return {
    kind: db.kind,
    transactions,
    transaction: (fn) => db.transaction((tx) => fn(recorded(tx))),
    asRequest: (identity, fn, settings) =>
      db.asRequest(identity, (tx) => fn(recorded(tx)), settings),
    exec: (text) => db.exec(text),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function scans(node: PlanNode): { relation: string; rows: number | undefined }[] {
  const own = node['Relation Name']
    ? [{ relation: node['Relation Name'], rows: node['Actual Rows'] }]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

describe('cached pages over PostgreSQL', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let db: ReturnType<typeof recording>;
  let other: pg.Client;
  let removeBundle: (() => Promise<void>) | undefined;
  const html = async (pathname: string) =>
    (await rawRequest(server.url + pathname)).body.toString();
  /** The statements of each transaction the server ran while `fn` ran. */
  const transactionsDuring = async (fn: () => Promise<unknown>) => {
    const from = db.transactions.length;
    await fn();
    return db.transactions.slice(from);
  };
  /** The view count an article shows, without the comments React puts between text parts. */
  const views = (page: string) =>
    /<span class="article__views">(.*?)<\/span>/.exec(page)?.[1]?.replaceAll('<!-- -->', '');

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    testDb = await createTestDatabase();
    const config = await testConfig({ databaseUrl: testDb.url, distDir: DIST });
    db = recording(await openPostgres(testDb.url));
    server = await startServer(config, db);
    other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    await other.query(
      `insert into public.blog_posts (title, slug, content, published_at)
         values ('Les freins', 'les-freins', 'Texte.', now() - interval '1 day')`,
    );
  }, 120_000);
  afterAll(async () => {
    await other?.end();
    await server?.close();
    await testDb?.drop();
    await removeBundle?.();
  });

  it('shows in the next page what another process wrote into the database', async () => {
    expect(await html('/blog')).not.toContain('Écrit par un autre processus');
    await other.query(
      `insert into public.blog_posts (title, slug, content, published_at)
         values ('Écrit par un autre processus', 'autre-processus', 'Texte.', now() - interval '1 minute')`,
    );
    expect(await html('/blog')).toContain('Écrit par un autre processus');

    await other.query(
      "update public.blog_posts set title = 'Titre changé ailleurs' where slug = 'autre-processus'",
    );
    expect(await html('/blog')).toContain('Titre changé ailleurs');
    expect(await html('/blog/autre-processus')).toContain('Titre changé ailleurs');

    await other.query("delete from public.blog_posts where slug = 'autre-processus'");
    expect(await html('/blog')).not.toContain('Titre changé ailleurs');
    expect((await rawRequest(`${server.url}/blog/autre-processus`)).status).toBe(404);
  });

  it('keeps a cached article when only its view count changed, and shows the count with the next edit', async () => {
    const first = await html('/blog/les-freins');
    expect(views(first)).toBe('0 vue');
    await other.query("select public.increment_views('les-freins')");
    await other.query("update public.blog_posts set views = 41 where slug = 'les-freins'");
    const during = await transactionsDuring(async () => {
      expect(await html('/blog/les-freins')).toBe(first);
    });
    // Not rendered again: the only database work was reading the content version.
    expect(during).toHaveLength(1);

    await other.query(
      "update public.blog_posts set excerpt = 'Quand les changer.' where slug = 'les-freins'",
    );
    expect(views(await html('/blog/les-freins'))).toBe('41 vues');
  });

  it('checks a cached page with one read of one row, which never touches the posts or the content', async () => {
    await html('/blog');
    const during = await transactionsDuring(() => html('/blog'));
    expect(during).toHaveLength(1);
    const [statements] = during;
    expect(statements).toHaveLength(1);

    const { rows } = await other.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${statements![0]}`,
    );
    expect(scans(rows[0]!['QUERY PLAN'][0].Plan)).toEqual([
      { relation: 'content_version', rows: 1 },
    ]);

    // Still served while another transaction holds every lock on the posts and the content.
    await other.query('begin');
    try {
      await other.query(
        'lock table public.blog_posts, public.site_content in access exclusive mode',
      );
      const answer = await Promise.race([
        rawRequest(`${server.url}/blog`),
        // A deadline for the answer, not a wait: the race ends as soon as the page comes.
        // eslint-disable-next-line no-restricted-syntax
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000)),
      ]);
      expect(answer?.status).toBe(200);
    } finally {
      await other.query('rollback');
    }
  });

  it('shows a post dated in the future once that moment has passed, with no write', async () => {
    const { rows } = await other.query<{ at: string }>(
      `insert into public.blog_posts (title, slug, content, published_at)
         values ('Bientôt en ligne', 'bientot-en-ligne', 'Texte.', now() + interval '1.5 seconds')
       returning (extract(epoch from published_at) * 1000)::text as at`,
    );
    const at = Number(rows[0]!.at);
    expect(await html('/blog')).not.toContain('Bientôt en ligne');
    expect((await rawRequest(`${server.url}/blog/bientot-en-ligne`)).status).toBe(404);
    await eventually('the post on the blog page', async () =>
      (await html('/blog')).includes('Bientôt en ligne'),
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await rawRequest(`${server.url}/blog/bientot-en-ligne`)).status).toBe(200);
  });
});
