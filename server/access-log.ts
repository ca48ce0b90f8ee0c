import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeAddress } from './client-address.ts';
import { log } from './log.ts';

/**
 * One JSON line per request once it is answered (or abandoned by the client): method, path
 * without its query (which may hold tokens or search terms), status, duration and bytes sent
 * (headers included).
 * The client's address only when the operator asks for it (LOG_CLIENT_ADDRESS=1): by default the
 * logs hold nothing that identifies a visitor. Request bodies are never logged.
 */
export function accessLogger(options: { clientAddress: boolean; trustProxy: boolean }) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!log.isLevelEnabled('info')) return;
    const started = performance.now();
    // Bytes this request's answer put on the wire, headers included (the socket may have served
    // others before it, one at a time).
    const bytesBefore = req.socket.bytesWritten;
    const done = (aborted: boolean) => {
      const entry: Record<string, unknown> = {
        method: req.method,
        path: (req.url ?? '').split('?')[0],
        status: aborted ? 499 : res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        bytes: req.socket.bytesWritten - bytesBefore,
      };
      if (options.clientAddress) entry.client = clientOf(req, options.trustProxy);
      log.info(entry, aborted ? 'requête abandonnée par le client' : 'requête');
    };
    res.once('finish', () => done(false));
    res.once('close', () => {
      if (!res.writableFinished) done(true);
    });
  };
}

function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .at(-1)
        ?.trim()
    : undefined;
  return normalizeAddress(forwarded || req.socket.remoteAddress || '');
}
