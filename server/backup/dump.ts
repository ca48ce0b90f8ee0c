import type { Tx } from '../db/database.ts';
import type { BackupTable } from './catalog.ts';

/**
 * Rows read per query: bounded memory, whatever the size of a table (a million visits). A batch
 * comes back as one text (its lines joined by Postgres), far cheaper to move than as many rows.
 */
const BATCH = 20_000;

/**
 * Every row of `table` as a line of JSON (`to_jsonb`, in UTC: the caller sets the time zone), in
 * primary-key order, read in batches along the key. Deterministic: the same rows give the same
 * lines on PGlite and on PostgreSQL, which is how a restore checks what it wrote.
 */
export async function dumpTable(
  tx: Tx,
  table: BackupTable,
  onLine: (line: string) => void | Promise<void>,
): Promise<number> {
  let count = 0;
  if (table.key.length === 0) {
    const { rows } = await tx.query<{ line: string }>(
      `select to_jsonb(t)::text as line from ${table.qualified} t order by 1`,
    );
    for (const row of rows) await onLine(row.line);
    return rows.length;
  }
  const key = table.key.map((k) => `t.${k}`).join(', ');
  let last: string | undefined;
  for (;;) {
    const after = last
      ? `where (${key}) > (select ${table.key.map((k) => `r.${k}`).join(', ')}
           from jsonb_populate_record(null::${table.qualified}, $1::jsonb) r)`
      : '';
    const { rows } = await tx.query<{ lines: string | null; n: number }>(
      `select string_agg(to_jsonb(t)::text, E'\n' order by ${key}) as lines, count(*)::int as n
         from (select * from ${table.qualified} t ${after} order by ${key} limit ${BATCH}) t`,
      last ? [last] : [],
    );
    const { lines, n } = rows[0] ?? { lines: null, n: 0 };
    const batch = lines === null ? [] : lines.split('\n');
    for (const line of batch) await onLine(line);
    count += n;
    if (n < BATCH) return count;
    last = batch.at(-1);
  }
}
