import type { Database, RequestIdentity } from '../db/database.ts';
import { describeError, log } from '../log.ts';
import { TableCatalog } from './catalog.ts';
import { deleteVisibleTo, filterResults, readRowAs } from './change-reads.ts';
import { filterKey, type ChangeFilter } from './filters.ts';

/** The NOTIFY channel of realtime.capture_change (server/db/bootstrap.sql). */
export const CHANGES_CHANNEL = 'realtime_changes';
/** Notifications waiting to be processed at most; beyond, they are dropped and logged. */
const MAX_PENDING = 10_000;

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeBinding {
  id: number;
  event: '*' | ChangeEvent;
  schema: string;
  table?: string;
  filter?: ChangeFilter;
}

/** A joined channel with postgres_changes bindings. */
export interface ChangeSubscriber {
  identity: RequestIdentity;
  /** Equal for subscribers whose role and claims are equal: they are authorized together. */
  identityKey: string;
  bindings: readonly ChangeBinding[];
  /** `data`: the change's JSON, encoded once for all its subscribers. */
  deliver(ids: number[], data: string): void;
}

interface Notification {
  schema: string;
  table: string;
  type: ChangeEvent;
  at: string;
  keys?: Record<string, unknown> | null;
  old_keys?: Record<string, unknown> | null;
  too_large?: boolean;
}

function matches(binding: ChangeBinding, change: Notification): boolean {
  return (
    (binding.schema === '*' || binding.schema === change.schema) &&
    (binding.table === undefined || binding.table === '*' || binding.table === change.table) &&
    (binding.event === '*' || binding.event === change.type)
  );
}

/**
 * Postgres changes, as hosted Supabase Realtime delivers them, from the keys the capture trigger
 * notifies after commit: each INSERT or UPDATE is read again under each group of identical claims,
 * so a subscriber receives a row only if its token may SELECT it (RLS); a DELETE carries the
 * primary key only. docs/decisions/050-realtime.md.
 */
export class ChangeFeed {
  readonly catalog: TableCatalog;
  #chain: Promise<void> = Promise.resolve();
  #pending = 0;
  #stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly subscribers: () => Iterable<ChangeSubscriber>,
  ) {
    this.catalog = new TableCatalog(db);
  }

  start(): void {
    this.#stop = this.db.listen(CHANGES_CHANNEL, (payload) => this.#enqueue(payload));
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    await this.#chain;
  }

  /** Resolves once every notification received so far is processed. */
  idle(): Promise<void> {
    return this.#chain;
  }

  #enqueue(payload: string): void {
    if (this.#pending >= MAX_PENDING) {
      log.warn('Temps réel : trop de modifications en attente, une modification est ignorée.');
      return;
    }
    let change: Notification;
    try {
      change = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    this.#pending += 1;
    this.#chain = this.#chain
      .then(() => this.#process(change))
      .catch((error: unknown) =>
        log.warn(`Temps réel : modification non diffusée : ${describeError(error)}`),
      )
      .finally(() => {
        this.#pending -= 1;
      });
  }

  async #process(change: Notification): Promise<void> {
    const interested: { subscriber: ChangeSubscriber; bindings: ChangeBinding[] }[] = [];
    for (const subscriber of this.subscribers()) {
      const bindings = subscriber.bindings.filter((b) => matches(b, change));
      if (bindings.length > 0) interested.push({ subscriber, bindings });
    }
    if (interested.length === 0) return;
    if (change.too_large) {
      log.warn(`Temps réel : clé trop grande pour ${change.schema}.${change.table}, ignorée.`);
      return;
    }
    const info = await this.catalog.get(change.schema, change.table);
    if (!info) return;

    const filters = new Map<string, ChangeFilter>();
    for (const { bindings } of interested)
      for (const b of bindings) if (b.filter) filters.set(filterKey(b.filter), b.filter);
    const base = await filterResults(this.db, info, change, [...filters.values()]);
    if (!base) return; // the row is gone already: its DELETE follows
    const passed = new Map([...filters.keys()].map((key, i) => [key, base.matches[i] === true]));

    const groups = new Map<string, { identity: RequestIdentity; members: typeof interested }>();
    for (const entry of interested) {
      const bindings = entry.bindings.filter((b) => !b.filter || passed.get(filterKey(b.filter)));
      if (bindings.length === 0) continue;
      const group = groups.get(entry.subscriber.identityKey) ?? {
        identity: entry.subscriber.identity,
        members: [],
      };
      group.members.push({ subscriber: entry.subscriber, bindings });
      groups.set(entry.subscriber.identityKey, group);
    }

    const columns = info.columns.map((c) => ({ name: c.name, type: c.type }));
    const oldRecord = change.type === 'INSERT' ? null : (change.old_keys ?? null);
    for (const { identity, members } of groups.values()) {
      let record: Record<string, unknown> | null = null;
      if (change.type === 'DELETE') {
        if (!(await deleteVisibleTo(this.db, info, identity, oldRecord ?? {}))) continue;
      } else {
        record = await readRowAs(this.db, info, identity, change.keys ?? {});
        if (!record) continue;
      }
      const data = JSON.stringify({
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.at,
        type: change.type,
        columns,
        record,
        old_record: oldRecord,
        errors: null,
      });
      for (const { subscriber, bindings } of members)
        subscriber.deliver(
          bindings.map((b) => b.id),
          data,
        );
    }
  }
}

export { TableCatalog };
