import { isAnnotation, unsupportedKeywords } from './keywords.ts';
import { keywordChecks, lit, MULTIPLE_OF_FUNCTION, SchemaError } from './sql-checks.ts';
import type { JsonSchema, LoadedSchema } from './load.ts';
import { RegexError } from './regex.ts';

/**
 * Compiles each schema into one SQL function `(c jsonb) returns text` that yields the first
 * problem of a document as a French sentence naming the field, or null: every validation keyword
 * of scripts/gen/keywords.ts, the same rules as the generated validators, enforced by the database
 * on hosted Supabase and on the self-hosted server alike. The differential test
 * (tests/integration/schema-check-diff.test.ts) holds the two to the same verdicts. See
 * docs/decisions/009-schema-driven-content.md.
 */

/**
 * Forms whose documents are rows of a table: the database checks those rows with the form's
 * schema. The row's document has one field per schema property, from the column of that name
 * (a null column is a JSON null). Every insert is checked, and every update of a document column
 * but those of `notEdits`: publishing a post (its dates, which the column type already keeps
 * valid) must never be blocked by a row stored before a rule existed.
 */
export const TABLE_CHECKS: Record<string, { table: string; refused: string; notEdits: string[] }> =
  {
    'blog-post': {
      table: 'blog_posts',
      refused: 'Article refusé',
      notEdits: ['published_at', 'scheduled_at'],
    },
    // What a visitor typed is never edited afterwards: checked on insert, and on any update of it.
    request: { table: 'requests', refused: 'Demande refusée', notEdits: [] },
  };

interface Context {
  root: JsonSchema;
  depth: number;
}

const DEFINITION_REF = /^#\/(definitions|\$defs)\/([^/]+)$/;

function resolve(node: JsonSchema, ctx: Context): JsonSchema {
  const ref = node.$ref;
  if (ref === undefined) return node;
  // Annotations may sit beside a `$ref`; a validation keyword there is refused, not guessed at.
  const siblings = Object.keys(node).filter((k) => k !== '$ref' && !isAnnotation(k));
  if (siblings.length) throw new SchemaError(`« ${siblings[0]} » à côté de « $ref »`);
  const match = typeof ref === 'string' ? DEFINITION_REF.exec(ref) : null;
  const defs = match ? (ctx.root[match[1]!] as Record<string, JsonSchema> | undefined) : undefined;
  const target = match && defs?.[match[2]!];
  if (!target) throw new SchemaError(`référence non prise en charge : ${String(ref)}`);
  return resolve(target, ctx);
}

/** The first problem of many (SQL text expressions, each null or a problem), or null. */
function first(exprs: string[]): string {
  if (exprs.length === 0) return 'null::text';
  return exprs.length === 1 ? exprs[0]! : `coalesce(${exprs.join(', ')})`;
}

