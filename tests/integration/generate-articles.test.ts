import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHandler } from '../../supabase/functions/generate-articles/handler.ts';
import {
  keyFor,
  startOpenAiStandIn,
  STAND_IN_TITLE,
  type OpenAiStandIn,
} from '../helpers/openai-stand-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = { email: 'admin-ia@garage.test', password: 'mot-de-passe-admin-123' };
const MEMBER = { email: 'membre-ia@garage.test', password: 'mot-de-passe-membre-123' };

interface Answer {
  status: number;
  body: {
    success: boolean;
    error?: string;
    articles?: { id: string; title: string; slug: string }[];
  };
}

describe('generate-articles against a stand-in for the OpenAI API', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let adminToken: string;
  let memberToken: string;

  async function postCount(): Promise<number> {
    return server.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.blog_posts',
      );
      return rows[0]!.n;
    });
  }

  async function call(
    body: unknown,
    token: string | null = adminToken,
    init: RequestInit = {},
  ): Promise<Answer> {
    const res = await fetch(`${server.url}/functions/v1/generate-articles`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }

  async function tokenOf(email: string, password: string): Promise<string> {
    const client = await server.signedInClient(email, password);
    const { data } = await client.auth.getSession();
    return data.session!.access_token;
  }

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    server = await startTestServer({ openaiBaseUrl: standIn.url });
    await server.createUser(ADMIN.email, ADMIN.password, true);
    await server.createUser(MEMBER.email, MEMBER.password, false);
    adminToken = await tokenOf(ADMIN.email, ADMIN.password);
    memberToken = await tokenOf(MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.setMode('ok');
    standIn.requests.length = 0;
  });

  it('stores N drafts with unique slugs, seen by the admin and not by visitors', async () => {
    const before = await postCount();
    const { status, body } = await call({
      count: 3,
      model: 'gpt-3.5-turbo',
      apiKey: keyFor('ok'),
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.error).toBeUndefined();
    expect(body.articles).toHaveLength(3);
    expect(await postCount()).toBe(before + 3);

    // What was asked: the chosen model, the given key, N French articles.
    expect(standIn.requests).toHaveLength(1);
    const sent = standIn.requests[0]!;
    expect(sent.authorization).toBe(`Bearer ${keyFor('ok')}`);
    expect(sent.body?.model).toBe('gpt-3.5-turbo');
    expect(sent.body?.messages?.map((m) => m.content).join('\n')).toMatch(/Rédige 3 articles/);

    const slugs = body.articles!.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[0]).toBe('entretien-des-freins-les-signes-qui-ne-trompent-pas');
    expect(slugs[1]).toBe('entretien-des-freins-les-signes-qui-ne-trompent-pas-2');
    expect(body.articles![0]!.title).toBe(STAND_IN_TITLE);

    const ids = body.articles!.map((a) => a.id);
    const admin = await server.signedInClient(ADMIN.email, ADMIN.password);
    const { data: seen, error } = await admin
      .from('blog_posts')
      .select('id, slug, excerpt, content, image_url, published_at, scheduled_at')
      .in('id', ids);
    expect(error).toBeNull();
    expect(seen).toHaveLength(3);
    for (const post of seen!) {
      expect(post.published_at).toBeNull();
      expect(post.scheduled_at).toBeNull();
      expect(post.excerpt).toMatch(/^Résumé/);
      expect(post.content).toMatch(/^## /);
      expect(post.image_url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/images\/service-(freins|pneus|diagnostic|entretien)\.svg$/,
      );
    }
    expect(seen!.find((p) => p.id === ids[0])!.image_url).toMatch(/service-freins\.svg$/);

    const { data: visitorSees } = await server
      .anonClient()
      .from('blog_posts')
      .select('id')
      .in('id', ids);
    expect(visitorSees).toEqual([]);
  });

  it('answers through supabase-js functions.invoke, default count 4 and model gpt-4', async () => {
    const admin = await server.signedInClient(ADMIN.email, ADMIN.password);
    const { data, error } = await admin.functions.invoke('generate-articles', {
      body: { apiKey: keyFor('ok') },
    });
    expect(error).toBeNull();
    expect(data.success).toBe(true);
    expect(data.articles).toHaveLength(4);
    expect(standIn.requests[0]!.body?.model).toBe('gpt-4');
  });

  it('refuses with 400 when no key is sent and none is stored', async () => {
    await server.serviceClient().from('api_keys').delete().eq('name', 'openai');
    const before = await postCount();
    const { status, body } = await call({ count: 1, model: 'gpt-4' });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Clé API OpenAI invalide ou manquante' });
    expect(standIn.requests).toHaveLength(0);
    expect(await postCount()).toBe(before);
  });

  it('uses the stored key when none is sent', async () => {
    const stored = 'sk-stored-key-for-tests-1234';
    const { error } = await server
      .serviceClient()
      .from('api_keys')
      .upsert({ name: 'openai', key: stored }, { onConflict: 'name' });
    expect(error).toBeNull();
    for (const apiKey of [undefined, null, '']) {
      standIn.requests.length = 0;
      const { status, body } = await call({ count: 1, model: 'gpt-4-turbo', apiKey });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(standIn.requests[0]!.authorization).toBe(`Bearer ${stored}`);
    }
    // A key sent by the admin wins over the stored one.
    standIn.requests.length = 0;
    await call({ count: 1, model: 'gpt-4', apiKey: keyFor('ok') });
    expect(standIn.requests[0]!.authorization).toBe(`Bearer ${keyFor('ok')}`);
  });

  const failures: [
    mode: '401' | '429' | '500' | 'malformed' | 'wrong-shape',
    status: number,
    message: RegExp,
  ][] = [
    ['401', 502, /^Clé API OpenAI refusée par OpenAI \(erreur 401\)/],
    ['429', 429, /^Quota OpenAI dépassé ou trop de requêtes \(erreur 429\)/],
    ['500', 503, /^Le service OpenAI est momentanément indisponible \(erreur 500\)/],
    ['malformed', 502, /^Réponse illisible du service OpenAI.*Aucun article n'a été créé/],
    ['wrong-shape', 502, /^Réponse inattendue du service OpenAI.*Aucun article n'a été créé/],
  ];
  it.each(failures)(
    'upstream %s gives {success:false} (%i) and creates nothing',
    async (mode, status, message) => {
      standIn.setMode(mode);
      const before = await postCount();
      const answer = await call({ count: 2, model: 'gpt-4', apiKey: 'sk-any-key-1234' });
      expect(answer.status).toBe(status);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error).toMatch(message);
      expect(answer.body.articles).toBeUndefined();
      expect(standIn.requests).toHaveLength(1);
      expect(await postCount()).toBe(before);
    },
  );

  it('keeps the key out of the answer when OpenAI refuses it', async () => {
    const answer = await call({ count: 1, apiKey: keyFor('401') });
    expect(answer.status).toBe(502);
    expect(JSON.stringify(answer.body)).not.toContain('sk-');
  });

  it('gives up after the configured timeout (504) and creates nothing', async () => {
    standIn.setMode('hang');
    // The self-hosted server always waits the production 60 s; the same handler is built here
    // with a short timeout, against the same running server (its REST API, as the service role).
    const handler = createHandler({
      supabaseUrl: server.url,
      serviceRoleKey: server.serviceKey,
      WebSocket,
      openaiBaseUrl: standIn.url,
      openaiTimeoutMs: 400,
    });
    const before = await postCount();
    const started = Date.now();
    const res = await handler(
      new Request(`${server.url}/functions/v1/generate-articles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ count: 2, model: 'gpt-4', apiKey: 'sk-any-key-1234' }),
      }),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(504);
    const body = (await res.json()) as Answer['body'];
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Le service OpenAI n'a pas répondu à temps/);
    expect(standIn.requests).toHaveLength(1);
    expect(await postCount()).toBe(before);
  });

  it('answers 502 when the AI service cannot be reached', async () => {
    const handler = createHandler({
      supabaseUrl: server.url,
      serviceRoleKey: server.serviceKey,
      WebSocket,
      openaiBaseUrl: 'http://127.0.0.1:9/v1',
    });
    const res = await handler(
      new Request(`${server.url}/functions/v1/generate-articles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ apiKey: 'sk-any-key-1234' }),
      }),
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      error: 'Impossible de joindre le service OpenAI. Réessayez plus tard.',
    });
  });

  it('refuses a visitor and a non-admin (403) before calling OpenAI', async () => {
    const before = await postCount();
    for (const token of [server.anonKey, memberToken]) {
      const { status, body } = await call({ count: 1, apiKey: keyFor('ok') }, token);
      expect(status).toBe(403);
      expect(body).toEqual({
        success: false,
        error: "Accès refusé : la génération d'articles est réservée aux administrateurs.",
      });
    }
    const { error } = await server
      .anonClient()
      .functions.invoke('generate-articles', { body: { count: 1, apiKey: keyFor('ok') } });
    expect(error).not.toBeNull();
    expect((error as { context: Response }).context.status).toBe(403);
    // No token at all: the gateway refuses (verify_jwt = true).
    expect((await call({ count: 1 }, null)).status).toBe(401);
    expect(standIn.requests).toHaveLength(0);
    expect(await postCount()).toBe(before);
  });

  it('refuses bad bodies (400) with a French reason, before calling OpenAI', async () => {
    const bad: unknown[] = [
      '{"count":',
      '',
      'null',
      '[]',
      { count: 0 },
      { count: 11 },
      { count: 2.5 },
      { count: '4' },
      { model: 'gpt-5' },
      { model: 4 },
      { apiKey: 'abc' },
      { apiKey: 42 },
      { apiKey: 'sk-with space' },
    ];
    for (const body of bad) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error).toMatch(/invalide/i);
    }
    expect((await call({ count: 11 })).body.error).toBe(
      "Nombre d'articles invalide : un entier de 1 à 10 est attendu.",
    );
    expect((await call({ model: 'gpt-5' })).body.error).toBe(
      'Modèle invalide : choisissez gpt-4, gpt-4-turbo, gpt-3.5-turbo.',
    );
    expect((await call({ apiKey: 'abc' })).body.error).toBe('Clé API OpenAI invalide ou manquante');
    const get = await fetch(`${server.url}/functions/v1/generate-articles`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(get.status).toBe(405);
    expect(standIn.requests).toHaveLength(0);
  });
});
