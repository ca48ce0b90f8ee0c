import { aggregateSql, type AggregateRow, toResultSet } from './aggregate.ts';
import type { Table } from './catalog.ts';
import { notSingular, RestError, unsupported } from './errors.ts';
import { contentType, negotiate } from './negotiate.ts';
import { readJsonBody } from './parse-headers.ts';
import { parseQuery } from './parse-query.ts';
import { payloadColumns, payloadRowsSql } from './payload.ts';
import { appliedHeader, checkStrict, parsePrefer, type Preferences } from './prefer.ts';
import { projection } from './projection.ts';
import type { RestRequest } from './request.ts';
import { contentRange, respond } from './response.ts';
import { checkColumns, ident, Params, qualified, selectColumns } from './sql.ts';

// PostgREST's way of telling new rows from merged ones without reading them back: every row
// offered counts +1, every row that took the DO UPDATE branch counts -1.
const INSERTED = "coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)";
const COUNT_UP = `set_config('pgrst.inserted', (${INSERTED} + 1)::text, true) <> '0'`;
const COUNT_DOWN = `set_config('pgrst.inserted', (${INSERTED} - 1)::text, true) <> '-1'`;

function conflictTarget(table: Table, prefs: Preferences, onConflict: string[] | null): string[] {
  if (!prefs.resolution) return [];
  for (const c of onConflict ?? []) {
    if (!table.byName.has(c)) throw new RestError(400, '42703', `column "${c}" does not exist`);
  }
  return onConflict ?? table.primaryKey;
}

/** The `Location` of a single inserted row, from its primary key (`return=headers-only`). */
function location(table: Table, body: string): string | null {
  const rows = JSON.parse(body || '[]') as Record<string, unknown>[];
  if (rows.length !== 1 || table.primaryKey.length === 0) return null;
  const filters = table.primaryKey.map((k) => {
    const v = rows[0]![k];
    return v === null || v === undefined
      ? `${k}=is.null`
      : `${k}=eq.${typeof v === 'string' ? v : JSON.stringify(v)}`;
  });
  return `/${table.name}?${filters.join('&')}`;
}

/** POST on a table: insert, or upsert with `Prefer: resolution=...`. */
export async function insert(req: RestRequest, table: Table): Promise<Response> {
  const q = parseQuery(req.url.searchParams);
  const body = await readJsonBody(req.raw);
  const filtered = q.filters.length > 0 || q.logic.length > 0;
  if (filtered || q.order.length > 0 || q.limit !== null || q.offset !== 0) {
    throw unsupported('filtres, tri ou pagination sur une insertion');
  }
  const payload = payloadColumns(table, body.value, q.columns, body.text);
  const prefs = parsePrefer(req.headers, req.timezones);
  checkStrict(prefs);
  const media = negotiate(req.headers);
  const target = conflictTarget(table, prefs, q.onConflict);
  checkColumns(table, selectColumns(q));

  const params = new Params();
  const source = qualified(table.name);
  const merge =
    prefs.resolution === 'merge-duplicates' && target.length > 0 && payload.columns.length > 0;
  const cols = payload.columns.map(ident);
  let conflict = '';
  if (target.length > 0) {
    conflict = ` ON CONFLICT(${target.map(ident).join(', ')}) `;
    conflict += merge
      ? `DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')} WHERE ${COUNT_DOWN}`
      : 'DO NOTHING';
  }
  const primaryKey = table.columns.filter((c) => table.primaryKey.includes(c.name));
  const returning =
    prefs.return === 'representation'
      ? `${source}.*`
      : prefs.return === 'headers-only' && primaryKey.length > 0
        ? primaryKey.map((c) => `${source}.${ident(c.name)}`).join(', ')
        : '1';
  const mutation =
    `INSERT INTO ${source}${cols.length > 0 ? `(${cols.join(', ')})` : ''} ` +
    `SELECT ${cols.map((c) => `pgrst_body.${c}`).join(', ')} ` +
    `FROM ${payloadRowsSql(table, payload, params, prefs.missing === 'default')}` +
    `${merge ? ` WHERE ${COUNT_UP}` : ''}${conflict} RETURNING ${returning}`;
  const output =
    prefs.return === 'representation'
      ? projection('pgrst_source', q.select, table.columns)
      : projection('pgrst_source', null, primaryKey);
  const sql = aggregateSql(
    {
      with: `WITH pgrst_source AS (${mutation})`,
      page: 'pgrst_source',
      projection: output.list,
      rowBytes: output.rowBytes,
      shape:
        prefs.return === 'representation'
          ? media === 'object'
            ? 'object'
            : 'array'
          : prefs.return === 'headers-only'
            ? 'array'
            : 'none',
      total: null,
      maxBytes: req.limits.maxResponseBytes,
    },
    params,
  );

  const { result, inserted } = await req.db.asRequest(
    req.identity,
    async (tx) => {
      const { rows } = await tx.query<AggregateRow>(sql, params.values);
      const result = toResultSet(rows[0], req.limits.maxResponseBytes);
      if (media === 'object' && result.pageTotal !== 1) throw notSingular(result.pageTotal);
      if (!merge) return { result, inserted: result.pageTotal };
      const counted = await tx.query<{ n: unknown }>(
        "select nullif(current_setting('pgrst.inserted', true), '') as n",
      );
      return { result, inserted: Number(counted.rows[0]?.n ?? 0) };
    },
    { readOnly: false, timezone: prefs.timezone },
  );

  const representation = prefs.return === 'representation';
  const status = prefs.resolution === 'merge-duplicates' && inserted === 0 ? 200 : 201;
  const resolves = table.primaryKey.length > 0 || q.onConflict !== null;
  return respond(
    req.method,
    status,
    {
      Location: prefs.return === 'headers-only' ? location(table, result.body) : null,
      'Content-Range': contentRange(1, 0, prefs.count ? result.pageTotal : null),
      'Preference-Applied': appliedHeader(prefs, [
        ...(resolves ? (['resolution'] as const) : []),
        'missing',
        'return',
        'count',
        'handling',
        'timezone',
      ]),
      'Content-Type': representation ? contentType(media) : null,
    },
    representation ? result.body : null,
  );
}
