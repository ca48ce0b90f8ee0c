import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../scripts/gen/formats.ts';
import { loadSchemas, type JsonSchema } from '../../scripts/gen/load.ts';
import { TABLE_CHECKS } from '../../scripts/gen/sql.ts';
import { DocumentMaker } from './schema-documents.ts';

// The differential test (schema-check-diff.test.ts) builds valid documents from each schema; a
// field whose pattern or format its random text seldom matches needs valid `examples` to build
// them from, as the README's steps for adding a type say. Without them, that test fails for want
// of valid documents; this one names the field.

const ROOT = path.resolve(import.meta.dirname, '../..');
const checked = (await loadSchemas(ROOT)).filter(
  (s) => s.kind === 'content' || s.name in TABLE_CHECKS,
);

/** Every subschema of `node` with its JSON pointer. */
function* nodes(node: unknown, at: string): Generator<[JsonSchema, string]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) yield* nodes(child, `${at}/${i}`);
    return;
  }
  const schema = node as JsonSchema;
  yield [schema, at || '/'];
  for (const key of ['properties', 'definitions', '$defs']) {
    for (const [name, child] of Object.entries((schema[key] ?? {}) as Record<string, unknown>)) {
      yield* nodes(child, `${at}/${key}/${name}`);
    }
  }
  for (const key of [
    'items',
    'additionalProperties',
    'allOf',
    'anyOf',
    'oneOf',
    'not',
    'if',
    'then',
    'else',
  ]) {
    yield* nodes(schema[key], `${at}/${key}`);
  }
}

/** Whether `value` matches the node's own pattern and format (its other rules aside). */
function matches(node: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const format = typeof node.format === 'string' ? FORMATS[node.format] : undefined;
  const rules = [
    ...(typeof node.pattern === 'string' ? [new RegExp(node.pattern, 'u')] : []),
    ...(format ? [new RegExp(format.pattern, `${format.flags}u`)] : []),
  ];
  return rules.every((rule) => rule.test(value));
}

const TRIES = 400;

describe.each(checked.map((s) => [s.name, s] as const))('%s', (_name, loaded) => {
  it('lets the document maker fill each field with a pattern or a format, else gives examples', () => {
    const seldom: string[] = [];
    for (const [node, at] of nodes(loaded.schema, '')) {
      if (typeof node.pattern !== 'string' && typeof node.format !== 'string') continue;
      const maker = new DocumentMaker(loaded.schema, 7);
      let valid = 0;
      for (let i = 0; i < TRIES; i++) if (matches(node, maker.document(node))) valid++;
      if (valid < TRIES / 5) seldom.push(`${at} : ${valid} valeurs valides sur ${TRIES}`);
      for (const example of Array.isArray(node.examples) ? node.examples : []) {
        if (!matches(node, example)) seldom.push(`${at} : exemple invalide ${String(example)}`);
      }
    }
    expect(seldom).toEqual([]);
  });
});
