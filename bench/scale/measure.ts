/** The measuring tools of `npm run bench:scale`: timed requests, loads, and loads side by side. */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';

export interface Timed {
  status: number;
  ms: number;
  /** Bytes of the body as sent (compressed when it was). */
  bytes: number;
  body: Buffer;
}

/** One request, timed from sending to the last byte; the body as it came over the wire. */
export function timed(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  } = {},
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode!,
            ms: performance.now() - started,
            bytes: body.length,
            body,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `n` requests one after the other; their times, failing on any status but 2xx. */
export async function series(
  n: number,
  url: (i: number) => string,
  init: Parameters<typeof timed>[1] = {},
): Promise<{ times: number[]; last: Timed }> {
  const times: number[] = [];
  let last: Timed | undefined;
  for (let i = 0; i < n; i++) {
    last = await timed(url(i), init);
    if (last.status < 200 || last.status > 299)
      throw new Error(`${url(i)}: HTTP ${last.status} ${last.body.toString().slice(0, 300)}`);
    times.push(last.ms);
  }
  return { times, last: last! };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/** autocannon, on 127.0.0.1 only, bounded in connections and time. */
export async function loadOn(
  url: string,
  seconds: number,
  options: { headers?: Record<string, string>; connections?: number } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`127.0.0.1 only: ${url}`);
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: seconds,
    headers: options.headers ?? {},
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Runs `side` over and over while autocannon loads `url`, and the load's figures: how a page
 * fares while other work (slow requests, a flood) goes on. `side` must return when asked to stop.
 */
export async function loadWhile(
  url: string,
  seconds: number,
  side: (stopped: () => boolean) => Promise<unknown>,
  options: { connections?: number } = {},
): Promise<LoadResult> {
  let stop = false;
  const running = side(() => stop);
  try {
    return await loadOn(url, seconds, { connections: options.connections ?? 8 });
  } finally {
    stop = true;
    await running;
  }
}

/**
 * A flood of POSTs from many client addresses, in a process of its own (bench/scale/flood.ts),
 * until `stopped()`; the number of answers by status.
 */
export async function floodFromManyAddresses(
  url: string,
  body: string,
  headers: Record<string, string>,
  concurrency: number,
  stopped: () => boolean,
): Promise<Record<number, number>> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'flood.ts'),
      url,
      String(concurrency),
      body,
      JSON.stringify(headers),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  while (!stopped()) await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill('SIGTERM');
  await exited;
  return JSON.parse(out || '{}') as Record<number, number>;
}
