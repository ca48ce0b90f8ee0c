import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP request as a browser sends it, and the answer before any decompression. A target
 * given as a port and a path goes to 127.0.0.1 with that path exactly as written (a URL string
 * would have its dot segments resolved first).
 */
export function rawRequest(
  target: string | { port: number; path: string },
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    };
    const req =
      typeof target === 'string'
        ? request(target, { method, headers }, onAnswer)
        : request({ host: '127.0.0.1', ...target, method, headers }, onAnswer);
    req.on('error', reject);
    req.end();
  });
}
