import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { makeApiKey } from '../../server/jwt.ts';
import { freePort } from '../helpers/free-port.ts';
import { subscribed, until } from '../helpers/realtime.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import {
  buildSite,
  cleanEnv,
  ROOT,
  sampleEnv,
  send,
  type Answer,
  type Target,
} from './deploy-site.ts';
import { startCaddy, startNginx, type RunningProxy } from './deploy-proxies.ts';
import { eventually } from '../helpers/eventually.ts';

// The site as an operator puts it online: the built server with the sample configuration
// (deploy/env.example: HOST=127.0.0.1, TRUST_PROXY=1), behind the shipped nginx or Caddy
// configuration, checked from the visitors' side of the proxy.

const ADMIN = { email: 'patron@garage-exemple.fr', password: 'un-mot-de-passe-solide-1' };
const wrong = (n: number) => ({ email: ADMIN.email, password: `mauvais-mot-de-passe-${n}` });
const MiB = 1024 * 1024;

let build: string;
let dist: string;

beforeAll(async () => {
  await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
  // Inside the project, so that the server bundle finds its packages and migrations.
  build = await mkdtemp(path.join(ROOT, '.tmp', 'deploy-proxies-'));
  dist = await buildSite(build);
}, 180_000);
afterAll(() => rm(build, { recursive: true, force: true }));

interface Stack {
  server: ServerProcess;
  proxy: RunningProxy;
  anonKey: string;
  dir: string;
}

/** The server as deploy/garage-site.service runs it, the administrator created, then the proxy. */
async function startStack(
  startProxy: (dir: string, upstreamPort: number) => Promise<RunningProxy>,
): Promise<Stack> {
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-deploy-'));
  await chmod(dir, 0o755);
  const env = await sampleEnv();
  expect(env.HOST).toBe('127.0.0.1');
  expect(env.TRUST_PROXY).toBe('1');
  delete env.PORT;
  Object.assign(env, {
    DATA_DIR: path.join(dir, 'data'),
    BACKUP_DIR: path.join(dir, 'backups'),
    DIST_DIR: dist,
  });
  const server = await startServerProcess(env, {
    entry: path.join(dist, '.server', 'main.mjs'),
  });
  expect(server.child.exitCode, server.output()).toBeNull();
  // `npm run admin -- create`, through the running server as on the machine.
  execFileSync(
    process.execPath,
    [
      path.join(dist, '.server', 'admin.mjs'),
      'create',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
    ],
    { env: { ...cleanEnv(), ...env, PORT: String(server.port) }, stdio: 'pipe' },
  );
  const secret = (await readFile(path.join(env.DATA_DIR!, 'jwt-secret'), 'utf8')).trim();
  const proxy = await startProxy(dir, server.port);
  return { server, proxy, anonKey: await makeApiKey('anon', secret), dir };
}

async function stopStack(stack: Stack | undefined) {
  if (!stack) return;
  await stack.proxy.stop();
  await stack.server.stop();
  await rm(stack.dir, { recursive: true, force: true });
}

function signIn(
  stack: Stack,
  from: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  return send(stack.proxy.site, '/auth/v1/token?grant_type=password', {
    from,
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(credentials),
  });
}

/** The same request straight to the server, for comparison. */
function direct(stack: Stack, pathname: string, headers: Record<string, string> = {}) {
  const target: Target = { protocol: 'http:', port: stack.server.port, host: '127.0.0.1' };
  return send(target, pathname, { headers });
}

/**
 * `count` uploads from `from` whose body never comes, each left in progress in the proxy. Resolves
 * once the proxy accepted every one of them and waits for its body (its 100 Continue), or with the
 * status of the first it refused.
 */
