import autocannon from 'autocannon';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: a benchmark with any of these is not a fair figure. */
  bad: number;
}

/** Sends load from this process on 127.0.0.1 only, bounded in connections and time. */
export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url))
    throw new Error(`Benchmarks only target 127.0.0.1: ${url}`);
  const result = await autocannon({ url, connections: 32, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
