import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { App } from './app.ts';
import {
  answerFor,
  selectEncoding,
  type PageAnswer,
  type PreparedPage,
} from './render/prepared-page.server.ts';
import { answerStatic } from './static-files.ts';

/**
 * Request targets and hosts that the URL parser leaves as they are (the target's characters are
 * those of @hono/node-server's own shortcut), so that the target is the pathname the Hono path
 * sees. Anything else (a query, an escape, a dot segment, an upper-case or odd host) goes the
 * ordinary way. The cache's keys are paths: the Host header never picks or makes a page.
 */
const PLAIN_TARGET = /^\/[!$&-;=@-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
const PLAIN_HOST = /^[a-z0-9.-]+(?::([1-9]\d{0,4}))?$/;

/** Whether the Hono path would accept that host as it is. */
function plainHost(host: string | undefined): boolean {
  const match = host === undefined ? null : PLAIN_HOST.exec(host);
  return match !== null && Number(match[1] ?? 0) <= 65535;
}

/**
 * Sends a built file or a cached server-rendered page straight from the Node request listener,
 * without the Hono pipeline: a GET or HEAD of a file loaded in memory, or of a page in the cache
 * once it is known to be fresh (at once on PGlite, after the shared one-row read over
 * PostgreSQL). The answer is the one the Hono path sends for the same request (the prepared
 * answers hold their headers, the middlewares' ones included; tests/integration/page-fast-path.test.ts
 * compares them). Every other request, having been sent nothing, goes to `next`.
 */
export function serveFromMemory({
  cachedPage,
  staticFile,
}: Pick<App, 'cachedPage' | 'staticFile'>): (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void {
  return (req, res, next) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const target = req.url;
    if (target === undefined || !plainHost(req.headers.host) || (req.socket as TLSSocket).encrypted)
      return next();
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return next();
    const send = (answer: PageAnswer) => {
      res.writeHead(answer.status, answer.headers);
      res.end(method === 'HEAD' ? undefined : (answer.body ?? undefined));
    };
    const file = staticFile(target);
    if (file)
      return send(answerStatic(file, req.headers['accept-encoding'], req.headers['if-none-match']));
    const encoding = selectEncoding(req.headers['accept-encoding']);
    if (encoding === 'deflate') return next();
    const sendPage = (page: PreparedPage | undefined) =>
      page ? send(answerFor(page, encoding === 'gzip', req.headers['if-none-match'])) : next();
    const page = cachedPage(target);
    if (!(page instanceof Promise)) return sendPage(page);
    // A failed read goes the ordinary way, which reads again and answers its error.
    page.then(sendPage, next);
  };
}