/** SQL text expressions, each null or a problem; `value` is a jsonb expression, `label` a text one. */
function problems(
  nodeIn: JsonSchema | boolean,
  value: string,
  label: string,
  ctx: Context,
): string[] {
  if (nodeIn === true) return [];
  if (nodeIn === false)
    return [`case when ${value} is not null then ${label} || ' n''est pas permis.' end`];
  const node = resolve(nodeIn, ctx);
  const out: string[] = [];
  const when = keywordChecks(node, value, label);
  if (when.length) out.push(`case ${when.map(([c, m]) => `when ${c} then ${m}`).join(' ')} end`);

  const isObject = `jsonb_typeof(${value}) = 'object'`;
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  // The node's own sentence (its `x-message`) covers its missing fields and its combinators too,
  // as the form shows it (src/content/errors.ts).
  const own = typeof node['x-message'] === 'string' ? lit(node['x-message']) : undefined;
  for (const key of (node.required as string[] | undefined) ?? []) {
    const title = titleOf(properties[key], key, ctx);
    out.push(
      `case when ${isObject} and not (${value} ? ${lit(key)}) then ${own ?? `${fieldLabel(label, title)} || ' est obligatoire.'`} end`,
    );
  }
  const extra = node.additionalProperties as JsonSchema | boolean | undefined;
  if (extra !== undefined && extra !== true) {
    const known = Object.keys(properties);
    const unknown = (key: string) =>
      known.length ? `${key} not in (${known.map(lit).join(', ')})` : 'true';
    if (extra === false) {
      out.push(
        `case when ${isObject} then (select ${label} || ' : champ inconnu « ' || k || ' ».' from jsonb_object_keys(${value}) as k where ${unknown('k')} limit 1) end`,
      );
    } else {
      const alias = `f${ctx.depth}`;
      const inner = problems(
        extra,
        `${alias}.value`,
        `${label} || ' : « ' || ${alias}.key || ' »'`,
        {
          ...ctx,
          depth: ctx.depth + 1,
        },
      );
      if (inner.length) {
        out.push(
          `case when ${isObject} then (select p from jsonb_each(${value}) as ${alias}, lateral (select ${first(inner)} as p) as q${ctx.depth} where ${unknown(`${alias}.key`)} and p is not null limit 1) end`,
        );
      }
    }
  }
  for (const [key, child] of Object.entries(properties)) {
    const title = titleOf(child, key, ctx);
    out.push(...problems(child, `(${value} -> ${lit(key)})`, fieldLabel(label, title), ctx));
  }
  if (node.items !== undefined) {
    const items = node.items as JsonSchema | boolean;
    const alias = `e${ctx.depth}`;
    // At the top of a list-shaped content, items are named by their own title ("Section n°3").
    const base = label === "''" ? lit(titleOf(items, 'Élément', ctx)) : label;
    const inner = problems(items, `${alias}.v`, `${base} || ' n°' || ${alias}.i`, {
      ...ctx,
      depth: ctx.depth + 1,
    });
    if (inner.length) {
      out.push(
        `case when jsonb_typeof(${value}) = 'array' then (select p from jsonb_array_elements(${value}) with ordinality as ${alias}(v, i), lateral (select ${first(inner)} as p) as q${ctx.depth} where p is not null limit 1) end`,
      );
    }
  }

  // Combinators: each branch's first problem, null when the value matches it. An absent value
  // (null) matches every branch and is left to `required`.
  const noMatch = own ?? `${label} || ' ne correspond à aucune des formes permises.'`;
  const branch = (sub: JsonSchema) =>
    first(problems(sub, value, label, { ...ctx, depth: ctx.depth + 1 }));
  for (const sub of (node.allOf as JsonSchema[] | undefined) ?? []) {
    out.push(...problems(sub, value, label, ctx));
  }
  if (node.anyOf !== undefined) {
    const all = (node.anyOf as JsonSchema[]).map((sub) => `(${branch(sub)}) is not null`);
    out.push(`case when ${value} is not null and ${all.join(' and ')} then ${noMatch} end`);
  }
  if (node.oneOf !== undefined) {
    const matching = (node.oneOf as JsonSchema[])
      .map((sub) => `((${branch(sub)}) is null)::int`)
      .join(' + ');
    out.push(
      `case when ${value} is not null then case ${matching} when 0 then ${noMatch} when 1 then null else ${own ?? `${label} || ' correspond à plusieurs formes à la fois.'`} end end`,
    );
  }
  // A conditional rule: `then`'s problems when the value matches `if`, `else`'s when it does not.
  if (node.if !== undefined) {
    const matches = `(${branch(node.if as JsonSchema)}) is null`;
    const sub = (key: 'then' | 'else') =>
      node[key] === undefined
        ? []
        : problems(node[key] as JsonSchema, value, label, { ...ctx, depth: ctx.depth + 1 });
    const [then, otherwise] = [sub('then'), sub('else')];
    if (then.length) {
      out.push(`case when ${value} is not null and ${matches} then ${first(then)} end`);
    }
    if (otherwise.length) {
      out.push(`case when ${value} is not null and not ${matches} then ${first(otherwise)} end`);
    }
  }
  if (node.not !== undefined) {
    out.push(
      `case when ${value} is not null and (${branch(node.not as JsonSchema)}) is null then ${own ?? `${label} || ' a une forme interdite.'`} end`,
    );
  }
  return out;
}

function titleOf(node: JsonSchema | boolean | undefined, fallback: string, ctx: Context): string {
  if (!node || typeof node !== 'object') return fallback;
  const own = typeof node.title === 'string' ? node.title : undefined;
  return own ?? (resolve(node, ctx).title as string | undefined) ?? fallback;
}

function fieldLabel(parent: string, title: string): string {
  const field = lit(`« ${title} »`);
  return parent === "''" ? field : `${parent} || ' : ' || ${field}`;
}

/** The file a schema comes from, for error messages. */
export function schemaFile({ name, kind }: LoadedSchema): string {
  return `schemas/${kind === 'form' ? 'forms/' : ''}${name}.schema.json`;
}