async function holdUploads(target: Target, from: string, count: number) {
  const held: ClientRequest[] = [];
  const accepted = Array.from({ length: count }, () => {
    const req = httpsRequest({
      host: '127.0.0.1',
      port: target.port,
      path: '/storage/v1/object/media/lente.jpg',
      method: 'POST',
      headers: { host: target.host, 'content-length': '1000', expect: '100-continue' },
      localAddress: from,
      agent: false,
      servername: target.host,
      rejectUnauthorized: false,
    });
    held.push(req);
    req.on('error', () => {});
    req.flushHeaders();
    return new Promise<number>((resolve) => {
      req.once('continue', () => resolve(100));
      req.once('response', (res) => resolve(res.statusCode!));
    });
  });
  return { statuses: await Promise.all(accepted), release: () => held.forEach((r) => r.destroy()) };
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const proxies: [string, (dir: string, upstreamPort: number) => Promise<RunningProxy>][] = [
  [
    'nginx',
    async (dir, upstreamPort) =>
      startNginx({ dir, upstreamPort, httpPort: await freePort(), httpsPort: await freePort() }),
  ],
  ['Caddy', async (dir, upstreamPort) => startCaddy(dir, await freePort(), upstreamPort)],
];

describe.each(proxies)('the site behind %s', (name, startProxy) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(startProxy);
  }, 120_000);
  afterAll(() => stopStack(stack));

  it('serves the home page, the blog and the API as the server sends them, not compressed again', async () => {
    const home = await send(stack.proxy.site, '/', { headers: BROWSER });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('gzip');
    const plainHome = await send(stack.proxy.site, '/');
    expect(plainHome.headers['content-encoding']).toBeUndefined();
    expect(plainHome.text).toContain('id="hero-title"');
    // Byte for byte what the server sent, with its ETag: the proxy neither re-encodes nor alters it.
    const fromServer = await direct(stack, '/', BROWSER);
    expect(home.headers.etag).toBe(fromServer.headers.etag);
    expect(home.body.equals(fromServer.body)).toBe(true);

    const blog = await send(stack.proxy.site, '/blog');
    expect(blog.status).toBe(200);
    expect(blog.text).toContain('<title>Blog – conseils et actualités du garage</title>');

    const content = await send(stack.proxy.site, '/rest/v1/site_content?select=type', {
      headers: { apikey: stack.anonKey, ...BROWSER },
    });
    expect(content.status).toBe(200);
    expect(content.headers['content-encoding']).toBe('gzip');
    const fromServerApi = await direct(stack, '/rest/v1/site_content?select=type', {
      apikey: stack.anonKey,
      ...BROWSER,
    });
    expect(content.body.equals(fromServerApi.body)).toBe(true);
    // The server's security headers arrive as it set them.
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    expect(home.headers['strict-transport-security']).toContain('max-age=');
  });

  it('passes hashed assets on in brotli, with a year of immutable caching', async () => {
    const assets = await readdir(path.join(dist, 'assets'));
    const script = assets.find((f) => f.endsWith('.js') && assets.includes(`${f}.br`))!;
    expect(script).toBeDefined();
    const answer = await send(stack.proxy.site, `/assets/${script}`, { headers: BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const built = await readFile(path.join(dist, 'assets', `${script}.br`));
    expect(answer.body.equals(built)).toBe(true);
  });

  it('signs the administrator in', async () => {
    const answer = await signIn(stack, '127.0.0.1', ADMIN);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('access_token');
  });

  it('carries the realtime socket and the HTTP broadcast to the server', async () => {
    const site = stack.proxy.site;
    // realtime-js opens `new transport(url)`: the proxy's certificate is the tests' own.
    class ThroughProxy extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, {
          headers: { host: site.host },
          servername: site.host,
          rejectUnauthorized: false,
          localAddress: '127.0.0.6',
        } as WebSocket.ClientOptions);
      }
    }
    const client = () =>
      createClient(`${site.protocol}//127.0.0.1:${site.port}`, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ThroughProxy as never },
      });
    const [sending, receiving] = [client(), client()];
    try {
      const sender = sending.channel('atelier', { config: { broadcast: { ack: true } } });
      const receiver = receiving.channel('atelier');
      const got: unknown[] = [];
      receiver.on('broadcast', { event: 'apercu' }, (m) => got.push(m.payload));
      await Promise.all([subscribed(sender), subscribed(receiver)]);
      expect(await sender.send({ type: 'broadcast', event: 'apercu', payload: { n: 1 } })).toBe(
        'ok',
      );
      const posted = await send(site, '/realtime/v1/api/broadcast', {
        from: '127.0.0.6',
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ topic: 'atelier', event: 'apercu', payload: { n: 2 } }],
        }),
      });
      expect(posted.status).toBe(202);
      await until('both broadcasts', () => got.length === 2);
      expect(got).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      sending.realtime.disconnect();
      receiving.realtime.disconnect();
    }
  });

  it("passes each visitor's address on: one address's wrong passwords do not block another", async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(stack, '127.0.0.2', wrong(i))).status).toBe(400);
    const blocked = await signIn(stack, '127.0.0.2', ADMIN);
    expect(blocked.status).toBe(429);
    // Were every visitor seen as the proxy's address, this one would be blocked too.
    expect((await signIn(stack, '127.0.0.3', ADMIN)).status).toBe(200);
  });

  it('does not let a visitor escape the limit with an X-Forwarded-For of its own', async () => {
    const forged = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    for (let i = 0; i < 5; i++)
      expect((await signIn(stack, '127.0.0.4', wrong(i), forged(i))).status).toBe(400);
    expect((await signIn(stack, '127.0.0.4', ADMIN, forged(99))).status).toBe(429);
  });

  it('bounds request bodies: 1 MiB on the API, 16 MiB for photos under /storage/v1/', async () => {
    const post = (pathname: string, bytes: number) =>
      send(stack.proxy.site, pathname, {
        from: '127.0.0.5',
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(bytes),
        expectContinue: true,
      });
    // The proxy's own refusal carries none of the server's headers (it sets nosniff on every
    // answer). Under /storage/v1/ the server itself takes 1 MiB at most until uploads come, and
    // may close the connection before the proxy has passed the whole body on: not refused by the
    // proxy is what is checked there.
    const refusedByProxy = (answer: Answer) =>
      answer.status === 413 && answer.headers['x-content-type-options'] === undefined;
    expect(refusedByProxy(await post('/rest/v1/rpc/increment_views', MiB + 1))).toBe(true);
    expect(refusedByProxy(await post('/storage/v1/object/media/photo.jpg', 16 * MiB + 1))).toBe(
      true,
    );
    expect(refusedByProxy(await post('/storage/v1/object/media/photo.jpg', 2 * MiB))).toBe(false);
    const exact = await post('/rest/v1/rpc/increment_views', MiB);
    expect(exact.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends www.garage-exemple.fr to https://garage-exemple.fr', async () => {
    const www = { ...stack.proxy.site, host: 'www.garage-exemple.fr' };
    const answer = await send(www, '/blog?page=2');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://garage-exemple.fr/blog?page=2');
  });

  if (name === 'nginx') {
    it('redirects plain HTTP to https://garage-exemple.fr', async () => {
      for (const host of ['garage-exemple.fr', 'www.garage-exemple.fr']) {
        const answer = await send({ ...stack.proxy.plainHttp!, host }, '/blog?page=2');
        expect(answer.status).toBe(301);
        expect(answer.headers.location).toBe('https://garage-exemple.fr/blog?page=2');
      }
    });

    it('bounds requests in progress per visitor: the 65th from one address gets 429', async () => {
      const uploads = await holdUploads(stack.proxy.site, '127.0.0.6', 64);
      try {
        expect(uploads.statuses).toEqual(Array(64).fill(100));
        expect((await send(stack.proxy.site, '/', { from: '127.0.0.6' })).status).toBe(429);
        expect((await send(stack.proxy.site, '/', { from: '127.0.0.7' })).status).toBe(200);
      } finally {
        uploads.release();
      }
      // Served again once those connections are gone.
      await eventually(
        'the site served again',
        async () => (await send(stack.proxy.site, '/', { from: '127.0.0.6' })).status === 200,
        { ms: 2_000, every: 50 },
      );
    });
  }

  // Last: it stops the server.
  it('logs no query string, whatever the answer, even with the server stopped', async () => {
    const secret = `jeton-${name}-0123456789`;
    expect((await send(stack.proxy.site, `/?token=${secret}`)).status).toBe(200);
    const tooLarge = await send(stack.proxy.site, `/rest/v1/rpc/x?token=${secret}`, {
      method: 'POST',
      body: Buffer.alloc(MiB + 1),
      expectContinue: true,
    });
    expect(tooLarge.status).toBe(413);
    await stack.server.stop();
    const down = await send(stack.proxy.site, `/blog?token=${secret}`, {
      from: '127.0.0.9',
      headers: { apikey: stack.anonKey },
    });
    expect(down.status).toBe(502);
    await stack.proxy.stop();
    const logs = await stack.proxy.logs();
    // Something was logged about that request, without its query string, key or client address.
    expect(logs).toMatch(/\/blog[^\n]*\b502\b/);
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(stack.anonKey);
    expect(logs).not.toContain('127.0.0.9');
  });
});
