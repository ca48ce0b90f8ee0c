/**
 * Casts in `select`, through supabase-js on both databases: Postgres computes them on every row
 * the page query reads, as behind PostgREST, so a cast that fails answers 400 whether the client
 * asked for the rows, only their count (HEAD, `maybeSingle`), or a page past them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';

const PASSWORD = 'un-mot-de-passe-solide';

describe.each([
  ['PGlite', startTestServer],
  ['PostgreSQL', startPostgresTestServer],
] as const)('casts in select on %s', (_name, start) => {
  let server: TestServer;
  let admin: SupabaseClient;

  beforeAll(async () => {
    server = await start();
    await server.createUser('owner@garage.fr', PASSWORD, true);
    admin = await server.signedInClient('owner@garage.fr', PASSWORD);
  });
  afterAll(() => server?.close());

  it('a cast that fails answers 400 on a GET', async () => {
    const { status, error } = await admin.from('site_content').select('type,type::json');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('a cast that fails answers 400 on HEAD with maybeSingle, with or without a count', async () => {
    for (const count of [undefined, 'exact'] as const) {
      const answer = await admin
        .from('site_content')
        .select('type,type::json', { head: true, count })
        .eq('type', 'hero')
        .maybeSingle();
      expect(answer.status).toBe(400);
      expect(answer.count).toBeNull();
    }
  });

  it('a cast that fails answers 400 on a page past the rows it fails on', async () => {
    const { status, error } = await admin
      .from('site_content')
      .select('type::int')
      .order('type')
      .range(100, 109);
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('a cast that holds is counted on HEAD and shown on GET under its column name', async () => {
    const { count: total } = await admin
      .from('site_content')
      .select('*', { head: true, count: 'exact' });
    const counted = await admin
      .from('site_content')
      .select('type,content::json', { head: true, count: 'exact' });
    expect(counted.status).toBe(200);
    expect(counted.count).toBe(total);
    expect(total).toBeGreaterThan(1);

    const { data, error } = await admin
      .from('site_content')
      .select('*,kind:type::text,updated_at::date')
      .eq('type', 'hero')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      type: 'hero',
      kind: 'hero',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      content: expect.objectContaining({ heading: expect.any(String) }),
    });
  });
});
