import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { DEPLOY, requireTool, type Target } from './deploy-site.ts';
import { eventually } from '../helpers/eventually.ts';

/**
 * The shipped proxy configurations, run as an operator would install them, with only what cannot
 * be the same in a test changed: the ports they listen on (127.0.0.1 only), the server's port,
 * the certificate (nginx) and the log folder. Each change must find its line, so that the test
 * follows the shipped file or fails, never a copy of its own.
 */
function substitute(text: string, changes: [RegExp, string][], file: string): string {
  for (const [pattern, replacement] of changes) {
    if (!pattern.test(text))
      throw new Error(`${file} no longer has a line matching ${pattern}: update this test.`);
    text = text.replace(
      new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g'),
      replacement,
    );
  }
  return text;
}

export interface RunningProxy {
  /** Where visitors reach the site (the HTTPS server block for nginx). */
  site: Target;
  /** The plain-HTTP server block, when the configuration has one of its own (nginx). */
  plainHttp?: Target;
  /** Everything the proxy logged so far: its log files, or its standard error. */
  logs(): Promise<string>;
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  await eventually(
    `the proxy on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the proxy stopped: ${output()}`);
      return new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
    },
    { ms: 10_000, every: 50 },
  ).catch((error: unknown) => {
    throw new Error(`the proxy did not listen on ${port}: ${output()}`, { cause: error });
  });
}

function stopper(child: ChildProcess, signal: NodeJS.Signals) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
}

// ---------------------------------------------------------------- nginx

export const NGINX_FILE = path.join(DEPLOY, 'nginx-garage-site.conf');

export interface NginxLayout {
  /** A folder readable by nginx's workers: configuration, certificate, logs, buffers. */
  dir: string;
  httpPort: number;
  httpsPort: number;
  upstreamPort: number;
}

/** A self-signed certificate for garage-exemple.fr and www, in place of Let's Encrypt's. */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const openssl = requireTool('openssl', 'openssl');
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const made = spawnSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=garage-exemple.fr',
      '-addext',
      'subjectAltName=DNS:garage-exemple.fr,DNS:www.garage-exemple.fr',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/** The shipped site file, then a main file as Debian's nginx.conf includes it. */
export async function writeNginxConfig(layout: NginxLayout): Promise<string> {
  const { dir } = layout;
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  // nginx's workers (nobody, under root) buffer request bodies there.
  await chmod(dir, 0o755);
  const { cert, key } = makeCertificate(dir);
  const site = substitute(
    await readFile(NGINX_FILE, 'utf8'),
    [
      [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${layout.httpPort};`],
      [/^\s*listen \[::\]:80;\n/m, ''],
      [/^(\s*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${layout.httpsPort} ssl http2;`],
      [/^\s*listen \[::\]:443 ssl http2;\n/m, ''],
      [
        /^(\s*)ssl_certificate \/etc\/letsencrypt\/live\/garage-exemple\.fr\/fullchain\.pem;$/m,
        `$1ssl_certificate ${cert};`,
      ],
      [
        /^(\s*)ssl_certificate_key \/etc\/letsencrypt\/live\/garage-exemple\.fr\/privkey\.pem;$/m,
        `$1ssl_certificate_key ${key};`,
      ],
      [/^(\s*)server 127\.0\.0\.1:3000;$/m, `$1server 127.0.0.1:${layout.upstreamPort};`],
      [/\/var\/log\/nginx\//, `${dir}/logs/`],
    ],
    NGINX_FILE,
  );
  const listens = site.match(/^\s*listen .*$/gm) ?? [];
  if (listens.some((line) => !line.trim().startsWith('listen 127.0.0.1:')))
    throw new Error(`a listen line was not moved to 127.0.0.1: ${listens.join(' / ')}`);
  await writeFile(path.join(dir, 'garage-site.conf'), site);
  // The http-level settings of Debian's /etc/nginx/nginx.conf that the site file meets there
  // (gzip on, among them), and the folders nginx needs, inside the test's folder.
  const main = path.join(dir, 'nginx.conf');
  await writeFile(
    main,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log;
events { worker_connections 512; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${dir}/logs/access.log;
  gzip on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/garage-site.conf;
}
`,
  );
  return main;
}

/** `nginx -t` on a main file: its exit status and what it printed. */
export function nginxTest(main: string, dir: string): { status: number | null; output: string } {
  const nginx = requireTool('nginx', 'nginx');
  const result = spawnSync(nginx, ['-t', '-c', main, '-p', dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

export async function startNginx(layout: NginxLayout): Promise<RunningProxy> {
  const nginx = requireTool('nginx', 'nginx');
  const main = await writeNginxConfig(layout);
  const child = spawn(nginx, ['-c', main, '-p', layout.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  await waitForPort(layout.httpsPort, child, () => output);
  const logs = path.join(layout.dir, 'logs');
  return {
    site: { protocol: 'https:', port: layout.httpsPort, host: 'garage-exemple.fr' },
    plainHttp: { protocol: 'http:', port: layout.httpPort, host: 'garage-exemple.fr' },
    async logs() {
      const files = await readdir(logs);
      const texts = await Promise.all(files.map((f) => readFile(path.join(logs, f), 'utf8')));
      return output + texts.join('\n');
    },
    // SIGQUIT: nginx's graceful shutdown, which also writes the logs out.
    stop: stopper(child, 'SIGQUIT'),
  };
}

// ---------------------------------------------------------------- Caddy

export const CADDY_FILE = path.join(DEPLOY, 'Caddyfile');

/** Caddy keeps certificates and its last configuration under these folders. */
export function caddyEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
}

/**
 * The shipped Caddyfile over plain HTTP on one port of 127.0.0.1 (no certificate can be had in
 * a test), without the admin endpoint, in front of the server's port.
 */
export async function writeCaddyfile(dir: string, port: number, upstreamPort: number) {
  const text = substitute(
    await readFile(CADDY_FILE, 'utf8'),
    [
      [/^\{$/m, '{\n\tadmin off\n\tdefault_bind 127.0.0.1'],
      [/^garage-exemple\.fr \{$/m, `http://garage-exemple.fr:${port} {`],
      [/^www\.garage-exemple\.fr \{$/m, `http://www.garage-exemple.fr:${port} {`],
      [/reverse_proxy 127\.0\.0\.1:3000 /, `reverse_proxy 127.0.0.1:${upstreamPort} `],
    ],
    CADDY_FILE,
  );
  const file = path.join(dir, 'Caddyfile');
  await writeFile(file, text);
  return file;
}

export async function startCaddy(
  dir: string,
  port: number,
  upstreamPort: number,
): Promise<RunningProxy> {
  const caddy = requireTool('caddy', 'caddy');
  const file = await writeCaddyfile(dir, port, upstreamPort);
  const child = spawn(caddy, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: caddyEnv(dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  await waitForPort(port, child, () => output);
  return {
    site: { protocol: 'http:', port, host: 'garage-exemple.fr' },
    logs: async () => output,
    stop: stopper(child, 'SIGTERM'),
  };
}
