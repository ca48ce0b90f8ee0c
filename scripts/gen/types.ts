import { compile } from 'json-schema-to-typescript';
import { pascal, type JsonSchema, type LoadedSchema } from './load.ts';

/**
 * French titles are for people; type names come from file and definition names. Titles (and `x-`
 * annotations) are removed from a copy (json-schema-to-typescript would name types after them) and set to the
 * English names we want.
 */
function retitle(schema: JsonSchema, rootName: string): JsonSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        // Annotations too: beside a `$ref`, one would make the field a type of its own.
        if (key === 'title' || key === 'default' || key.startsWith('x-')) continue;
        out[key] =
          key === 'properties' || key === 'definitions' ? mapValues(value, strip) : strip(value);
      }
      return out;
    }
    return node;
  };
  const copy = strip(schema) as JsonSchema;
  copy.title = rootName;
  for (const [key, definition] of Object.entries(copy.definitions ?? {})) {
    definition.title = pascal(key);
  }
  return copy;
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}

export function typeName({ name, kind }: LoadedSchema): string {
  return `${pascal(name)}${kind === 'content' ? 'Content' : 'Form'}`;
}

export async function typesModule(schemas: LoadedSchema[]): Promise<string> {
  const parts: string[] = [];
  for (const loaded of schemas) {
    const ts = await compile(retitle(loaded.schema, typeName(loaded)) as never, typeName(loaded), {
      bannerComment: '',
      additionalProperties: false,
      format: false,
      strictIndexSignatures: true,
      // A list's bounds are the validators' business: as tuples (the default), a list of at most
      // three items is a union of four fixed-length types, and code that adds an item to one
      // does not compile. See docs/decisions/055-lists-are-arrays.md.
      ignoreMinAndMaxItems: true,
    });
    parts.push(ts.trim());
  }
  const content = schemas.filter((s) => s.kind === 'content');
  parts.push(
    [
      '/** Every site_content type and the shape of its content. */',
      'export interface ContentByType {',
      ...content.map((s) => `  ${JSON.stringify(s.name)}: ${typeName(s)};`),
      '}',
      'export type ContentType = keyof ContentByType;',
    ].join('\n'),
  );
  return parts.join('\n\n') + '\n';
}
