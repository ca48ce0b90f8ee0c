import { randomBytes } from 'node:crypto';
import { encodeMessage, type Message } from './protocol.ts';

/** What the hub needs of a joined channel. */
export interface Member {
  /** `realtime:<name>`, as the client wrote it. */
  readonly topic: string;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly presenceKey: string;
  /** Presence diffs go only to members that turned presence on (at join, or by a track). */
  readonly presenceEnabled: boolean;
  /** Whether this member may receive broadcasts and presence (a private channel's read policies). */
  canReceive(extension: 'broadcast' | 'presence'): boolean;
  send(message: Message): void;
  sendText(text: string): void;
  sendBinary(data: Buffer): void;
}

/** A broadcast on its way to another process: the frame as the members receive it. */
export interface RelayedBroadcast {
  topic: string;
  isPrivate: boolean;
  /** The text frame, or the binary frame in base64. */
  frame: string;
  binary: boolean;
}

type Metas = { phx_ref: string; [key: string]: unknown }[];

/** A public and a private channel of the same name are two rooms, as on hosted Supabase. */
const roomKey = (topic: string, isPrivate: boolean) =>
  `${isPrivate ? 'private' : 'public'}|${topic}`;

/**
 * The rooms of this process: who is joined to which topic, and each room's presence. Broadcasts
 * also go to the other processes through `relay`; presence stays within one process
 * (docs/decisions/050-realtime.md).
 */
export class Hub {
  readonly #rooms = new Map<string, Set<Member>>();
  readonly #presence = new Map<string, Map<Member, Metas[number]>>();

  add(member: Member): void {
    const key = roomKey(member.topic, member.isPrivate);
    const room = this.#rooms.get(key) ?? new Set();
    room.add(member);
    this.#rooms.set(key, room);
  }

  remove(member: Member): void {
    this.untrack(member);
    const key = roomKey(member.topic, member.isPrivate);
    const room = this.#rooms.get(key);
    room?.delete(member);
    if (room?.size === 0) this.#rooms.delete(key);
  }

  /** Where broadcasts go to reach the other server processes (PostgreSQL: server/realtime/relay.ts). */
  relay: ((broadcast: RelayedBroadcast) => void) | undefined;

  /**
   * Sends a broadcast to the room, in this process and, through the relay, in the others;
   * `from` receives it only if it asked for its own broadcasts.
   */
  broadcast(
    topic: string,
    isPrivate: boolean,
    from: Member | undefined,
    message: Message,
    binary?: Buffer,
  ): void {
    // Encoded once for the whole room.
    const frame = binary ?? encodeMessage(message);
    this.deliver(topic, isPrivate, from, frame);
    this.relay?.({
      topic,
      isPrivate,
      frame: typeof frame === 'string' ? frame : frame.toString('base64'),
      binary: !!binary,
    });
  }

  /** A broadcast frame, already encoded, to this process's members of the room. */
  deliver(
    topic: string,
    isPrivate: boolean,
    from: Member | undefined,
    frame: string | Buffer,
  ): void {
    for (const member of this.#rooms.get(roomKey(topic, isPrivate)) ?? []) {
      if (member === from && !member.selfBroadcast) continue;
      if (!member.canReceive('broadcast')) continue;
      if (typeof frame === 'string') member.sendText(frame);
      else member.sendBinary(frame);
    }
  }

  /** The room's presence, as realtime-js expects `presence_state`. */
  presenceState(member: Member): Record<string, { metas: Metas }> {
    const state: Record<string, { metas: Metas }> = {};
    for (const [other, meta] of this.#presence.get(roomKey(member.topic, member.isPrivate)) ?? []) {
      (state[other.presenceKey] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  track(member: Member, payload: Record<string, unknown>): void {
    const key = roomKey(member.topic, member.isPrivate);
    const room = this.#presence.get(key) ?? new Map<Member, Metas[number]>();
    this.#presence.set(key, room);
    const previous = room.get(member);
    const meta = { ...payload, phx_ref: randomBytes(8).toString('base64url') };
    room.set(member, meta);
    this.#diff(member, { [member.presenceKey]: { metas: [meta] } }, previous);
  }

  untrack(member: Member): void {
    const key = roomKey(member.topic, member.isPrivate);
    const room = this.#presence.get(key);
    const previous = room?.get(member);
    if (!room || !previous) return;
    room.delete(member);
    if (room.size === 0) this.#presence.delete(key);
    this.#diff(member, {}, previous);
  }

  #diff(member: Member, joins: Record<string, { metas: Metas }>, left?: Metas[number]): void {
    const leaves = left ? { [member.presenceKey]: { metas: [left] } } : {};
    for (const other of this.#rooms.get(roomKey(member.topic, member.isPrivate)) ?? []) {
      if (!other.presenceEnabled || !other.canReceive('presence')) continue;
      other.send({
        joinRef: null,
        ref: null,
        topic: member.topic,
        event: 'presence_diff',
        payload: { joins, leaves },
      });
    }
  }
}
