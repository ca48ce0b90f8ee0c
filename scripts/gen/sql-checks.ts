import { FORMATS } from './formats.ts';
import type { JsonSchema } from './load.ts';
import { toPostgresRegex } from './regex.ts';

/** A SQL string literal. */
export const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const jsonLit = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;
/** A JSON number as a SQL numeric constant. */
const num = (value: number) => `(${JSON.stringify(value)})::numeric`;

const TYPE_WORDS: Record<string, string> = {
  string: 'un texte',
  boolean: 'vrai ou faux',
  number: 'un nombre',
  integer: 'un nombre entier',
  object: 'un objet',
  array: 'une liste',
  null: 'vide',
};

const JSONB_TYPES: Record<string, string> = {
  string: 'string',
  boolean: 'boolean',
  number: 'number',
  integer: 'number',
  object: 'object',
  array: 'array',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'une adresse e-mail valide',
  uri: 'une adresse web valide (https://…)',
  'uri-reference': 'une adresse web ou un chemin valide',
  date: 'une date valide (AAAA-MM-JJ)',
  'date-time': 'une date et heure valide',
};

/** What the database says of a value refused by one of the patterns our schemas use. */
const PATTERN_WORDS: Record<string, string> = {
  '\\S': ' est obligatoire.',
  '^https://': ' doit commencer par https://.',
};

/** Thrown for a schema the database check cannot enforce; the message is French. */
export class SchemaError extends Error {}

function numberOf(node: JsonSchema, keyword: string): number | undefined {
  const value = node[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new SchemaError(`« ${keyword} » doit être un nombre`);
  }
  return value;
}

/**
 * The checks of one value's own keywords (type, enum, const, lengths, format, pattern, bounds,
 * item and field counts, unique items) as `[condition, message]` pairs of SQL text: `value` is a
 * jsonb expression, null when the value is absent (then no condition holds), `label` a text one.
 * Lengths count characters (code points), as PostgreSQL's char_length does and as the generated
 * validators are made to (scripts/gen/validators.ts). A node's `x-message` (an annotation, which
 * ajv never sees) replaces the message of every one of its own checks and combinators.
 */
