import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freePort } from '../helpers/free-port.ts';
import { keyFor, startOpenAiStandIn, type OpenAiStandIn } from '../helpers/openai-stand-in.ts';
import { sql } from '../helpers/fixtures.ts';

// The edge functions as hosted Supabase runs them: under Deno (the `deno` package from npm),
// with the packages their deno.json pins, fetched from the npm registry. Their entry points must
// type-check, and their handlers, served by Deno, must work against this project's server.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DENO = path.join(ROOT, 'node_modules', '.bin', 'deno');
const FUNCTIONS = path.join(ROOT, 'supabase', 'functions');
const ADMIN = { email: 'patron-deno@garage.test', password: 'mot-de-passe-deno-1' };

const functions = (await readdir(FUNCTIONS, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

const config = (name: string) => path.join(FUNCTIONS, name, 'deno.json');

describe.each(functions)('supabase/functions/%s under Deno', (name) => {
  it('type-checks its entry point with its deno.json', () => {
    const check = spawnSync(
      DENO,
      ['check', '--config', config(name), path.join(FUNCTIONS, name, 'index.ts')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(check.status, check.stderr).toBe(0);
  }, 120_000);
});

describe('the functions served by Deno, against this server', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  const served: ChildProcess[] = [];

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    server = await startTestServer();
    await server.createUser(ADMIN.email, ADMIN.password, true);
  });
  afterAll(async () => {
    for (const child of served) child.kill();
    await server?.close();
    await standIn?.close();
  });

  async function serve(name: string): Promise<string> {
    const port = await freePort();
    const child = spawn(
      DENO,
      [
        'run',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--config',
        config(name),
        'tests/deno/serve-function.ts',
        name,
        String(port),
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          SUPABASE_URL: server.url,
          SUPABASE_SERVICE_ROLE_KEY: server.serviceKey,
          OPENAI_BASE_URL: standIn.url,
          SITE_URL: 'https://garage-exemple.fr',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    served.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', () => reject(new Error(`deno stopped:\n${output}`)));
    });
    return `http://127.0.0.1:${port}`;
  }

  it('recordVisit stores the visit through this server', async () => {
    const url = await serve('recordVisit');
    await sql(server.db, 'delete from public.visits');
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'home' }),
    });
    expect(await res.json()).toEqual({ success: true });
    expect(await sql(server.db, 'select page from public.visits')).toEqual([{ page: 'home' }]);
  }, 120_000);

  it('generate-articles creates a draft for an administrator through this server', async () => {
    const url = await serve('generate-articles');
    const admin = await server.signedInClient(ADMIN.email, ADMIN.password);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, model: 'gpt-4', apiKey: keyFor('ok') }),
    });
    const body = (await res.json()) as { success: boolean; articles?: { slug: string }[] };
    expect(body.success).toBe(true);
    const slug = body.articles![0]!.slug;
    const rows = await sql<{ published_at: string | null }>(
      server.db,
      'select published_at from public.blog_posts where slug = $1',
      [slug],
    );
    expect(rows).toEqual([{ published_at: null }]);
  }, 120_000);

  it('appointments confirms a half-day and queues the mail with its link through this server', async () => {
    const url = await serve('appointments');
    const [request] = await sql<{ id: string }>(
      server.db,
      `insert into public.requests (name, email, vehicle_make, vehicle_model, vehicle_year, service,
                                    consent)
       values ('Camille Martin', 'camille@exemple.fr', 'Peugeot', '208', 2017, 'Vidange', true)
       returning id`,
    );
    const admin = await server.signedInClient(ADMIN.email, ADMIN.password);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: request!.id, date: day, moment: 'matin' }),
    });
    expect(await res.json()).toEqual({ confirmed: true, mailed: true });
    const mails = await sql<{ body: string; file: string }>(
      server.db,
      `select body, attachments -> 0 ->> 'content' as file from public.request_mails
        where request_id = $1 and kind = 'confirmation'`,
      [request!.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('https://garage-exemple.fr/rendez-vous/gerer?j=');
    expect(mails[0]!.file).toContain('METHOD:PUBLISH');
  }, 120_000);
});
