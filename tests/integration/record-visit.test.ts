import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { EDGE_FUNCTIONS } from '../../server/functions/registry.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

async function visitCount(server: TestServer): Promise<number> {
  return server.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.visits');
    return rows[0]!.n;
  });
}

function post(
  server: TestServer,
  body: string,
  headers: Record<string, string> = {},
  method = 'POST',
) {
  return fetch(`${server.url}/functions/v1/recordVisit`, {
    method,
    headers: {
      authorization: `Bearer ${server.anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: method === 'GET' ? undefined : body,
  });
}

describe('recordVisit and the functions gateway', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('stores one visit with the page and the time, nothing else', async () => {
    const before = await visitCount(server);
    const { data, error } = await server
      .anonClient()
      .functions.invoke('recordVisit', { body: { page: 'home' } });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true });
    expect(await visitCount(server)).toBe(before + 1);
    const rows = await server.db.transaction(
      async (tx) =>
        (
          await tx.query<Record<string, unknown>>(
            'select * from public.visits order by id desc limit 1',
          )
        ).rows,
    );
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'page', 'visited_at']);
    expect(rows[0]!.page).toBe('home');
  });

  it('refuses bad bodies with 400 and stores nothing', async () => {
    const before = await visitCount(server);
    for (const body of [
      '{"page":',
      '',
      'null',
      '[]',
      '{}',
      '{"page":""}',
      '{"page":"Home"}',
      '{"page":42}',
    ]) {
      const res = await post(server, body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    const long = await post(server, JSON.stringify({ page: 'a'.repeat(65) }));
    expect(long.status).toBe(400);
    const { error } = await server
      .anonClient()
      .functions.invoke('recordVisit', { body: { page: '../admin' } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(400);
    expect(await visitCount(server)).toBe(before);
  });

  it('answers another method with 405', async () => {
    const res = await post(server, '', {}, 'GET');
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('refuses a request without a valid JWT with 401, before the function runs', async () => {
    const before = await visitCount(server);
    const none = await fetch(`${server.url}/functions/v1/recordVisit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"page":"home"}',
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await post(server, '{"page":"home"}', { authorization: 'Bearer pas.un.jwt' });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect(await visitCount(server)).toBe(before);
  });

  it('answers CORS preflights and unknown functions', async () => {
    const preflight = await fetch(`${server.url}/functions/v1/recordVisit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://exemple.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, apikey, x-client-info',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const unknown = await fetch(`${server.url}/functions/v1/nexiste-pas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.anonKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
  });

  it('runs exactly the functions supabase/config.toml declares, with the same verify_jwt', async () => {
    const toml = await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    const declared: Record<string, boolean> = {};
    let current: string | undefined;
    for (const line of toml.split('\n')) {
      const section = /^\s*\[functions\.([^\]]+)\]\s*$/.exec(line);
      if (section) current = section[1];
      else if (/^\s*\[/.test(line)) current = undefined;
      const verify = /^\s*verify_jwt\s*=\s*(true|false)\s*$/.exec(line);
      if (current && verify) declared[current] = verify[1] === 'true';
    }
    expect(Object.fromEntries(EDGE_FUNCTIONS.map((fn) => [fn.name, fn.verifyJwt]))).toEqual(
      declared,
    );
  });
});
