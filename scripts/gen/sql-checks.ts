import { FORMATS } from './formats.ts';
import type { JsonSchema } from './load.ts';

/** A SQL string literal. */
export const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const jsonLit = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;

const TYPE_WORDS: Record<string, string> = {
  string: 'un texte',
  boolean: 'vrai ou faux',
  number: 'un nombre',
  integer: 'un nombre entier',
  object: 'un objet',
  array: 'une liste',
  null: 'vide',
};

const JSONB_TYPES: Record<string, string[]> = {
  string: ['string'],
  boolean: ['boolean'],
  number: ['number'],
  integer: ['number'],
  object: ['object'],
  array: ['array'],
  null: ['null'],
};

/**
 * The checks of one value's own keywords (type, lengths, format, pattern, enum, item counts) as
 * `[condition, message]` pairs of SQL text: `value` is a jsonb expression, `label` a text one.
 */
export function keywordChecks(node: JsonSchema, value: string, label: string): [string, string][] {
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const text = `(${value} #>> '{}')`;
  const when: [string, string][] = [];

  if (types.length) {
    const jsonb = types.flatMap((t) => JSONB_TYPES[t] ?? []);
    const words = types.map((t) => TYPE_WORDS[t] ?? t).join(' ou ');
    when.push([
      `jsonb_typeof(${value}) not in (${jsonb.map(lit).join(', ')})`,
      `${label} || ' doit être ${words}.'`,
    ]);
    if (types.includes('integer')) {
      when.push([
        `jsonb_typeof(${value}) = 'number' and (${value})::numeric % 1 <> 0`,
        `${label} || ' doit être un nombre entier.'`,
      ]);
    }
  }
  const isString = `jsonb_typeof(${value}) = 'string'`;
  if (typeof node.minLength === 'number') {
    const message =
      node.minLength === 1
        ? `' est obligatoire.'`
        : lit(` doit contenir au moins ${node.minLength} caractères.`);
    when.push([
      `${isString} and char_length(${text}) < ${node.minLength}`,
      `${label} || ${message}`,
    ]);
  }
  if (typeof node.maxLength === 'number') {
    when.push([
      `${isString} and char_length(${text}) > ${node.maxLength}`,
      `${label} || ${lit(` doit contenir au plus ${node.maxLength} caractères.`)}`,
    ]);
  }
  if (typeof node.format === 'string') {
    const format = FORMATS[node.format];
    if (!format) throw new Error(`Format non pris en charge : ${node.format}`);
    const op = format.flags.includes('i') ? '~*' : '~';
    const what = {
      email: 'une adresse e-mail valide',
      uri: 'une adresse web valide (https://…)',
      'uri-reference': 'une adresse web ou un chemin valide',
      'date-time': 'une date et heure valide',
    }[node.format];
    when.push([
      `${isString} and not (${text} ${op} ${lit(format.pattern)})`,
      `${label} || ${lit(` doit être ${what ?? 'au bon format'}.`)}`,
    ]);
  }
  if (typeof node.pattern === 'string') {
    const message =
      node.pattern === '\\S' ? `' est obligatoire.'` : `' n''a pas le format attendu.'`;
    when.push([`${isString} and not (${text} ~ ${lit(node.pattern)})`, `${label} || ${message}`]);
  }
  if (Array.isArray(node.enum)) {
    const allowed = node.enum.map((v) => jsonLit(v)).join(', ');
    when.push([
      `${value} is not null and ${value} not in (${allowed})`,
      `${label} || ${lit(` doit valoir ${node.enum.map((v) => JSON.stringify(v)).join(', ')}.`)}`,
    ]);
  }
  const isArray = `jsonb_typeof(${value}) = 'array'`;
  if (typeof node.minItems === 'number') {
    when.push([
      `${isArray} and jsonb_array_length(${value}) < ${node.minItems}`,
      `${label} || ${lit(` doit contenir au moins ${node.minItems} éléments.`)}`,
    ]);
  }
  if (typeof node.maxItems === 'number') {
    when.push([
      `${isArray} and jsonb_array_length(${value}) > ${node.maxItems}`,
      `${label} || ${lit(` doit contenir au plus ${node.maxItems} éléments.`)}`,
    ]);
  }
  return when;
}
