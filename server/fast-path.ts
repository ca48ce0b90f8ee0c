import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { App } from './app.ts';
import { answerFor, selectEncoding } from './render/prepared-page.server.ts';

/**
 * Request targets and hosts that @hono/node-server turns into a URL by plain concatenation (the
 * same patterns as its own shortcut), so that `http://${host}` is the URL's origin and the target
 * its pathname. Anything else (a query, an escape, a dot segment, an upper-case or odd host) goes
 * the ordinary way; so does a host or path written differently from the cache's keys.
 */
const PLAIN_TARGET = /^\/[!$&-;=@-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * Sends a cached server-rendered page straight from the Node request listener, without the Hono
 * pipeline: a GET or HEAD whose page is in the cache and known to be fresh without asking the
 * database. The answer is the one the Hono path sends for the same page (the prepared page holds
 * its headers, the middlewares' ones included; tests/integration/page-fast-path.test.ts compares
 * them). Returns false, having sent nothing, for every other request.
 */
export function servePreparedPage(
  cachedPage: App['cachedPage'],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = req.url;
    const host = req.headers.host;
    if (target === undefined || host === undefined || (req.socket as TLSSocket).encrypted)
      return false;
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || !PLAIN_HOST.test(host))
      return false;
    const page = cachedPage(`http://${host}`, target);
    if (!page) return false;
    const encoding = selectEncoding(req.headers['accept-encoding']);
    if (encoding === 'deflate') return false;
    const answer = answerFor(page, encoding === 'gzip', req.headers['if-none-match']);
    res.writeHead(answer.status, answer.headers);
    res.end(method === 'HEAD' ? undefined : (answer.body ?? undefined));
    return true;
  };
}
