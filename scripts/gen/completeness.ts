import { resolvedRef, type JsonSchema, type LoadedSchema } from './load.ts';
import type { FieldRule } from '../../src/content/completeness-rules.ts';

/**
 * What a site must say and what still reads like an example, declared beside each field in the
 * schemas (docs/decisions/056-what-is-missing.md):
 * - `"x-legal": true` marks a field the law asks the site to show (the legal notice's items);
 *   `"x-legal": { "unlessLegalForm": "<regex>" }` exempts it when the identity's legal form
 *   matches (a sole trader has no share capital);
 * - `"x-placeholder": { "pattern": "<regex>" }` recognises the example value shipped as the
 *   default, which a fresh site must not publish as fact.
 * The generator lists those fields per content type; src/content/completeness.ts reads the list.
 */
/**
 * The rules of `node`'s fields, and of the fields of its objects and of its lists' objects (a
 * list's item is the path segment `*`: each item of the content is checked).
 */
function rulesOf(
  node: JsonSchema,
  path: string[],
  titles: string[],
  out: FieldRule[],
  root: JsonSchema,
): void {
  for (const [key, declared] of Object.entries(node.properties ?? {})) {
    const child = resolvedRef(declared, root);
    const here = [...path, key];
    const named = [...titles, child.title ?? key];
    const legal = child['x-legal'];
    const placeholder = child['x-placeholder'] as { pattern?: unknown } | undefined;
    if (legal !== undefined || placeholder !== undefined) {
      if (placeholder !== undefined && typeof placeholder.pattern !== 'string') {
        throw new Error(`${here.join('.')}: "x-placeholder" doit être { "pattern": "…" }.`);
      }
      const unless =
        typeof legal === 'object' && legal !== null
          ? (legal as { unlessLegalForm?: unknown }).unlessLegalForm
          : undefined;
      out.push({
        path: here,
        titles: named,
        legal: legal !== undefined && legal !== false,
        ...(typeof unless === 'string' && { unlessLegalForm: unless }),
        ...(placeholder && { placeholder: placeholder.pattern as string }),
      });
    }
    if (child.type === 'object') rulesOf(child, here, named, out, root);
    const item = child.type === 'array' && child.items ? resolvedRef(child.items, root) : undefined;
    if (item?.type === 'object') rulesOf(item, [...here, '*'], named, out, root);
  }
}

export function completenessModule(schemas: LoadedSchema[], banner: string): string {
  const entries = schemas
    .filter((s) => s.kind === 'content')
    .map((s) => {
      const rules: FieldRule[] = [];
      rulesOf(s.schema, [], [], rules, s.schema);
      return [s.name, rules] as const;
    })
    .filter(([, rules]) => rules.length > 0);
  return [
    banner,
    "import type { FieldRule } from '../completeness-rules.ts';",
    '',
    '/** Per content type, its fields the law asks for or whose default is an example. */',
    `export const FIELD_RULES: Record<string, FieldRule[]> = ${JSON.stringify(Object.fromEntries(entries), null, 2)};`,
    '',
  ].join('\n');
}
