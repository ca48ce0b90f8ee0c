/**
 * The built server (`dist/.server/main.mjs`, what `npm start` runs) in a child process, over a
 * dataset of bench/scale/dataset.ts, with the per-address limits off: the load of a benchmark
 * comes from one machine at full speed, and those limits are measured by tests, not here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../tests/helpers/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ScaleServer {
  url: string;
  pid: number;
  /** Resident memory of the server process now, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

export async function startScaleServer(env: Record<string, string>): Promise<ScaleServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'dist/.server/main.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DIST_DIR: path.join(ROOT, 'dist'),
      PUBLISH_INTERVAL_MS: '0',
      API_RATE_LIMIT: '0',
      VISIT_RATE_LIMIT: '0',
      VIEW_RATE_LIMIT: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${stderr}`);
    try {
      const response = await fetch(`${url}/robots.txt`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error(`The server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
