import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export type JsonSchema = Record<string, unknown> & {
  $id?: string;
  title?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
  default?: unknown;
};

/**
 * `node` with the definition its `$ref` (`#/definitions/name`) names, followed to the end; the
 * annotations written beside the `$ref` (a title, `x-expires`…) win over the definition's.
 */
export function resolvedRef(node: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const name = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : root.definitions?.[name];
  if (!target) throw new Error(`"$ref" inconnu : ${ref}`);
  const { $ref: _ref, ...beside } = node;
  return { ...resolvedRef(target, root), ...beside };
}

export interface LoadedSchema {
  /** The content type (site_content.type) or form name: the file name, e.g. `hero`. */
  name: string;
  /** site_content types live in schemas/, other forms in schemas/forms/. */
  kind: 'content' | 'form';
  schema: JsonSchema;
  ui: Record<string, unknown>;
}

async function loadDir(dir: string, kind: LoadedSchema['kind']): Promise<LoadedSchema[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.schema.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      const name = file.replace(/\.schema\.json$/, '');
      const schema = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as JsonSchema;
      if (schema.$id !== name) throw new Error(`${file}: "$id" doit valoir "${name}".`);
      const uiFile = path.join(dir, `${name}.ui.json`);
      const ui = JSON.parse(await readFile(uiFile, 'utf8').catch(() => '{}')) as Record<
        string,
        unknown
      >;
      return { name, kind, schema, ui };
    }),
  );
}

export async function loadSchemas(root: string): Promise<LoadedSchema[]> {
  const dir = path.join(root, 'schemas');
  return [...(await loadDir(dir, 'content')), ...(await loadDir(path.join(dir, 'forms'), 'form'))];
}

/** `blog-post` → `BlogPost`, the stem of generated names. */
export function pascal(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

export function camel(name: string): string {
  const p = pascal(name);
  return p[0]!.toLowerCase() + p.slice(1);
}
