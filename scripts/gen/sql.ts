import { FORMATS } from './formats.ts';
import type { JsonSchema, LoadedSchema } from './load.ts';

/**
 * Compiles the subset of JSON Schema our schemas use (types, required, properties,
 * additionalProperties: false, minLength/maxLength, pattern, format, enum, minItems/maxItems,
 * items, local $ref) into one SQL expression per content type that yields the first problem as a
 * French sentence, or null. The same rules as the generated validators, enforced by the database
 * on hosted Supabase and on the self-hosted server alike.
 */

const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const jsonLit = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;

interface Context {
  root: JsonSchema;
  depth: number;
}

function resolve(node: JsonSchema, ctx: Context): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const match = /^#\/definitions\/(.+)$/.exec(ref);
  const target = match && ctx.root.definitions?.[match[1]!];
  if (!target) throw new Error(`Référence non prise en charge : ${ref}`);
  return target;
}

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

/** SQL text expressions, each null or a problem; `value` is a jsonb expression, `label` a text one. */
function problems(nodeIn: JsonSchema, value: string, label: string, ctx: Context): string[] {
  const node = resolve(nodeIn, ctx);
  const out: string[] = [];
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
  if (when.length) out.push(`case ${when.map(([c, m]) => `when ${c} then ${m}`).join(' ')} end`);

  const isObject = `jsonb_typeof(${value}) = 'object'`;
  for (const key of node.required ?? []) {
    const title = resolve(node.properties?.[key] ?? {}, ctx).title ?? key;
    out.push(
      `case when ${isObject} and not (${value} ? ${lit(key)}) then ${fieldLabel(label, title)} || ' est obligatoire.' end`,
    );
  }
  if (node.additionalProperties === false && node.properties) {
    const known = Object.keys(node.properties).map(lit).join(', ');
    out.push(
      `case when ${isObject} then (select ${label} || ' : champ inconnu « ' || k || ' ».' from jsonb_object_keys(${value}) as k where k not in (${known}) limit 1) end`,
    );
  }
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const title = resolve(child, ctx).title ?? key;
    out.push(...problems(child, `(${value} -> ${lit(key)})`, fieldLabel(label, title), ctx));
  }
  if (node.items && !Array.isArray(node.items)) {
    const alias = `e${ctx.depth}`;
    // At the top of a list-shaped content, items are named by their own title ("Section n°3").
    const base = label === "''" ? lit(resolve(node.items, ctx).title ?? 'Élément') : label;
    const inner = problems(node.items, `${alias}.v`, `${base} || ' n°' || ${alias}.i`, {
      ...ctx,
      depth: ctx.depth + 1,
    });
    if (inner.length) {
      const first = inner.length === 1 ? inner[0]! : `coalesce(${inner.join(', ')})`;
      out.push(
        `case when ${isArray} then (select p from jsonb_array_elements(${value}) with ordinality as ${alias}(v, i), lateral (select ${first} as p) as q${ctx.depth} where p is not null limit 1) end`,
      );
    }
  }
  return out;
}

function fieldLabel(parent: string, title: string): string {
  const field = lit(`« ${title} »`);
  return parent === "''" ? field : `${parent} || ' : ' || ${field}`;
}

export function contentChecksMigration(schemas: LoadedSchema[]): string {
  const content = schemas.filter((s) => s.kind === 'content');
  const functions = content.map(({ name, schema }) => {
    const exprs = problems(schema, 'c', "''", { root: schema, depth: 1 });
    const body = exprs.length === 1 ? exprs[0]! : `coalesce(\n    ${exprs.join(',\n    ')}\n  )`;
    return `create or replace function private.content_problem_${name.replace(/-/g, '_')}(c jsonb) returns text
language sql immutable
set search_path = ''
as $fn$
  select ${body}
$fn$;`;
  });
  const cases = content
    .map(
      ({ name }) =>
        `    when ${lit(name)} then private.content_problem_${name.replace(/-/g, '_')}(content)`,
    )
    .join('\n');
  return `-- Generated by \`npm run gen\` from schemas/*.schema.json: do not edit.
-- The database refuses site_content rows that do not match their type's schema, with a French
-- message naming the field, on hosted Supabase and on the self-hosted server alike.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

${functions.join('\n\n')}

create or replace function private.site_content_problem(type text, content jsonb) returns text
language sql immutable
set search_path = ''
as $fn$
  select case type
${cases}
    else 'type de contenu inconnu.'
  end
$fn$;

-- Runs as its owner so that writers need no rights on the private schema.
create or replace function private.check_site_content() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  problem text := private.site_content_problem(new.type, new.content);
begin
  if problem is not null then
    raise exception using
      errcode = '23514',
      message = format('Contenu « %s » refusé : %s', new.type, ltrim(problem, ' :')),
      hint = 'Corrigez ce champ puis enregistrez à nouveau.';
  end if;
  return new;
end
$fn$;
revoke execute on function private.check_site_content() from public, anon, authenticated;

drop trigger if exists site_content_check on public.site_content;
create trigger site_content_check before insert or update on public.site_content
  for each row execute function private.check_site_content();

alter table public.site_content drop constraint if exists site_content_type_known;
alter table public.site_content add constraint site_content_type_known
  check (type in (${content.map(({ name }) => lit(name)).join(', ')}));
`;
}
