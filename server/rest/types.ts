/**
 * What this server knows about column types: which ones `select=col::type` may cast to, and how
 * big a value of each may be once in JSON (to refuse an oversized response before building it).
 */
import { unsupported } from './errors.ts';

/**
 * Casts a `select` may ask for, by the spellings Postgres accepts. PostgREST pastes the name into
 * its SQL; here the request's spelling is only looked up, and our own spelling is what runs.
 */
const CASTS: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  'character varying': 'varchar',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float8: 'double precision',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
};

const normalize = (type: string) => type.trim().toLowerCase().replace(/\s+/g, ' ');

/** The SQL name of a cast the request asks for, or a clear refusal. */
export function castType(requested: string): string {
  const type = CASTS[normalize(requested)];
  if (!type) {
    throw unsupported(
      `conversion vers le type « ${requested} » dans select`,
      `Types acceptés : ${[...new Set(Object.values(CASTS))].join(', ')}.`,
    );
  }
  return type;
}

// Upper bounds of a value's JSON text for fixed-size types.
const FIXED: Record<string, number> = {
  smallint: 6,
  int2: 6,
  integer: 11,
  int4: 11,
  bigint: 20,
  int8: 20,
  oid: 10,
  real: 15,
  float4: 15,
  'double precision': 24,
  float8: 24,
  boolean: 5,
  bool: 5,
  uuid: 38,
  date: 13,
  'timestamp with time zone': 35,
  timestamptz: 35,
  'timestamp without time zone': 30,
  timestamp: 30,
  'time without time zone': 20,
  time: 20,
  'time with time zone': 26,
  timetz: 26,
};

const TEXT = new Set(['text', 'character varying', 'varchar', 'character', 'bpchar', 'name']);

/**
 * SQL estimating the JSON size of `expr`, a value of `type` (as `format_type` or `pg_type`
 * names it). Text is measured with `octet_length`, which reads the stored length without
 * detoasting; json is text inside; other types are rendered.
 */
export function sizeEstimate(expr: string, type: string): string {
  const base = normalize(type).replace(/\(.*\)/, '');
  const fixed = FIXED[base];
  if (fixed !== undefined) return String(fixed);
  if (TEXT.has(base)) return `coalesce(octet_length(${expr}) + 2, 4)`;
  if (base === 'bytea') return `coalesce(octet_length(${expr}) * 2 + 4, 4)`;
  if (base === 'json') return `coalesce(octet_length(${expr}::text), 4)`;
  return `coalesce(octet_length(${expr}::text) + 2, 4)`;
}