/**
 * The body of one schema's check function, or a French error naming the file when the schema
 * uses a keyword the check does not enforce.
 */
export function problemExpression(loaded: LoadedSchema): string {
  const where = schemaFile(loaded);
  const unsupported = unsupportedKeywords(loaded.schema);
  if (unsupported.length) {
    const list = unsupported.map(({ keyword, at }) => `« ${keyword} » (en ${at})`).join(', ');
    throw new Error(
      `${where} : mot-clé non pris en charge par le contrôle de la base de données : ${list}. ` +
        'Retirez-le, ou ajoutez-le au générateur (scripts/gen/sql.ts) et au test différentiel.',
    );
  }
  try {
    const exprs = problems(loaded.schema, 'c', "''", { root: loaded.schema, depth: 1 });
    return exprs.length <= 1 ? first(exprs) : `coalesce(\n    ${exprs.join(',\n    ')}\n  )`;
  } catch (error) {
    if (error instanceof SchemaError || error instanceof RegexError) {
      throw new Error(`${where} : ${error.message}.`, { cause: error });
    }
    throw error;
  }
}

const functionName = (prefix: string, name: string) =>
  `private.${prefix}_${name.replace(/-/g, '_')}`;
export const contentFunction = (name: string) => functionName('content_problem', name);
export const formFunction = (name: string) => functionName('form_problem', name);

function checkFunction(fn: string, body: string): string {
  return `create or replace function ${fn}(c jsonb) returns text
language sql immutable
set search_path = ''
as $fn$
  select ${body}
$fn$;
revoke execute on function ${fn}(jsonb) from public, anon, authenticated;`;
}

function tableCheck(loaded: LoadedSchema): string {
  const { table, refused, notEdits } = TABLE_CHECKS[loaded.name]!;
  const columns = Object.keys((loaded.schema.properties ?? {}) as Record<string, unknown>);
  const edits = columns.filter((c) => !notEdits.includes(c));
  const stem = loaded.name.replace(/-/g, '_');
  const document = columns.map((c) => `${lit(c)}, p.${c}`).join(', ');
  return `-- ${table}: each row, as the document of the « ${loaded.name} » form, must match its schema.
-- In UTC, a timestamp column reads the same whatever the session's time zone.
create or replace function private.${stem}_problem(p public.${table}) returns text
language sql stable
set search_path = ''
set timezone = 'UTC'
as $fn$
  select ${formFunction(loaded.name)}(jsonb_build_object(${document}))
$fn$;
revoke execute on function private.${stem}_problem(public.${table}) from public, anon, authenticated;

-- Runs as its owner so that writers need no rights on the private schema.
create or replace function private.check_${stem}() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  problem text := private.${stem}_problem(new);
begin
  if problem is not null then
    raise exception using
      errcode = '23514',
      message = ${lit(`${refused} : `)} || ltrim(problem, ' :'),
      hint = 'Corrigez ce champ puis enregistrez à nouveau.';
  end if;
  return new;
end
$fn$;
revoke execute on function private.check_${stem}() from public, anon, authenticated;

-- Only edits are checked again on update: a view count or a publication is not one.
drop trigger if exists ${table}_check on public.${table};
create trigger ${table}_check before insert or update of ${edits.join(', ')}
  on public.${table} for each row execute function private.check_${stem}();`;
}

export function contentChecksMigration(schemas: LoadedSchema[]): string {
  const content = schemas.filter((s) => s.kind === 'content');
  const tables = schemas.filter((s) => s.kind === 'form' && s.name in TABLE_CHECKS);
  const functions = [
    ...content.map((s) => checkFunction(contentFunction(s.name), problemExpression(s))),
    ...tables.map((s) => checkFunction(formFunction(s.name), problemExpression(s))),
  ];
  const cases = content
    .map(({ name }) => `    when ${lit(name)} then ${contentFunction(name)}(content)`)
    .join('\n');
  return `-- Generated by \`npm run gen\` from schemas/: do not edit.
-- The database refuses site_content rows that do not match their type's schema, and rows of the
-- tables that hold a form's documents (blog_posts) that do not match the form's schema, with a
-- French message naming the field, on hosted Supabase and on the self-hosted server alike.
-- See docs/decisions/009-schema-driven-content.md.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

${MULTIPLE_OF_FUNCTION}
revoke execute on function private.json_multiple_of(numeric, float8) from public, anon, authenticated;

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
${tables.length ? `\n${tables.map(tableCheck).join('\n\n')}\n` : ''}`;
}