export function keywordChecks(node: JsonSchema, value: string, label: string): [string, string][] {
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const text = `(${value} #>> '{}')`;
  const when: [string, string][] = [];
  // A node's own French sentence, when the generic one would not help a visitor.
  const own = typeof node['x-message'] === 'string' ? node['x-message'] : undefined;
  const say = (words: string) => (own ? lit(own) : `${label} || ${lit(words)}`);

  if (types.length) {
    for (const t of types) {
      if (typeof t !== 'string' || !(t in JSONB_TYPES))
        throw new SchemaError(`type inconnu ${JSON.stringify(t)}`);
    }
    const jsonb = [...new Set(types.map((t) => JSONB_TYPES[t]!))];
    const words = types.map((t) => TYPE_WORDS[t]!).join(' ou ');
    when.push([
      `jsonb_typeof(${value}) not in (${jsonb.map(lit).join(', ')})`,
      say(` doit être ${words}.`),
    ]);
    if (types.includes('integer') && !types.includes('number')) {
      when.push([
        `jsonb_typeof(${value}) = 'number' and (${value})::numeric % 1 <> 0`,
        say(' doit être un nombre entier.'),
      ]);
    }
  }
  if (node.enum !== undefined) {
    if (!Array.isArray(node.enum) || node.enum.length === 0)
      throw new SchemaError('« enum » doit être une liste non vide');
    // jsonb equality is JSON equality: numbers by value, objects whatever their key order.
    const allowed = node.enum.map((v) => jsonLit(v)).join(', ');
    when.push([
      `${value} is not null and ${value} not in (${allowed})`,
      say(` doit valoir ${node.enum.map((v) => JSON.stringify(v)).join(', ')}.`),
    ]);
  }
  if ('const' in node) {
    when.push([
      `${value} is not null and ${value} <> ${jsonLit(node.const)}`,
      say(` doit valoir ${JSON.stringify(node.const)}.`),
    ]);
  }

  const isString = `jsonb_typeof(${value}) = 'string'`;
  const minLength = numberOf(node, 'minLength');
  if (minLength !== undefined) {
    when.push([
      `${isString} and char_length(${text}) < ${minLength}`,
      say(
        minLength === 1 ? ' est obligatoire.' : ` doit contenir au moins ${minLength} caractères.`,
      ),
    ]);
  }
  const maxLength = numberOf(node, 'maxLength');
  if (maxLength !== undefined) {
    when.push([
      `${isString} and char_length(${text}) > ${maxLength}`,
      say(` doit contenir au plus ${maxLength} caractères.`),
    ]);
  }
  if (node.format !== undefined) {
    const format = typeof node.format === 'string' ? FORMATS[node.format] : undefined;
    if (!format) throw new SchemaError(`format non pris en charge : ${String(node.format)}`);
    when.push([
      `${isString} and not (${text} ~ ${lit(toPostgresRegex(format.pattern, format.flags))})`,
      say(` doit être ${FORMAT_WORDS[node.format as string] ?? 'au bon format'}.`),
    ]);
  }
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== 'string') throw new SchemaError('« pattern » doit être un texte');
    when.push([
      `${isString} and not (${text} ~ ${lit(toPostgresRegex(node.pattern))})`,
      say(PATTERN_WORDS[node.pattern] ?? " n'a pas le format attendu."),
    ]);
  }

  const isNumber = `jsonb_typeof(${value}) = 'number'`;
  const bounds: [string, string, string][] = [
    ['minimum', '<', 'supérieur ou égal à'],
    ['maximum', '>', 'inférieur ou égal à'],
    ['exclusiveMinimum', '<=', 'strictement supérieur à'],
    ['exclusiveMaximum', '>=', 'strictement inférieur à'],
  ];
  for (const [keyword, refused, words] of bounds) {
    const bound = numberOf(node, keyword);
    if (bound === undefined) continue;
    when.push([
      `${isNumber} and (${value})::numeric ${refused} ${num(bound)}`,
      say(` doit être ${words} ${bound}.`),
    ]);
  }
  const multipleOf = numberOf(node, 'multipleOf');
  if (multipleOf !== undefined) {
    if (multipleOf <= 0) throw new SchemaError('« multipleOf » doit être positif');
    when.push([
      `${isNumber} and not private.json_multiple_of((${value})::numeric, ${JSON.stringify(multipleOf)}::float8)`,
      say(` doit être un multiple de ${multipleOf}.`),
    ]);
  }

  const isArray = `jsonb_typeof(${value}) = 'array'`;
  const minItems = numberOf(node, 'minItems');
  if (minItems !== undefined) {
    when.push([
      `${isArray} and jsonb_array_length(${value}) < ${minItems}`,
      say(` doit contenir au moins ${minItems} éléments.`),
    ]);
  }
  const maxItems = numberOf(node, 'maxItems');
  if (maxItems !== undefined) {
    when.push([
      `${isArray} and jsonb_array_length(${value}) > ${maxItems}`,
      say(` doit contenir au plus ${maxItems} éléments.`),
    ]);
  }
  if (node.uniqueItems === true) {
    when.push([
      `${isArray} and (select count(*) <> count(distinct x) from jsonb_array_elements(${value}) as x)`,
      say(' ne doit pas contenir deux fois le même élément.'),
    ]);
  }

  const isObject = `jsonb_typeof(${value}) = 'object'`;
  const minProperties = numberOf(node, 'minProperties');
  if (minProperties !== undefined) {
    when.push([
      `${isObject} and (select count(*) from jsonb_object_keys(${value})) < ${minProperties}`,
      say(` doit contenir au moins ${minProperties} champs.`),
    ]);
  }
  const maxProperties = numberOf(node, 'maxProperties');
  if (maxProperties !== undefined) {
    when.push([
      `${isObject} and (select count(*) from jsonb_object_keys(${value})) > ${maxProperties}`,
      say(` doit contenir au plus ${maxProperties} champs.`),
    ]);
  }
  return when;
}

/**
 * The helper behind `multipleOf`, with ajv's arithmetic (`multipleOfPrecision`, see
 * scripts/gen/validators.ts): the quotient in double precision, a multiple when it is within
 * 1e-9 of an integer. Where JavaScript's quotient overflows or underflows (Infinity, 0: ajv then
 * accepts), PostgreSQL raises an error instead, which here means the same acceptance.
 */
export const MULTIPLE_OF_FUNCTION = `create or replace function private.json_multiple_of(x numeric, m float8) returns boolean
language plpgsql immutable
set search_path = ''
as $fn$
declare
  q float8;
begin
  q := x::float8 / m;
  return abs(round(q) - q) <= 1e-9;
exception when numeric_value_out_of_range then
  return true;
end
$fn$;`;
