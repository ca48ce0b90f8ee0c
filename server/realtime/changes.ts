import { isPgError, type Database, type RequestIdentity } from '../db/database.ts';
import { ident } from '../rest/sql.ts';
import { describeError, log } from '../log.ts';
import { TableCatalog, type TableInfo } from './catalog.ts';
import { filterKey, SQL_OPERATORS, type ChangeFilter } from './filters.ts';

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
    const base = await this.#readAsOwner(info, change, [...filters.values()]);
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
        if (!(await this.#deleteVisible(info, identity, oldRecord ?? {}))) continue;
      } else {
        record = await this.#readAs(info, identity, change.keys ?? {});
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

  /** The row's filters evaluated by Postgres in the columns' types (a DELETE: on its keys only). */
  async #readAsOwner(
    info: TableInfo,
    change: Notification,
    filters: ChangeFilter[],
  ): Promise<{ matches: (boolean | null)[] } | undefined> {
    const params: unknown[] = [];
    const exprs = filters.map((f) => filterSql(info, f, params));
    // As JSON text: the drivers hand arrays back differently.
    const list = `array_to_json(${exprs.length > 0 ? `array[${exprs.join(', ')}]` : 'array[]::boolean[]'})::text`;
    params.push(JSON.stringify(change.type === 'DELETE' ? change.old_keys : change.keys));
    const keysParam = `$${params.length}::jsonb`;
    const sql =
      change.type === 'DELETE'
        ? `select ${list} as matches from jsonb_populate_record(null::${info.rel}, ${keysParam}) t`
        : `select ${list} as matches from ${info.rel} t, jsonb_populate_record(null::${info.rel}, ${keysParam}) k where ${keyMatch(info)}`;
    const { rows } = await this.db.transaction((tx) => tx.query<{ matches: string }>(sql, params));
    return rows[0] && { matches: JSON.parse(rows[0].matches) as (boolean | null)[] };
  }

  /** The row as `identity` may read it, or null when RLS or a grant hides it. */
  async #readAs(
    info: TableInfo,
    identity: RequestIdentity,
    keys: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    try {
      const { rows } = await this.db.asRequest(identity, (tx) =>
        tx.query<{ record: string | Record<string, unknown> }>(
          `select to_jsonb(t)::text as record from ${info.rel} t,
                  jsonb_populate_record(null::${info.rel}, $1::jsonb) k where ${keyMatch(info)}`,
          [JSON.stringify(keys)],
        ),
      );
      const record = rows[0]?.record;
      if (record === undefined) return null;
      return typeof record === 'string' ? (JSON.parse(record) as Record<string, unknown>) : record;
    } catch (error) {
      if (isPgError(error) && error.code === '42501') return null;
      throw error;
    }
  }

  /**
   * Whether a deleted row could have been read: the role holds SELECT on the table, and the
   * table's SELECT policies for that role pass on the row's keys (its other columns are gone, so
   * a policy that needs them does not pass). Stricter than hosted Supabase, which sends every
   * DELETE to every subscriber of the table.
   */
  async #deleteVisible(
    info: TableInfo,
    identity: RequestIdentity,
    keys: Record<string, unknown>,
  ): Promise<boolean> {
    try {
      return await this.db.asRequest(identity, async (tx) => {
        const { rows: privilege } = await tx.query<{ ok: boolean }>(
          `select has_table_privilege($1, 'select') as ok`,
          [info.rel],
        );
        if (!privilege[0]?.ok) return false;
        if (!info.rowSecurity || identity.role === 'service_role') return true;
        const { rows: policies } = await tx.query<{ permissive: boolean; qual: string | null }>(
          `select p.polpermissive as permissive, pg_get_expr(p.polqual, p.polrelid) as qual
             from pg_policy p
            where p.polrelid = $1::regclass and p.polcmd in ('r', '*')
              and (0::oid = any(p.polroles)
                   or exists (select 1 from pg_roles r where r.oid = any(p.polroles) and r.rolname = $2))`,
          [info.rel, identity.role],
        );
        const permissive = policies.filter((p) => p.permissive).map((p) => `(${p.qual ?? 'true'})`);
        if (permissive.length === 0) return false;
        const restrictive = policies
          .filter((p) => !p.permissive)
          .map((p) => `(${p.qual ?? 'true'})`);
        const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
        const { rows } = await tx.query<{ ok: boolean }>(
          `select exists (select 1 from jsonb_populate_record(null::${info.rel}, $1::jsonb) as ${ident(info.table)}
                           where ${condition}) as ok`,
          [JSON.stringify(keys)],
        );
        return rows[0]?.ok === true;
      });
    } catch {
      return false;
    }
  }
}

function keyMatch(info: TableInfo): string {
  return info.keys.map((k) => `t.${ident(k)} = k.${ident(k)}`).join(' and ') || 'false';
}

/** One filter as SQL on `t`, its value a parameter cast to the column's type. */
function filterSql(info: TableInfo, filter: ChangeFilter, params: unknown[]): string {
  const column = info.columns.find((c) => c.name === filter.column);
  if (!column) return 'false';
  if (filter.op === 'in') {
    params.push(JSON.stringify(filter.value));
    return `t.${ident(column.name)} = any(array(select cast(v as ${column.sqlType}) from jsonb_array_elements_text($${params.length}::jsonb) v))`;
  }
  params.push(filter.value);
  return `t.${ident(column.name)} ${SQL_OPERATORS[filter.op]} cast($${params.length}::text as ${column.sqlType})`;
}

/** Checks a binding against the catalog at join: the reason it is refused, or undefined. */
export async function checkBinding(
  db: Database,
  catalog: TableCatalog,
  binding: ChangeBinding,
): Promise<string | undefined> {
  if (binding.table === undefined || binding.table === '*') {
    return binding.filter ? 'A filter needs a table' : undefined;
  }
  if (binding.schema === '*') return undefined;
  const info = await catalog.get(binding.schema, binding.table);
  if (!info) return `Table ${binding.schema}.${binding.table} does not exist`;
  if (!binding.filter) return undefined;
  const column = info.columns.find((c) => c.name === binding.filter!.column);
  if (!column) return `Invalid column for filter ${binding.filter.column}`;
  const values = Array.isArray(binding.filter.value)
    ? binding.filter.value
    : [binding.filter.value];
  try {
    await db.transaction((tx) =>
      tx.query(`select cast(v as ${column.sqlType}) from jsonb_array_elements_text($1::jsonb) v`, [
        JSON.stringify(values),
      ]),
    );
  } catch {
    return `Invalid value for filter on ${column.name} (${column.sqlType})`;
  }
  return undefined;
}

export { TableCatalog };
