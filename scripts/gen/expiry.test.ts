import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from './index.ts';
import { expiringFields } from './expiry.ts';
import { loadSchemas, type JsonSchema } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A copy of what the generator reads and writes, to change without touching the project. */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-gen-expiry-'));
  for (const part of ['schemas', 'supabase/migrations', 'src/content/generated']) {
    await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  return dir;
}

async function editSchema(dir: string, name: string, edit: (schema: JsonSchema) => void) {
  const file = path.join(dir, 'schemas', `${name}.schema.json`);
  const schema = JSON.parse(await readFile(file, 'utf8')) as JsonSchema;
  edit(schema);
  await writeFile(file, JSON.stringify(schema, null, 2));
}

/** Every field of every content schema with its format, `$ref`s followed (list items as `*`). */
function formattedFields(schema: JsonSchema): { path: string[]; node: JsonSchema }[] {
  const resolve = (node: JsonSchema): JsonSchema => {
    const name = typeof node.$ref === 'string' ? node.$ref.split('/').pop()! : undefined;
    return name ? { ...resolve(schema.definitions![name]!), ...node } : node;
  };
  const walk = (node: JsonSchema, at: string[]): { path: string[]; node: JsonSchema }[] =>
    Object.entries(node.properties ?? {}).flatMap(([key, declared]) => {
      const child = resolve(declared);
      const here = [...at, key];
      const item = child.items ? resolve(child.items) : undefined;
      return [
        { path: here, node: child },
        ...walk(child, here),
        ...(item ? walk(item, [...here, '*']) : []),
      ];
    });
  return walk(schema, []);
}

describe('"x-expires" in the schemas', () => {
  it('lists exactly the annotated fields, each with its format, in the generated module', async () => {
    const schemas = await loadSchemas(ROOT);
    const annotated = schemas
      .filter((s) => s.kind === 'content')
      .flatMap((s) =>
        formattedFields(s.schema)
          .filter(({ node }) => node['x-expires'] === true)
          .map(({ path, node }) => ({ type: s.name, path, format: node.format })),
      );
    expect(annotated.length).toBeGreaterThan(0);
    expect(expiringFields(schemas)).toEqual(annotated);
  });

  it('on a date-time field too; the annotation alone changes neither the database check nor the validators', async () => {
    const dir = await projectCopy();
    await editSchema(dir, 'hero', (schema) => {
      schema.properties!.offerEnds = { type: 'string', format: 'date-time', 'x-expires': true };
    });
    await generate(dir, false);
    const before = await generate(dir, true);
    expect(before).toEqual([]);
    const module = await readFile(path.join(dir, 'src/content/generated/expiry.ts'), 'utf8');
    expect(module).toMatch(
      /"type": "hero",\s+"path": \[\s+"offerEnds"\s+\],\s+"format": "date-time"/,
    );

    // Only the annotation changes: the admin form declarations and the list, never a migration.
    await editSchema(dir, 'hero', (schema) => {
      delete schema.properties!.offerEnds!['x-expires'];
    });
    expect((await generate(dir, true)).sort()).toEqual([
      'src/content/generated/expiry.ts',
      'src/content/generated/forms.ts',
    ]);
  });

  it('refuses it on a field that is not a date, or inside a list without maxItems', async () => {
    const dir = await projectCopy();
    await editSchema(dir, 'hero', (schema) => {
      (schema.properties!.heading as JsonSchema)['x-expires'] = true;
    });
    await expect(generate(dir, true)).rejects.toThrow(
      /hero \(heading\) : « x-expires » va sur un champ au format date ou date-time/,
    );

    const other = await projectCopy();
    await editSchema(other, 'hours', (schema) => {
      delete schema.properties!.closures!.maxItems;
    });
    await expect(generate(other, true)).rejects.toThrow(
      /hours \(closures\) : une liste qui contient un champ « x-expires » doit avoir un maxItems/,
    );
  });
});
