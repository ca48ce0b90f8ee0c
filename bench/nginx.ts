/**
 * Debian's nginx serving one HTML file on 127.0.0.1: the reference for the home page's throughput
 * in `npm run bench:web` (what a static file server does on this machine).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  version: string;
  workers: number;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

/** Serves `html` as `/` from `dir`/index.html on 127.0.0.1:`port`. */
export async function startNginx(
  dir: string,
  html: string,
  port: number,
  workers = 1,
): Promise<RunningNginx> {
  const root = path.join(dir, 'root');
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'index.html'), html);
  // nginx's workers run as an unprivileged user when started as root: they must reach the file.
  for (let d = root; d !== path.dirname(d) && d.startsWith(path.dirname(dir)); d = path.dirname(d))
    await chmod(d, 0o755);
  await chmod(path.join(root, 'index.html'), 0o644);
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = / {
      default_type "text/html; charset=utf-8";
      try_files /index.html =404;
    }
  }
}
`,
  );
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim();
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) {
      child.kill('SIGQUIT');
      throw new Error(`nginx did not answer on ${url}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    version: version.replace(/^nginx version: nginx\//, ''),
    workers,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGQUIT: nginx's graceful shutdown of its master and workers.
        child.kill('SIGQUIT');
      }),
  };
}
