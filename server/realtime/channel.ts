import { randomUUID } from 'node:crypto';
import type { RequestIdentity } from '../db/database.ts';
import type { ChangeBinding, ChangeSubscriber } from './changes.ts';
import type { Member } from './hub.ts';
import type { ChannelPolicies } from './policies.ts';
import type { Message } from './protocol.ts';

/** A binding as the client sent it: echoed back in the join reply, in the same order. */
export interface ClientBinding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

export interface ChannelOptions {
  topic: string;
  joinRef: string | null;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  identity: RequestIdentity;
  tokenExp: number | undefined;
  policies: ChannelPolicies | undefined;
  bindings: ChangeBinding[];
}

/** The socket side a channel writes to. */
export interface Outlet {
  send(message: Message): void;
  /** A message already encoded (one encoding for all the members of a room). */
  sendText(text: string): void;
  sendBinary(data: Buffer): void;
}

/** One joined channel of one socket. */
export class Channel implements Member, ChangeSubscriber {
  readonly topic: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly ackBroadcast: boolean;
  /** Presence is on from the join, or from the first track (as hosted Supabase does). */
  presenceEnabled: boolean;
  readonly presenceKey: string;
  readonly bindings: ChangeBinding[];
  identity: RequestIdentity;
  identityKey: string;
  tokenExp: number | undefined;
  policies: ChannelPolicies | undefined;
  /** The timer that checks the token again. */
  tokenTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly outlet: Outlet,
    options: ChannelOptions,
  ) {
    this.topic = options.topic;
    this.joinRef = options.joinRef;
    this.isPrivate = options.isPrivate;
    this.selfBroadcast = options.selfBroadcast;
    this.ackBroadcast = options.ackBroadcast;
    this.presenceEnabled = options.presenceEnabled;
    this.presenceKey = options.presenceKey || randomUUID();
    this.bindings = options.bindings;
    this.identity = options.identity;
    this.identityKey = identityKey(options.identity);
    this.tokenExp = options.tokenExp;
    this.policies = options.policies;
  }

  /** The channel's name without the `realtime:` prefix, as hosted Supabase reports it. */
  get name(): string {
    return this.topic.startsWith('realtime:') ? this.topic.slice('realtime:'.length) : this.topic;
  }

  setIdentity(identity: RequestIdentity, exp: number | undefined): void {
    this.identity = identity;
    this.identityKey = identityKey(identity);
    this.tokenExp = exp;
  }

  canReceive(extension: 'broadcast' | 'presence'): boolean {
    if (!this.isPrivate) return true;
    return this.policies?.[extension].read === true;
  }

  send(message: Message): void {
    this.outlet.send(message);
  }

  sendText(text: string): void {
    this.outlet.sendText(text);
  }

  sendBinary(data: Buffer): void {
    this.outlet.sendBinary(data);
  }

  deliver(ids: number[], data: string): void {
    // `data` is encoded once for every subscriber of the change.
    this.outlet.sendText(
      `[${JSON.stringify(this.joinRef)},null,${JSON.stringify(this.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":${data}}]`,
    );
  }

  /** hosted Supabase's `system` message (`status: ok` or `error`). */
  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.send({
      joinRef: this.joinRef,
      ref: null,
      topic: this.topic,
      event: 'system',
      payload: { extension, status, message, channel: this.name },
    });
  }

  reply(ref: string | null, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.send({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }
}

export function identityKey(identity: RequestIdentity): string {
  return JSON.stringify([identity.role, identity.claims]);
}
