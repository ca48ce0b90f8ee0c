import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What the deploy tests share: the tools they drive, a built site, requests from an address. */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DEPLOY = path.join(ROOT, 'deploy');

/**
 * The path of `command`, or an error naming the Debian package that brings it: a missing tool
 * fails the test that needs it, never skips it.
 */
export function requireTool(command: string, aptPackage: string): string {
  const found = spawnSync('bash', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const where = found.stdout.trim();
  if (found.status !== 0 || !where)
    throw new Error(
      `${command} is missing: install it with \`apt-get install -y ${aptPackage}\` (Debian 12).`,
    );
  return where;
}

/** This environment without what the test runner adds, for builds and servers of production. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

/**
 * `npm run build`, into `dir`/dist instead of ./dist (the site, its server renderer, the
 * precompressed copies and the server bundle in dist/.server), so that no other suite's dist/ is
 * touched. Without `client`, the browser bundle is left out (the pages render without it).
 */
export async function buildSite(dir: string, { client = true } = {}): Promise<string> {
  const dist = path.join(dir, 'dist');
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: ROOT, env: cleanEnv(), stdio: 'pipe' });
  if (client) {
    run(vite, ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
  } else {
    await mkdir(dist, { recursive: true });
    await copyFile(path.join(ROOT, 'index.html'), path.join(dist, 'index.html'));
  }
  run(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, '.ssr')]);
  if (client) run(process.execPath, ['scripts/compress-assets.mjs', dist]);
  run(process.execPath, ['scripts/build-server.mjs', '--outdir', path.join(dist, '.server')]);
  return dist;
}

/** The sample configuration deploy/install.sh installs as /etc/garage-site/env. */
export async function sampleEnv(): Promise<Record<string, string>> {
  const text = await readFile(path.join(DEPLOY, 'env.example'), 'utf8');
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface Target {
  /** http: or https: */
  protocol: string;
  port: number;
  /** The Host header (and TLS server name) the requests carry. */
  host: string;
}

/**
 * One request to 127.0.0.1 sent from `from` (127.0.0.2, 127.0.0.3…), so that the proxy sees that
 * client address; over TLS without checking the certificate (the tests' own, self-signed). With
 * `expectContinue`, the body goes only once the proxy asked for it (a refusal then comes before
 * it, instead of racing a body the proxy will not read).
 */
export function send(
  target: Target,
  pathname: string,
  init: {
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    expectContinue?: boolean;
  } = {},
): Promise<Answer> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: pathname,
        method: init.method ?? 'GET',
        headers: {
          host: target.host,
          // Announced, as browsers do, rather than sent in chunks.
          ...(init.body !== undefined ? { 'content-length': Buffer.byteLength(init.body) } : {}),
          ...(init.expectContinue ? { expect: '100-continue' } : {}),
          ...init.headers,
        },
        localAddress: init.from ?? '127.0.0.1',
        agent: false,
        servername: target.host,
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString() });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    if (init.expectContinue) {
      req.once('continue', () => req.end(init.body));
      req.flushHeaders();
    } else {
      req.end(init.body);
    }
  });
}
