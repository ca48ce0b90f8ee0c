/**
 * A flood of POSTs from many client addresses (127.0.1.1 to 127.0.1.250, one keep-alive agent
 * each), `concurrency` in flight at once, run in a process of its own by bench/scale/measure.ts so
 * that it does not share the load generator's event loop. Stops on SIGTERM and prints the number
 * of answers by status as JSON.
 *
 *   node --import tsx bench/scale/flood.ts <url> <concurrency> <json body> <json headers>
 */
import { Agent, request } from 'node:http';

const [url = '', concurrencyText = '64', body = '{}', headersText = '{}'] = process.argv.slice(2);
if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`127.0.0.1 only: ${url}`);
const headers = JSON.parse(headersText) as Record<string, string>;
const statuses: Record<number, number> = {};
let stopped = false;
process.on('SIGTERM', () => (stopped = true));

const agents = Array.from(
  { length: 250 },
  (_, i) => new Agent({ keepAlive: true, localAddress: `127.0.1.${i + 1}` } as never),
);
let sent = 0;
async function worker(): Promise<void> {
  while (!stopped) {
    const agent = agents[sent++ % agents.length]!;
    const status = await new Promise<number>((resolve) => {
      const req = request(url, { method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: Number(concurrencyText) }, worker));
for (const agent of agents) agent.destroy();
process.stdout.write(JSON.stringify(statuses));
