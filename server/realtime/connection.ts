import type { WebSocket } from 'ws';
import { describeError, log } from '../log.ts';
import { Channel } from './channel.ts';
import { joinChannel } from './join.ts';
import { broadcast, presence, updateToken } from './channel-messages.ts';
import { decodeFrame, encodeMessage, type Message } from './protocol.ts';
import { PerSecond } from './per-second.ts';
import type { RealtimeService } from './service.ts';
import { checkToken, tokenOf } from './tokens.ts';

/** Beyond this many times the message rate in one second, the socket itself is closed. */
const FLOOD_FACTOR = 10;

/** One realtime socket: its channels, its rates, and the messages of realtime-js. */
export class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  readonly #events = new PerSecond();
  readonly #joins = new PerSecond();
  #chain: Promise<void> = Promise.resolve();
  #pending = 0;
  #closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly service: RealtimeService,
    /** The apikey's identity: a channel's role when its join carries no access token. */
    readonly apiKey: string,
  ) {
    ws.on('message', (data, isBinary) => this.#receive(data as Buffer, isBinary));
    ws.on('close', () => this.#cleanUp());
    ws.on('error', () => ws.terminate());
  }

  get limits() {
    return this.service.limits;
  }

  send(message: Message): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeMessage(message));
  }

  sendText(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  sendBinary(data: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(data, { binary: true });
  }

  close(code = 1001, reason = ''): void {
    this.ws.close(code, reason);
    // A peer that never answers the closing handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  #receive(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const count = this.#events.hit();
    if (count > this.limits.maxEventsPerSecond * FLOOD_FACTOR) {
      this.ws.terminate();
      return;
    }
    if (count > this.limits.maxEventsPerSecond) {
      // Once per second: every channel of the socket ends with hosted Supabase's message.
      if (count === this.limits.maxEventsPerSecond + 1)
        for (const channel of [...this.channels.values()])
          this.shutDown(channel, 'Too many messages per second');
      return;
    }
    const message = decodeFrame(data, isBinary);
    if (!message) return;
    if (data.length > this.limits.maxPayloadBytes) {
      this.#tooLarge(message);
      return;
    }
    if (this.#pending >= this.limits.maxEventsPerSecond) return;
    this.#pending += 1;
    this.#chain = this.#chain
      .then(() => this.#handle(message))
      .catch((error: unknown) =>
        log.warn(`Temps réel : message non traité : ${describeError(error)}`),
      )
      .finally(() => {
        this.#pending -= 1;
      });
  }

  #tooLarge(message: Message): void {
    const channel = this.channels.get(message.topic);
    const reason = `Payload too large: at most ${this.limits.maxPayloadBytes} bytes`;
    if (message.ref !== null)
      this.send({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason } },
      });
    channel?.system(message.event === 'presence' ? 'presence' : 'broadcast', 'error', reason);
  }

  async #handle(message: Message): Promise<void> {
    if (this.#closed) return;
    const { topic, event, ref } = message;
    if (topic === 'phoenix') {
      if (event === 'heartbeat')
        this.send({
          joinRef: null,
          ref,
          topic,
          event: 'phx_reply',
          payload: { status: 'ok', response: {} },
        });
      return;
    }
    if (event === 'phx_join') {
      if (this.#joins.hit() > this.limits.maxJoinsPerSecond) {
        this.#refuse(message, 'ClientJoinRateLimitReached: Too many joins per second');
        return;
      }
      const previous = this.channels.get(topic);
      if (previous) this.#remove(previous);
      if (this.channels.size >= this.limits.maxChannelsPerConnection) {
        this.#refuse(message, 'ChannelRateLimitReached: Too many channels');
        return;
      }
      const joined = await joinChannel(this.service, this, message);
      if (this.#closed) return;
      if ('reason' in joined) {
        this.#refuse(message, joined.reason);
        return;
      }
      this.#add(joined.channel);
      joined.after();
      return;
    }
    const channel = this.channels.get(topic);
    if (!channel) {
      this.#refuse(message, 'unmatched topic');
      return;
    }
    switch (event) {
      case 'phx_leave':
        this.#remove(channel);
        channel.reply(ref, 'ok');
        return;
      case 'access_token':
        await updateToken(this, channel, message.payload);
        return;
      case 'broadcast':
        await broadcast(this, channel, message);
        return;
      case 'presence':
        await presence(this, channel, message);
        return;
      default:
        return;
    }
  }

  #refuse(message: Message, reason: string): void {
    this.send({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: 'phx_reply',
      payload: { status: 'error', response: { reason } },
    });
  }

  #add(channel: Channel): void {
    this.channels.set(channel.topic, channel);
    this.service.hub.add(channel);
    this.scheduleTokenCheck(channel);
  }

  #remove(channel: Channel): void {
    clearTimeout(channel.tokenTimer);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.service.hub.remove(channel);
  }

  /** Ends a channel with hosted Supabase's `system` error, then `phx_close`. */
  shutDown(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.#remove(channel);
    channel.system('system', 'error', reason);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
  }

  /** Checks the token again at its expiry and every tokenCheckMs (ended sessions). */
  scheduleTokenCheck(channel: Channel): void {
    clearTimeout(channel.tokenTimer);
    const untilExpiry =
      channel.tokenExp === undefined ? Infinity : channel.tokenExp * 1000 - Date.now() + 1;
    const delay = Math.max(0, Math.min(this.limits.tokenCheckMs, untilExpiry));
    channel.tokenTimer = setTimeout(() => {
      void this.#enqueue(() => this.#recheck(channel));
    }, delay);
    channel.tokenTimer.unref();
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    this.#chain = this.#chain
      .then(work)
      .catch((error: unknown) =>
        log.warn(`Temps réel : vérification non faite : ${describeError(error)}`),
      );
    return this.#chain;
  }

  async #recheck(channel: Channel): Promise<void> {
    if (this.channels.get(channel.topic) !== channel) return;
    const token = tokenOf(channel.identity) ?? this.apiKey;
    const checked = await checkToken(token, this.service.secret, this.service.sessions);
    if (!checked.ok) {
      this.shutDown(channel, checked.message);
      return;
    }
    this.scheduleTokenCheck(channel);
  }

  #cleanUp(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const channel of [...this.channels.values()]) this.#remove(channel);
    this.service.forget(this);
  }
}
