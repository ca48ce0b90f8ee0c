import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey, normalizeAddress } from './client-address.ts';
import { describeError, log } from './log.ts';

/** Headers must all have arrived this soon after the connection opened. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included: generous for a photo sent from a phone on a slow network. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A connection on which nothing moves in either direction is closed after this. */
export const IDLE_TIMEOUT_MS = 60_000;
/** How often Node checks the two time limits above (its default, 30 s, would let them slip). */
const CHECK_INTERVAL_MS = 1_000;
/** File descriptors kept for the database, the site's files and the logs. */
const RESERVED_FILES = 64;

/** The process's limit on open files (`ulimit -n`), when the system says it. */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bounds what slow or idle clients can hold (with SERVER_OPTIONS given to createServer): time
 * limits on headers, on whole requests and on idle connections; at most `maxPerAddress` open connections per client address (0: none); and no
 * more connections in all than the open-files limit leaves room for, so that the database and
 * the site's files always have file descriptors. Connections over a bound are closed at once,
 * before any request is read.
 */
/** The options of `createServer` that only take effect when given there. */
export const SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
} as const;

export function guardConnections(server: Server, maxPerAddress: number): void {
  server.setTimeout(IDLE_TIMEOUT_MS, (socket) => socket.destroy());
  const files = openFilesLimit();
  if (files) server.maxConnections = Math.max(16, files - RESERVED_FILES);

  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (maxPerAddress <= 0) return;
    const key = addressKey(normalizeAddress(socket.remoteAddress ?? ''));
    const count = (open.get(key) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });

  // A client that sends garbage, too slowly, or goes away: one line, never a stack trace; at
  // debug level, since a flood of them is exactly what an attack looks like.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const gone = error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable;
    log.debug({ code: error.code }, `Connexion client interrompue : ${describeError(error)}`);
    if (gone) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    // As Node's own handler does: a word if nothing was sent yet, then closed from this side at
    // once (a slow client would never close its own).
    if (socket.bytesWritten === 0)
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  });
}
