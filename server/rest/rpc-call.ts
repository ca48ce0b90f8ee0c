/** Finding the function a /rpc request names, reading its arguments, and the SQL that calls it. */
import type { Routine } from './catalog.ts';
import { invalidJson, RestError } from './errors.ts';
import { readJsonBody } from './parse-headers.ts';
import type { RestRequest } from './request.ts';
import { ident, type Params, qualified } from './sql.ts';

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function notFound(name: string, keys: string[], overloads: Routine[]): RestError {
  const sorted = [...keys].sort();
  const fn = `public.${name}`;
  const message = sorted.length === 0 ? `${fn} without parameters` : `${fn}(${sorted.join(', ')})`;
  const searched =
    sorted.length === 0 ? 'without parameters' : `with parameters ${sorted.join(', ')}`;
  const candidate = overloads[0];
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${message} in the schema cache`,
    `Searched for the function ${fn} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    candidate && sorted.length > 0
      ? `Perhaps you meant to call the function ${fn}(${candidate.params.map((p) => p.name).join(', ')})`
      : null,
  );
}

/** The overload whose named parameters cover the keys given, and whose required ones are all given. */
export function pickRoutine(name: string, overloads: Routine[], keys: string[]): Routine {
  const found = overloads.find((r) => {
    const names = new Set(r.params.map((p) => p.name));
    return (
      keys.every((k) => names.has(k)) &&
      r.params.every((p) => p.hasDefault || keys.includes(p.name))
    );
  });
  if (!found) throw notFound(name, keys, overloads);
  return found;
}

/** The arguments: the JSON body for POST, the query parameters named like parameters for GET. */
export async function readArgs(
  req: RestRequest,
  overloads: Routine[],
): Promise<{ text: string; keys: string[] }> {
  if (req.method === 'POST') {
    const body = await readJsonBody(req.raw, '{}');
    const value = Array.isArray(body.value) ? (body.value[0] ?? {}) : body.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidJson();
    return { text: body.text, keys: Object.keys(value) };
  }
  const names = new Set(overloads.flatMap((r) => r.params.map((p) => p.name)));
  const args: Record<string, string> = {};
  for (const [key, value] of req.url.searchParams)
    if (names.has(key) && !RESERVED.has(key)) args[key] = value;
  return { text: JSON.stringify(args), keys: Object.keys(args) };
}

/**
 * PostgREST's `callPlanToQuery`. `returning` lists the result columns to keep (all when null), so
 * that naming an unknown one fails in Postgres as it does behind PostgREST.
 */
export function callSql(
  routine: Routine,
  keys: string[],
  argsText: string,
  params: Params,
  returning: string[] | null,
): string {
  const fn = qualified(routine.name);
  const args = routine.params.filter((p) => keys.includes(p.name));
  const scalar = routine.returns !== 'composite' && routine.returns !== 'setof-composite';
  const argList = args.map((p) => `${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', ');
  const call = scalar
    ? `(SELECT ${fn}(${argList}) pgrst_scalar) pgrst_call`
    : `${fn}(${argList}) pgrst_call`;
  const select = scalar
    ? 'pgrst_call.pgrst_scalar'
    : returning === null
      ? 'pgrst_call.*'
      : returning.map((c) => `pgrst_call.${ident(c)}`).join(', ');
  if (args.length === 0) return `SELECT ${select} FROM ${call}`;
  const typed = args.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  return (
    `SELECT ${select} FROM (SELECT ${params.add(argsText)}::json AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT ${args.map((p) => ident(p.name)).join(', ')} FROM json_to_record(` +
    `CASE WHEN json_typeof(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data->0 ELSE pgrst_payload.json_data END` +
    `) AS _(${typed})) pgrst_body, LATERAL ${call}`
  );
}
