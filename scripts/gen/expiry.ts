import { resolvedRef, type JsonSchema, type LoadedSchema } from './load.ts';
import type { ExpiringField } from '../../src/content/expiry.ts';

/**
 * Content that ends on its own, declared beside its field in the schemas
 * (docs/decisions/088-content-that-expires.md): `"x-expires": true` on a `date` field (the content
 * ends with that day in Paris) or a `date-time` one (it ends at that instant). The generator lists
 * those fields per content type; the server's page cache keeps no page past the earliest end it
 * shows (src/content/expiry.ts). The list is read on every render, so every list on a field's way
 * must be bounded (`maxItems`): its work then never grows with the data.
 */

function fieldsOf(
  type: string,
  node: JsonSchema,
  path: string[],
  root: JsonSchema,
  out: ExpiringField[],
  problems: string[],
): void {
  for (const [key, declared] of Object.entries(node.properties ?? {})) {
    const child = resolvedRef(declared, root);
    const here = [...path, key];
    const where = `${type} (${here.join('.')})`;
    const expires = child['x-expires'];
    if (expires !== undefined) {
      const format = child.format;
      if (expires !== true) problems.push(`${where} : « x-expires » doit valoir true.`);
      else if (child.type !== 'string' || (format !== 'date' && format !== 'date-time'))
        problems.push(`${where} : « x-expires » va sur un champ au format date ou date-time.`);
      else out.push({ type, path: here, format });
    }
    if (child.type === 'object') fieldsOf(type, child, here, root, out, problems);
    const item = child.type === 'array' && child.items ? resolvedRef(child.items, root) : undefined;
    if (!item) continue;
    const inner: ExpiringField[] = [];
    if (item['x-expires'] !== undefined)
      problems.push(`${where} : « x-expires » va sur un champ, pas sur un élément de liste.`);
    if (item.type === 'object') fieldsOf(type, item, [...here, '*'], root, inner, problems);
    if (inner.length > 0 && typeof child.maxItems !== 'number')
      problems.push(
        `${where} : une liste qui contient un champ « x-expires » doit avoir un maxItems.`,
      );
    out.push(...inner);
  }
}

/** Every declared expiring field, in schema order; throws with French problems. */
export function expiringFields(schemas: LoadedSchema[]): ExpiringField[] {
  const out: ExpiringField[] = [];
  const problems: string[] = [];
  for (const { name, kind, schema } of schemas) {
    const fields: ExpiringField[] = [];
    fieldsOf(name, schema, [], schema, fields, problems);
    if (fields.length > 0 && kind !== 'content')
      problems.push(`${name} : « x-expires » est réservé aux contenus du site.`);
    out.push(...fields);
  }
  if (problems.length)
    throw new Error(`Champs « x-expires » mal déclarés :\n- ${problems.join('\n- ')}`);
  return out;
}

export function expiryModule(schemas: LoadedSchema[], banner: string): string {
  return [
    banner,
    "import type { ExpiringField } from '../expiry.ts';",
    '',
    '/** The fields whose content ends at a date or an instant (`"x-expires": true` in schemas/). */',
    `export const EXPIRING_FIELDS: readonly ExpiringField[] = ${JSON.stringify(expiringFields(schemas), null, 2)};`,
    '',
  ].join('\n');
}
