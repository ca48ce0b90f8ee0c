import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RealtimeLimits } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SessionLiveness } from '../auth/session-liveness.ts';
import { addressKey, normalizeAddress } from '../client-address.ts';
import { ChangeFeed } from './changes.ts';
import { Connection } from './connection.ts';
import { Hub } from './hub.ts';
import { relayBroadcasts } from './relay.ts';
import { isPostgres } from '../db/postgres.ts';
import { checkToken } from './tokens.ts';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';
/** How often idle sockets are looked for. */
const IDLE_CHECK_MS = 1000;

export interface RealtimeOptions {
  db: Database;
  secret: string;
  sessions: SessionLiveness;
  limits: RealtimeLimits;
  trustProxy: boolean;
}

/**
 * Supabase's fourth service for the self-hosted server: the realtime socket realtime-js connects
 * to (broadcast, presence, postgres changes), within the bounds of RealtimeLimits.
 * docs/decisions/050-realtime.md.
 */
export class RealtimeService {
  readonly db: Database;
  readonly secret: string;
  readonly sessions: SessionLiveness;
  readonly limits: RealtimeLimits;
  readonly hub = new Hub();
  readonly feed: ChangeFeed;
  readonly #connections = new Map<Connection, string>();
  readonly #perAddress = new Map<string, number>();
  readonly #wss: WebSocketServer;
  readonly #idleTimer: NodeJS.Timeout;
  readonly #trustProxy: boolean;
  readonly #stopRelay: (() => Promise<void>) | undefined;

  constructor(options: RealtimeOptions) {
    this.db = options.db;
    this.secret = options.secret;
    this.sessions = options.sessions;
    this.limits = options.limits;
    this.#trustProxy = options.trustProxy;
    // Frames up to 4× the payload limit are read and answered with an error; bigger ones end the
    // socket (close code 1009) before they are held in memory.
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.limits.maxPayloadBytes * 4,
      perMessageDeflate: false,
    });
    this.feed = new ChangeFeed(this.db, () => this.#subscribers());
    this.feed.start();
    this.#stopRelay = isPostgres(this.db) ? relayBroadcasts(this.db, this.hub) : undefined;
    this.#idleTimer = setInterval(() => this.#closeIdle(), IDLE_CHECK_MS);
    this.#idleTimer.unref();
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Takes the WebSocket upgrades of `server` for WEBSOCKET_PATH; any other upgrade is refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.#upgrade(req, socket, head).catch(() => socket.destroy());
    });
  }

  async #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/$/, '') !== WEBSOCKET_PATH) return refuse(socket, 404, 'Not Found');
    // Phoenix's JSON arrays, as realtime-js 2 speaks; 1.0.0's objects are not understood here.
    if (url.searchParams.get('vsn') !== '2.0.0') return refuse(socket, 400, 'Bad Request');
    const apiKey = url.searchParams.get('apikey') ?? headerValue(req, 'apikey') ?? '';
    const checked = await checkToken(apiKey, this.secret, this.sessions);
    if (!checked.ok) return refuse(socket, 403, 'Forbidden');
    const address = this.#address(req);
    const fromAddress = this.#perAddress.get(address) ?? 0;
    if (
      this.#connections.size >= this.limits.maxConnections ||
      (this.limits.maxConnectionsPerAddress > 0 &&
        fromAddress >= this.limits.maxConnectionsPerAddress)
    )
      return refuse(socket, 429, 'Too Many Requests');
    // Counted before the handshake ends, so that a burst of upgrades cannot pass the limits.
    this.#perAddress.set(address, fromAddress + 1);
    const placeholder = {} as Connection;
    this.#connections.set(placeholder, address);
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      this.#connections.delete(placeholder);
      const connection = new Connection(ws, this, apiKey);
      this.#connections.set(connection, address);
    });
    socket.once('close', () => {
      if (this.#connections.delete(placeholder)) this.#release(address);
    });
  }

  /** Called by a connection once its socket closed. */
  forget(connection: Connection): void {
    const address = this.#connections.get(connection);
    if (address === undefined) return;
    this.#connections.delete(connection);
    this.#release(address);
  }

  #release(address: string): void {
    const left = (this.#perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.#perAddress.set(address, left);
    else this.#perAddress.delete(address);
  }

  #address(req: IncomingMessage): string {
    if (this.#trustProxy) {
      const forwarded = headerValue(req, 'x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return addressKey(normalizeAddress(forwarded));
    }
    return addressKey(normalizeAddress(req.socket.remoteAddress ?? ''));
  }

  *#subscribers() {
    for (const connection of this.#connections.keys())
      for (const channel of connection.channels?.values() ?? [])
        if (channel.bindings.length > 0) yield channel;
  }

  #closeIdle(): void {
    const before = Date.now() - this.limits.idleTimeoutMs;
    for (const connection of this.#connections.keys())
      if (connection.lastSeen !== undefined && connection.lastSeen < before)
        connection.close(1000, 'idle');
  }

  /** Closes every socket (the server is stopping) and stops following changes. */
  async close(): Promise<void> {
    clearInterval(this.#idleTimer);
    for (const connection of this.#connections.keys()) connection.close?.(1001, 'server stopping');
    this.#wss.close();
    await this.#stopRelay?.();
    await this.feed.stop();
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.writable)
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
