import type { JsonSchema } from './load.ts';

/**
 * The JSON Schema keywords the generator knows, in three kinds. Annotations say things about a
 * value (for people, the admin form, other tools) and never make it valid or invalid: neither the
 * database check nor ajv looks at them, and every keyword starting with `x-` is one. Validation
 * keywords are all compiled into the database check. Any other keyword is refused by
 * `npm run gen`, naming it and its file: the database would otherwise silently accept what the
 * browser refuses. See docs/decisions/009-schema-driven-content.md.
 */
export const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
]);

export const VALIDATION = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
]);

/**
 * A rule that holds only in some cases (« an active pop-up needs a message »): `then` applies when
 * the value matches `if`, `else` when it does not. See docs/decisions/087-rules-across-fields.md.
 */
export const CONDITIONAL = new Set(['if', 'then', 'else']);

/** Keywords that only hold sub-schemas for `$ref` to point at. */
export const DEFINITIONS = new Set(['definitions', '$defs']);

export const isAnnotation = (keyword: string) =>
  ANNOTATIONS.has(keyword) || keyword.startsWith('x-');

/**
 * A schema without its `x-` keywords, at every level (property names are kept): what ajv compiles,
 * since its strict mode refuses keywords it does not know.
 */
export function withoutExtensions(node: JsonSchema): JsonSchema {
  return mapSchema(node, (keyword) => !keyword.startsWith('x-'));
}

/**
 * Copies `node` keeping the keywords `keep` accepts, recursing into every sub-schema position
 * (and only those: the keys of `properties` are names, never keywords).
 */
function mapSchema(node: JsonSchema, keep: (keyword: string) => boolean): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (!keep(keyword)) continue;
    out[keyword] = mapSubSchemas(keyword, value, (child) => mapSchema(child, keep));
  }
  return out;
}

/** Applies `fn` to the sub-schemas a keyword's value holds, leaving other values as they are. */
export function mapSubSchemas(
  keyword: string,
  value: unknown,
  fn: (child: JsonSchema) => JsonSchema,
): unknown {
  const isSchema = (v: unknown): v is JsonSchema =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (keyword === 'properties' || DEFINITIONS.has(keyword)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        isSchema(v) ? fn(v) : v,
      ]),
    );
  }
  if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') {
    return Array.isArray(value) ? value.map((v) => (isSchema(v) ? fn(v) : v)) : value;
  }
  if (CONDITIONAL.has(keyword) || ['items', 'additionalProperties', 'not'].includes(keyword)) {
    return isSchema(value) ? fn(value) : value;
  }
  return value;
}

/**
 * Every keyword of `schema` that is neither an annotation nor compiled into the database check,
 * with the JSON pointer of the schema holding it.
 */
export function unsupportedKeywords(schema: JsonSchema): { keyword: string; at: string }[] {
  const found: { keyword: string; at: string }[] = [];
  const visit = (node: JsonSchema, at: string) => {
    for (const [keyword, value] of Object.entries(node)) {
      if (isAnnotation(keyword)) continue;
      if (!VALIDATION.has(keyword) && !DEFINITIONS.has(keyword)) {
        found.push({ keyword, at: at || '/' });
        continue;
      }
      if (keyword === 'items' && Array.isArray(value)) {
        found.push({ keyword: 'items (liste de schémas)', at: at || '/' });
        continue;
      }
      mapSubSchemas(keyword, value, (child) => {
        visit(child, `${at}/${keyword}${subPath(keyword, value, child)}`);
        return child;
      });
    }
  };
  visit(schema, '');
  return found;
}

function subPath(keyword: string, value: unknown, child: JsonSchema): string {
  if (Array.isArray(value)) return `/${value.indexOf(child)}`;
  if (keyword === 'properties' || DEFINITIONS.has(keyword)) {
    const entry = Object.entries(value as Record<string, unknown>).find(([, v]) => v === child);
    return entry ? `/${entry[0]}` : '';
  }
  return '';
}
